import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { accounts: 'Kontenliste', accountSettings: 'Kontoeinstellungen' },
    resources: {
        roles: { resources: { accounts: 'Konten', branding: 'Marke' } },
        audit_logs: { resourceNames: { accounts: 'Konten' } },
        accounts: {
            deleteTitle: 'Das Konto „%{name}“ löschen?',
            name: 'Konto |||| Konten',
            fields: {
                name: 'Name',
                ref_number: 'Referenznummer',
                type: 'Typ',
                'address.email': 'E-Mail',
                'address.country': 'Land',
                'address.city': 'Ort',
                'address.zip': 'PLZ',
                'address.state': 'Bundesland/Region',
                'address.street_address': 'Straße und Hausnummer',
                'address.phone_number': 'Telefonnummer',
                created_at: 'Erstellt',
                q: 'Suche',
            },
            create: 'Konto erstellen',
            edit: 'Konto bearbeiten',
            sections: { details: 'Details', features: 'Funktionen', login: 'Anmeldeeinstellungen' },
            options: {
                'acs/enabled': 'Zutrittskontrolldienst (ACS-Integration)',
                'acs/opt_out_enabled': 'Biometrie-Opt-out',
                'acs/provider': 'ACS-Anbieter',
                'ag/enabled': 'Zutrittsgruppen',
                'enr/enabled': 'Web-Erfassungen',
                'prp/profiles': 'Aufbewahrung der Profile (Tage)',
                'tfa/enabled': 'Zwei-Faktor-Anmeldung für die Benutzer dieses Kontos',
            },
            optionsSaved: 'Kontoeinstellungen gespeichert',
            main: 'Hauptkonto der Plattform',
        },
    },
};
export default de;
