import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { users: 'Utilisateurs' },
    resources: {
        roles: { resources: { users: 'Utilisateurs' } },
        audit_logs: { resourceNames: { users: 'Utilisateurs' } },
        users: {
            deleteTitle: 'Supprimer l’utilisateur « %{name} » ?',
            name: 'Utilisateur |||| Utilisateurs',
            listEmpty:
                'Chaque personne qui se connecte à cette console est un utilisateur d’un compte, avec un rôle. Créez-en un pour chaque personne qui travaille dans le compte.',
            emailPending: 'Utilisateur modifié',
            emailPendingText: 'Un lien de confirmation a été envoyé à %{email}. Votre adresse change quand vous l’ouvrez.',
            confirmEmail: {
                title: 'Confirmez votre nouvelle adresse e-mail',
                confirming: 'Confirmation…',
                done: 'Votre adresse e-mail est changée. Connectez-vous désormais avec elle.',
                signIn: 'Se connecter',
            },
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
};
export default fr;
