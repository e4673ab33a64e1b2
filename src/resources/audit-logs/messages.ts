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
                resourceNames: {
                    accounts: 'Accounts', users: 'Users', system: 'System Manager', devices: 'Devices', readers: 'Readers', accessGroups: 'Access groups',
                    profiles: 'Profiles', cardFormats: 'Card formats', artifacts: 'Firmware', deployments: 'Deployments', events: 'Security events',
                },
                actionNames: {
                    create: 'Create', update: 'Update', delete: 'Delete', login: 'Sign-in', logout: 'Log out', read: 'Read',
                    reset_password: 'Password reset', reset_password_requested: 'Password reset requested', email_taken: 'Address of another account tried',
                    register: 'Register', approve: 'Approve', reject: 'Reject', make_default: 'Make default',
                    temp_enrollment_on: 'Temporary enrollment on', temp_enrollment_off: 'Temporary enrollment off',
                    authenticate: 'Authenticate', reboot: 'Reboot', bulk_edit: 'Bulk edit', abort: 'Abort',
                    add_devices: 'Add devices', remove_device: 'Remove a device', add_profiles: 'Add badge holders', remove_profile: 'Remove a badge holder',
                    grant_access: 'Grant access', revoke_access: 'Revoke access',
                },
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
                resourceNames: {
                    accounts: 'Comptes', users: 'Utilisateurs', system: 'Gestionnaire système', devices: 'Appareils', readers: 'Lecteurs', accessGroups: 'Groupes d’accès',
                    profiles: 'Profils', cardFormats: 'Formats de carte', artifacts: 'Micrologiciels', deployments: 'Déploiements', events: 'Événements de sécurité',
                },
                actionNames: {
                    create: 'Création', update: 'Modification', delete: 'Suppression', login: 'Connexion', logout: 'Déconnexion', read: 'Lecture',
                    reset_password: 'Réinitialisation du mot de passe', reset_password_requested: 'Réinitialisation du mot de passe demandée', email_taken: "Adresse d'un autre compte essayée",
                    register: 'Enregistrement', approve: 'Approbation', reject: 'Refus', make_default: 'Groupe par défaut',
                    temp_enrollment_on: 'Enrôlement temporaire activé', temp_enrollment_off: 'Enrôlement temporaire désactivé',
                    authenticate: 'Authentification', reboot: 'Redémarrage', bulk_edit: 'Modification groupée', abort: 'Abandon',
                    add_devices: 'Ajout d’appareils', remove_device: 'Retrait d’un appareil', add_profiles: 'Ajout de porteurs de badge', remove_profile: 'Retrait d’un porteur de badge',
                    grant_access: 'Accès accordé', revoke_access: 'Accès retiré',
                },
                ranges: { today: 'Aujourd’hui', last3Days: '3 derniers jours', last15Days: '15 derniers jours', lastMonth: 'Dernier mois' },
            },
        },
    },
};
