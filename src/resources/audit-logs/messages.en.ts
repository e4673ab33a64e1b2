import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { auditLogs: 'Audit Log' },
    resources: {
        roles: { resources: { auditLogs: 'Audit log' } },
        audit_logs: {
            name: 'Audit Log |||| Audit Log',
            listEmpty: 'Every change made in the console or through the API is recorded here, with who made it and when.',
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
            // The platform's own entries and those of features not in the console yet: each feature names its entries.
            resourceNames: {
                system: 'System Manager',
                profiles: 'Profiles',
            },
            actionNames: {
                create: 'Create',
                update: 'Update',
                delete: 'Delete',
                login: 'Sign-in',
                logout: 'Log out',
                read: 'Read',
                reset_password: 'Password reset',
                reset_password_requested: 'Password reset requested',
                email_taken: 'Address of another account tried',
                grant_access: 'Grant access',
                revoke_access: 'Revoke access',
            },
            ranges: { today: 'Today', last3Days: 'Last 3 days', last15Days: 'Last 15 days', lastMonth: 'Last month' },
        },
    },
};
export default en;
