import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { statistics: 'Statistics' },
    resources: {
        roles: { resources: { statistics: 'Statistics' } },
    },
    statistics: {
        title: 'Statistics',
        intro: 'Security events of %{account}',
        introBelow: 'Security events of %{account} and the accounts below it',
        empty: 'No security events in this period.',
        downloadCsv: 'Download CSV',
        downloadFailed: 'Error downloading the statistics',
        loadFailed: 'The statistics could not be read',
        total: '%{smart_count} event |||| %{smart_count} events',
        charts: {
            perDay: 'Events per day, by group',
            byType: 'Events by type',
            authVsIncidents: 'Authentications versus incidents',
            busiestHours: 'Busiest hours',
            perReader: 'Events per reader',
        },
        series: { authentications: 'Authentications', incidents: 'Incidents', events: 'Events' },
        hour: '%{hour}:00',
        noReader: 'No reader',
    },
};
export default en;
