import type { Messages } from '../../plugins/types';

const it: Messages = {
    menu: { statistics: 'Statistiche' },
    resources: {
        roles: { resources: { statistics: 'Statistiche' } },
    },
    statistics: {
        title: 'Statistiche',
        intro: 'Eventi di sicurezza di %{account}',
        introBelow: 'Eventi di sicurezza di %{account} e degli account sottostanti',
        empty: 'Nessun evento di sicurezza in questo periodo.',
        downloadCsv: 'Scarica CSV',
        downloadFailed: 'Errore durante il download delle statistiche',
        loadFailed: 'Impossibile leggere le statistiche',
        total: '%{smart_count} evento |||| %{smart_count} eventi',
        charts: {
            perDay: 'Eventi al giorno, per gruppo',
            byType: 'Eventi per tipo',
            authVsIncidents: 'Autenticazioni e incidenti a confronto',
            busiestHours: 'Ore di maggiore affluenza',
            perReader: 'Eventi per lettore',
        },
        series: { authentications: 'Autenticazioni', incidents: 'Incidenti', events: 'Eventi' },
        hour: '%{hour}:00',
        noReader: 'Nessun lettore',
    },
};
export default it;
