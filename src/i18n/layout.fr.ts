import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const fr: Messages = {
    menu: { dashboard: 'Tableau de bord' },
    resources: {
        roles: { resources: { dashboard: 'Tableau de bord' } },
    },
    layout: {
        customerAccount: 'Compte client',
        backToMyAccount: 'Retour à mon compte',
        version: 'Version %{version}',
        accountType: { platform: 'Plateforme', dealer: 'Revendeur', customer: 'Client' },
        switch: {
            button: 'Changer de compte',
            title: 'Changer de compte',
            search: 'Rechercher un compte',
            accounts: 'Comptes',
            mine: 'mon compte',
            current: 'actuel',
            none: 'Aucun compte ne correspond.',
            failed: 'Les comptes n’ont pas pu être chargés.',
            ownActive: 'Compte revendeur %{account} actif',
            active: '%{account} actif',
            modalText:
                'Vous travaillez maintenant dans %{account}. Les listes, paramètres et nouveaux éléments appartiennent à ce compte jusqu’au prochain changement.',
        },
        userMenu: { settings: 'Paramètres', language: 'Langue', logout: 'Se déconnecter', shortcuts: 'Raccourcis clavier' },
        shortcuts: {
            title: 'Raccourcis clavier',
            help: 'Afficher cette liste',
            search: 'Rechercher',
            goTo: 'Aller à : %{screen}',
            create: 'Ajouter une ligne à la liste affichée',
            close: 'Fermer cette liste',
        },
        failure: { text: 'Désolé, la page est momentanément indisponible.', refresh: 'Actualiser' },
        diskLow: {
            writesRefused:
                "Le serveur manque d'espace disque (%{free} libres sur %{total} ; %{reserve} sont gardés en réserve). Rien de nouveau ne peut être enregistré, téléversé ni reçu des lecteurs tant que de l'espace n'est pas libéré ; les lecteurs gardent leurs événements et les enverront plus tard. Supprimer d'anciens firmwares ou événements libère de l'espace.",
            imagesPaused:
                "Le serveur commence à manquer d'espace disque (%{free} libres sur %{total}). Les événements sont enregistrés sans leurs images tant que de l'espace n'est pas libéré.",
        },
    },
    time: {
        seconds: 'il y a %{smart_count} s',
        minutes: 'il y a %{smart_count} min',
        oneHour: 'il y a 1 heure',
        hours: 'il y a %{smart_count} heures',
        days: 'il y a 1 jour |||| il y a %{smart_count} jours',
    },
};
export default fr;
