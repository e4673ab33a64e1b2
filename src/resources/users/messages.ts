import type { Messages } from '../../plugins/types';

export const userMessages: { en: Messages; fr: Messages } = {
    en: {
        resources: {
            users: {
                name: 'User |||| Users',
                fields: {
                    name: 'Name',
                    email: 'Email',
                    username: 'Username',
                    role: 'Role',
                    'account.id': 'Account',
                    account: 'Account',
                    external_user: 'External user',
                    tfa_enabled: 'Two-factor',
                    created_at: 'Created',
                    password: 'Password',
                    confirm: 'Confirm password',
                    current_password: 'Current password',
                    q: 'Search',
                },
                create: 'Create user',
                edit: 'Edit user',
                passwordHelp: 'Leave empty to keep the current password.',
                newUserPasswordHelp: 'A temporary password: the user chooses their own at first sign-in.',
                ownRole: 'You cannot change your own role.',
                adminWarning: {
                    title: 'Platform administrator role selected',
                    content: 'The platform administrator can see and change every account of the platform. Are you sure?',
                    proceed: 'Proceed',
                },
                tfaReset: 'Reset two-factor login',
                tfaResetDone: 'two-factor login reset successfully',
                tfaResetFailed: 'An error occurred while resetting 2FA Login. Please try again.',
            },
        },
    },
    fr: {
        resources: {
            users: {
                name: 'Utilisateur |||| Utilisateurs',
                fields: {
                    name: 'Nom',
                    email: 'E-mail',
                    username: 'Identifiant',
                    role: 'Rôle',
                    'account.id': 'Compte',
                    account: 'Compte',
                    external_user: 'Utilisateur externe',
                    tfa_enabled: 'Deux facteurs',
                    created_at: 'Créé le',
                    password: 'Mot de passe',
                    confirm: 'Confirmer le mot de passe',
                    current_password: 'Mot de passe actuel',
                    q: 'Recherche',
                },
                create: 'Créer un utilisateur',
                edit: 'Modifier l’utilisateur',
                passwordHelp: 'Laissez vide pour conserver le mot de passe actuel.',
                newUserPasswordHelp: 'Mot de passe provisoire : l’utilisateur choisira le sien à la première connexion.',
                ownRole: 'Vous ne pouvez pas changer votre propre rôle.',
                adminWarning: {
                    title: 'Rôle d’administrateur de la plateforme sélectionné',
                    content: 'L’administrateur de la plateforme voit et modifie tous les comptes de la plateforme. Êtes-vous sûr ?',
                    proceed: 'Continuer',
                },
                tfaReset: 'Réinitialiser la connexion à deux facteurs',
                tfaResetDone: 'connexion à deux facteurs réinitialisée',
                tfaResetFailed: 'Une erreur est survenue lors de la réinitialisation de la connexion 2FA. Veuillez réessayer.',
            },
        },
    },
};
