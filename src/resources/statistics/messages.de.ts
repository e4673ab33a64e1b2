import type { Messages } from '../../plugins/types';

const de: Messages = {
    menu: { statistics: 'Statistik' },
    resources: {
        roles: { resources: { statistics: 'Statistik' } },
    },
    statistics: {
        title: 'Statistik',
        intro: 'Sicherheitsereignisse von %{account}',
        introBelow: 'Sicherheitsereignisse von %{account} und den untergeordneten Konten',
        empty: 'Keine Sicherheitsereignisse in diesem Zeitraum.',
        downloadCsv: 'CSV herunterladen',
        downloadFailed: 'Fehler beim Herunterladen der Statistik',
        loadFailed: 'Die Statistik konnte nicht gelesen werden',
        total: '%{smart_count} Ereignis |||| %{smart_count} Ereignisse',
        charts: {
            perDay: 'Ereignisse pro Tag, nach Gruppe',
            byType: 'Ereignisse nach Typ',
            authVsIncidents: 'Authentifizierungen und Vorfälle im Vergleich',
            busiestHours: 'Stärkste Stunden',
            perReader: 'Ereignisse pro Lesegerät',
        },
        series: { authentications: 'Authentifizierungen', incidents: 'Vorfälle', events: 'Ereignisse' },
        hour: '%{hour}:00',
        noReader: 'Kein Lesegerät',
    },
};
export default de;
