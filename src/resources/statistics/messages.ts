import type { Messages } from '../../plugins/types';

export const statisticsMessages: { en: Messages; fr: Messages } = {
    en: {
        statistics: {
            title: 'Statistics',
            intro: 'Security events of %{account}',
            introBelow: 'Security events of %{account} and the accounts below it',
            includeBelow: 'Include the accounts below',
            empty: 'No security events in this period.',
            downloadCsv: 'Download CSV',
            downloadFailed: 'Error downloading the statistics',
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
    },
    fr: {
        statistics: {
            title: 'Statistiques',
            intro: 'Événements de sécurité de %{account}',
            introBelow: 'Événements de sécurité de %{account} et des comptes rattachés',
            includeBelow: 'Inclure les comptes rattachés',
            empty: 'Aucun événement de sécurité sur cette période.',
            downloadCsv: 'Télécharger en CSV',
            downloadFailed: 'Erreur lors du téléchargement des statistiques',
            total: '%{smart_count} événement |||| %{smart_count} événements',
            charts: {
                perDay: 'Événements par jour, par groupe',
                byType: 'Événements par type',
                authVsIncidents: 'Authentifications et incidents',
                busiestHours: 'Heures les plus chargées',
                perReader: 'Événements par lecteur',
            },
            series: { authentications: 'Authentifications', incidents: 'Incidents', events: 'Événements' },
            hour: '%{hour} h',
            noReader: 'Sans lecteur',
        },
    },
};
