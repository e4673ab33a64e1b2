import type { Messages } from '../../plugins/types';

const nl: Messages = {
    menu: { statistics: 'Statistieken' },
    resources: {
        roles: { resources: { statistics: 'Statistieken' } },
    },
    statistics: {
        title: 'Statistieken',
        intro: 'Beveiligingsgebeurtenissen van %{account}',
        introBelow: 'Beveiligingsgebeurtenissen van %{account} en de onderliggende accounts',
        empty: 'Geen beveiligingsgebeurtenissen in deze periode.',
        downloadCsv: 'CSV downloaden',
        downloadFailed: 'Fout bij het downloaden van de statistieken',
        loadFailed: 'De statistieken konden niet worden gelezen',
        total: '%{smart_count} gebeurtenis |||| %{smart_count} gebeurtenissen',
        charts: {
            perDay: 'Gebeurtenissen per dag, per groep',
            byType: 'Gebeurtenissen per type',
            authVsIncidents: 'Authenticaties tegenover incidenten',
            busiestHours: 'Drukste uren',
            perReader: 'Gebeurtenissen per lezer',
        },
        series: { authentications: 'Authenticaties', incidents: 'Incidenten', events: 'Gebeurtenissen' },
        hour: '%{hour}:00',
        noReader: 'Geen lezer',
    },
};
export default nl;
