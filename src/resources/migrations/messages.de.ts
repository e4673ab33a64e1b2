import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { migrations: 'Migrationen' },
    resources: {
        roles: { resources: { migrations: 'Migrationen' } },
    },
    migrations: {
        title: 'Systemmigrationen',
        intro: 'Was Server an der Datenbank ändern: ihr Schema und die Daten, die jeder Server anlegt. Ein Server wendet sie beim Start selbst an; diese Ansicht zeigt, wo die Datenbank steht.',
        states: { applied: 'Angewendet', pending: 'Ausstehend', done: 'Erledigt' },
        notRecorded: 'Nicht aufgezeichnet',
        ahead: {
            title: 'Die Datenbank hat %{smart_count} Migration, die dieser Server nicht kennt |||| Die Datenbank hat %{smart_count} Migrationen, die dieser Server nicht kennt',
            text: 'Eine neuere Version des Servers hat sie ausgeführt. Aktualisieren Sie diesen Server auf diese Version: Ein älterer Server funktioniert mit dem neueren Schema möglicherweise nicht.',
        },
        schema: {
            title: 'Schemamigrationen',
            applied_count: '%{smart_count} angewendet |||| %{smart_count} angewendet',
            pending_count: '%{smart_count} ausstehend |||| %{smart_count} ausstehend',
            index: '#',
            tag: 'Migration',
            written: 'Geschrieben am',
            applied: 'Angewendet am',
            version: 'Angewendet von Version',
            state: 'Zustand',
        },
        data: {
            title: 'Datenmigrationen',
            intro: 'Was jeder Server beim Start neben dem Schema in die Datenbank schreibt, jeweils mit einer Prüfung, dass es vorhanden ist.',
            description: 'Beschreibung',
            state: 'Zustand',
            detail: 'Detail',
            descriptions: {
                'predefined-card-formats': 'Die vordefinierten Kartenformate, bei jedem Start hinzugefügt und aktuell gehalten',
                'platform-identity':
                    'Die ID der Plattform (von ihren Sicherungen genannt) und ihr Schlüssel zum Signieren von Tokens, beim ersten Start erzeugt',
            },
        },
    },
};
export default de;
