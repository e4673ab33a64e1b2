import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { auditLogs: 'Audit-Protokoll' },
    resources: {
        roles: { resources: { auditLogs: 'Audit-Protokoll' } },
        audit_logs: {
            name: 'Audit-Protokoll |||| Audit-Protokoll',
            listEmpty: 'Jede Änderung in der Konsole oder über die API wird hier festgehalten, mit Urheber und Zeitpunkt.',
            fields: {
                timestamp: 'Zeit',
                user_name: 'Benutzer',
                action: 'Aktion',
                resource: 'Ressource',
                entity: 'Element',
                entity_id: 'Element-ID',
                account_name: 'Konto',
                request_id: 'Anfrage-ID',
                date_from: 'Zeitraum',
                q: 'Suche',
            },
            details: 'Audit-Eintrag',
            before: 'Vorher',
            after: 'Nachher',
            // The platform's own entries and those of features not in the console yet: each feature names its entries.
            resourceNames: {
                system: 'Systemverwaltung',
                profiles: 'Profile',
            },
            actionNames: {
                create: 'Erstellen',
                update: 'Ändern',
                delete: 'Löschen',
                login: 'Anmeldung',
                logout: 'Abmeldung',
                read: 'Lesen',
                reset_password: 'Zurücksetzen des Passworts',
                reset_password_requested: 'Zurücksetzen des Passworts angefordert',
                email_taken: 'Adresse eines anderen Kontos versucht',
                grant_access: 'Zutritt gewähren',
                revoke_access: 'Zutritt entziehen',
            },
            ranges: { today: 'Heute', last3Days: 'Letzte 3 Tage', last15Days: 'Letzte 15 Tage', lastMonth: 'Letzter Monat' },
        },
    },
};
export default de;
