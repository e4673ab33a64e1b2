import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const fr: Messages = {
    app: {
        name: 'Console d’accès',
        ok: 'OK',
        confirmDelete: { title: 'Supprimer « %{name} » ?', content: 'Cette action est irréversible.' },
        export: 'Exporter',
        exports: {
            nothing: 'Rien à exporter : aucune ligne ne correspond aux filtres actuels.',
            notAllowed: 'Votre rôle (%{role}) ne permet pas d’exporter cette liste.',
        },
        lists: {
            account: 'Compte',
            allAccounts: 'Tous mes comptes',
            nothingYet: 'Rien ici pour l’instant.',
            noMatch: 'Rien ne correspond à ces filtres.',
            clearFilters: 'Effacer les filtres',
        },
        yes: 'Oui',
        no: 'Non',
        roles: {
            admin: 'Administrateur de la plateforme',
            dealer: 'Administrateur revendeur',
            installer: 'Installateur',
            moderator: 'Administrateur du compte',
            manager: 'Gestionnaire du compte',
            user: 'Utilisateur du compte',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Comptes',
            permissions: 'Autorisations',
            deviceManagement: 'Gestion des appareils',
            profiles: 'Profils',
            systemManager: 'Gestion du système',
        },
    },
};
export default fr;
