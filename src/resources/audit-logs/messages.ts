import type { Messages } from '../../plugins/types';

export const auditLogMessages: { en: Messages; fr: Messages } = {
    en: {
        resources: {
            audit_logs: {
                name: 'Audit Log |||| Audit Log',
                fields: {
                    timestamp: 'Time',
                    user_name: 'User',
                    action: 'Action',
                    resource: 'Resource',
                    entity: 'Entity',
                    entity_id: 'Entity ID',
                    account_name: 'Account',
                    request_id: 'Request ID',
                    date_from: 'Period',
                    q: 'Search',
                },
                details: 'Audit entry',
                before: 'Before',
                after: 'After',
                ranges: { today: 'Today', last3Days: 'Last 3 days', last15Days: 'Last 15 days', lastMonth: 'Last month' },
            },
        },
    },
    fr: {
        resources: {
            audit_logs: {
                name: 'Journal d’audit |||| Journal d’audit',
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
                ranges: { today: 'Aujourd’hui', last3Days: '3 derniers jours', last15Days: '15 derniers jours', lastMonth: 'Dernier mois' },
            },
        },
    },
};
