import type { Messages } from '../../plugins/types';

/** Texts of the API keys section of the account page, its right and its audit entries. */
const de: Messages = {
    resources: {
        api_keys: {
            section: 'API-Schlüssel',
            intro: 'Programme rufen die API der Plattform mit einem Schlüssel dieses Kontos im Header X-API-Key auf. Ein Schlüssel hat die Rechte seiner Rolle in diesem Konto (und, bei Rollen, die sie erreichen, in den untergeordneten Konten), wie ein Benutzer dieser Rolle. Widerrufen Sie einen Schlüssel, der nicht mehr verwendet wird oder offengelegt worden sein könnte.',
            empty: 'Dieses Konto hat keine API-Schlüssel.',
            never: 'Nie',
            neverUsed: 'Noch nicht verwendet',
            fields: {
                description: 'Beschreibung',
                role: 'Rolle',
                prefix: 'Schlüssel beginnt mit',
                created: 'Erstellt',
                expires_at: 'Läuft ab',
                last_used: 'Zuletzt verwendet',
                status: 'Status',
            },
            status: { active: 'Aktiv', expired: 'Abgelaufen', revoked: 'Widerrufen' },
            create: {
                open: 'API-Schlüssel erstellen',
                title: 'API-Schlüssel erstellen',
                run: 'Erstellen',
                descriptionHelp: 'Wofür der Schlüssel dient, z. B. das Programm, das ihn verwendet',
                tooLong: 'Höchstens %{max} Zeichen',
                roleHelp: 'Der Schlüssel erhält die Rechte dieser Rolle',
                expiryHelp: 'Optional: Der Schlüssel funktioniert nach diesem Tag nicht mehr',
                pastDay: 'Wählen Sie heute oder einen späteren Tag',
            },
            created: {
                title: 'API-Schlüssel erstellt',
                warning: 'Kopieren Sie den Schlüssel jetzt und bewahren Sie ihn sicher auf: Er wird nicht noch einmal angezeigt.',
                key: 'API-Schlüssel',
                copy: 'Schlüssel kopieren',
                copied: 'Schlüssel kopiert',
                usage: 'Senden Sie ihn im Header %{header} jeder Anfrage.',
                done: 'Fertig',
            },
            revoke: {
                run: 'Widerrufen',
                label: '%{description} widerrufen',
                confirmTitle: 'API-Schlüssel %{description} widerrufen?',
                confirmContent:
                    'Programme, die diesen Schlüssel verwenden, werden ab sofort abgewiesen. Dies kann nicht rückgängig gemacht werden.',
            },
            revoked: 'API-Schlüssel %{description} widerrufen',
            createFailed: 'Der API-Schlüssel konnte nicht erstellt werden',
            revokeFailed: 'Der API-Schlüssel konnte nicht widerrufen werden',
        },
        roles: { resources: { apiKeys: 'API-Schlüssel' } },
        audit_logs: { resourceNames: { apiKeys: 'API-Schlüssel' }, actionNames: { revoke: 'Widerrufen' } },
    },
};
export default de;
