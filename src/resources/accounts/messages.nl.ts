import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { accounts: 'Accountlijst', accountSettings: 'Accountinstellingen' },
    resources: {
        roles: { resources: { accounts: 'Accounts', branding: 'Merk' } },
        audit_logs: { resourceNames: { accounts: 'Accounts' } },
        accounts: {
            deleteTitle: 'Het account „%{name}” verwijderen?',
            name: 'Account |||| Accounts',
            fields: {
                name: 'Naam',
                ref_number: 'Referentienummer',
                type: 'Type',
                'address.email': 'E-mail',
                'address.country': 'Land',
                'address.city': 'Plaats',
                'address.zip': 'Postcode',
                'address.state': 'Provincie/regio',
                'address.street_address': 'Straat en huisnummer',
                'address.phone_number': 'Telefoonnummer',
                created_at: 'Aangemaakt',
                q: 'Zoeken',
            },
            create: 'Account aanmaken',
            edit: 'Account bewerken',
            sections: { details: 'Gegevens', features: 'Functies', login: 'Aanmeldvoorkeuren' },
            options: {
                'acs/enabled': 'Toegangscontroledienst (ACS-integratie)',
                'acs/opt_out_enabled': 'Biometrische opt-out',
                'acs/provider': 'ACS-leverancier',
                'ag/enabled': 'Toegangsgroepen',
                'enr/enabled': 'Webinschrijvingen',
                'prp/profiles': 'Bewaartermijn profielen (dagen)',
                'tfa/enabled': 'Tweestapsaanmelding voor de gebruikers van dit account',
            },
            optionsSaved: 'Accountinstellingen opgeslagen',
            main: 'Hoofdaccount van het platform',
        },
    },
};
export default nl;
