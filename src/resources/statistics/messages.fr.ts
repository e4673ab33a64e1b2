import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { statistics: 'Statistiques' },
    resources: {
        roles: { resources: { statistics: 'Statistiques' } },
    },
    statistics: {
        title: 'Statistiques',
        intro: 'Événements de sécurité de %{account}',
        introBelow: 'Événements de sécurité de %{account} et des comptes rattachés',
        empty: 'Aucun événement de sécurité sur cette période.',
        downloadCsv: 'Télécharger en CSV',
        downloadFailed: 'Erreur lors du téléchargement des statistiques',
        loadFailed: 'Les statistiques n’ont pas pu être lues',
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
};
export default fr;
