import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { roles: 'Roles' },
    resources: {
        roles: {
            name: 'Role |||| Roles',
            intro: 'Each user has one role. Roles are ordered from the platform administrator down to the account user; this table is what the server enforces.',
            assignable: 'You can give this role',
            notAssignable: 'You cannot give this role',
            matrix: 'Rights by role',
            resource: 'Resource',
            // The rights of features not in the console yet: the others name theirs in their own messages files.
            resources: {
                profiles: 'Profiles',
                backup: 'Backup',
                restore: 'Restore',
                importExport: 'Import/export',
                version: 'Version details',
                optOut: 'Opt-out',
                adaptive: 'Adaptive 2FA',
                visitors: 'Visitors',
                mainAccount: 'Platform main account',
            },
            actions: {
                read: 'read',
                write: 'write',
                edit: 'edit',
                delete: 'delete',
                export: 'export',
                bulk_edit: 'bulk edit',
                bulk_delete: 'bulk delete',
                bulk_reboot: 'bulk reboot',
                download_config: 'download config',
            },
        },
    },
};
export default en;
