import type { Messages } from '../../plugins/types';

const fr: Messages = {
    menu: { auditLogs: 'Journal d’audit' },
    resources: {
        roles: { resources: { auditLogs: 'Journal d’audit' } },
        audit_logs: {
            name: 'Journal d’audit |||| Journal d’audit',
            listEmpty: 'Chaque modification faite dans la console ou par l’API est enregistrée ici, avec son auteur et sa date.',
            fields: {
                timestamp: 'Date',
                user_name: 'Utilisateur',
                action: 'Action',
                resource: 'Ressource',
                entity: 'Entité',
                entity_id: 'ID de l’entité',
                account_name: 'Compte',
                request_id: 'ID de requête',
                date_from: 'Période',
                q: 'Recherche',
            },
            details: 'Entrée du journal',
            before: 'Avant',
            after: 'Après',
            // The platform's own entries and those of features not in the console yet: each feature names its entries.
            resourceNames: {
                system: 'Gestionnaire système',
                profiles: 'Profils',
            },
            actionNames: {
                create: 'Création',
                update: 'Modification',
                delete: 'Suppression',
                login: 'Connexion',
                logout: 'Déconnexion',
                read: 'Lecture',
                reset_password: 'Réinitialisation du mot de passe',
                reset_password_requested: 'Réinitialisation du mot de passe demandée',
                email_taken: "Adresse d'un autre compte essayée",
                grant_access: 'Accès accordé',
                revoke_access: 'Accès retiré',
            },
            ranges: { today: 'Aujourd’hui', last3Days: '3 derniers jours', last15Days: '15 derniers jours', lastMonth: 'Dernier mois' },
        },
    },
};
export default fr;
