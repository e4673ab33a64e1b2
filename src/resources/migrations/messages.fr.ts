import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { migrations: 'Migrations' },
    resources: {
        roles: { resources: { migrations: 'Migrations' } },
    },
    migrations: {
        title: 'Migrations du système',
        intro: 'Ce que les serveurs modifient dans la base de données : son schéma, et les données que chaque serveur met en place. Un serveur les applique lui-même au démarrage ; cet écran montre où en est la base.',
        states: { applied: 'Appliquée', pending: 'En attente', done: 'Faite' },
        notRecorded: 'Non enregistrée',
        ahead: {
            title: 'La base de données contient %{smart_count} migration que ce serveur ne connaît pas |||| La base de données contient %{smart_count} migrations que ce serveur ne connaît pas',
            text: 'Une version plus récente du serveur les a exécutées. Mettez ce serveur à jour vers cette version : un serveur plus ancien peut ne pas fonctionner avec le nouveau schéma.',
        },
        schema: {
            title: 'Migrations du schéma',
            applied_count: '%{smart_count} appliquée |||| %{smart_count} appliquées',
            pending_count: '%{smart_count} en attente |||| %{smart_count} en attente',
            index: 'N°',
            tag: 'Migration',
            written: 'Écrite le',
            applied: 'Appliquée le',
            version: 'Appliquée par la version',
            state: 'État',
        },
        data: {
            title: 'Migrations des données',
            intro: 'Ce que chaque serveur met dans la base de données au démarrage, à côté du schéma, chacune avec une vérification de sa présence.',
            description: 'Description',
            state: 'État',
            detail: 'Détail',
            descriptions: {
                'predefined-card-formats': 'Les formats de carte prédéfinis, ajoutés et tenus à jour à chaque démarrage',
                'platform-identity':
                    'L’identifiant de la plateforme (que nomment ses sauvegardes) et sa clé de signature des jetons, créés au premier démarrage',
            },
        },
    },
};
export default fr;
