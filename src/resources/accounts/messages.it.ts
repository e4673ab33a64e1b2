import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { accounts: 'Elenco account', accountSettings: 'Impostazioni account' },
    resources: {
        roles: { resources: { accounts: 'Account', branding: 'Marchio' } },
        audit_logs: { resourceNames: { accounts: 'Account' } },
        accounts: {
            deleteTitle: 'Eliminare l’account «%{name}»?',
            name: 'Account |||| Account',
            fields: {
                name: 'Nome',
                ref_number: 'Numero di riferimento',
                type: 'Tipo',
                'address.email': 'E-mail',
                'address.country': 'Paese',
                'address.city': 'Città',
                'address.zip': 'CAP',
                'address.state': 'Provincia',
                'address.street_address': 'Indirizzo',
                'address.phone_number': 'Numero di telefono',
                created_at: 'Creato il',
                q: 'Cerca',
            },
            create: 'Crea account',
            edit: 'Modifica account',
            sections: { details: 'Dettagli', features: 'Funzionalità', login: 'Preferenze di accesso' },
            options: {
                'acs/enabled': 'Servizio di controllo accessi (integrazione ACS)',
                'acs/opt_out_enabled': 'Rinuncia alla biometria',
                'acs/provider': 'Provider ACS',
                'ag/enabled': 'Gruppi di accesso',
                'enr/enabled': 'Registrazioni web',
                'prp/profiles': 'Conservazione dei profili (giorni)',
                'tfa/enabled': 'Accesso a due fattori per gli utenti di questo account',
            },
            optionsSaved: 'Impostazioni dell’account salvate',
            main: 'Account principale della piattaforma',
        },
    },
};
export default it;
