import type { Messages } from '../plugins/types';

/** App-wide texts: menu, shared notices, validation texts of contract/ (keyed by their English text). */
const en: Messages = {
    app: {
        name: 'Access Console',
        ok: 'OK',
        confirmDelete: { title: "Delete '%{name}'?", content: 'This cannot be undone.' },
        export: 'Export',
        exports: {
            nothing: 'Nothing to export: no row matches the current filters.',
            notAllowed: 'Your role (%{role}) cannot export this list.',
        },
        lists: {
            account: 'Account',
            allAccounts: 'All my accounts',
            nothingYet: 'Nothing here yet.',
            noMatch: 'Nothing matches these filters.',
            clearFilters: 'Clear the filters',
        },
        yes: 'Yes',
        no: 'No',
        roles: {
            admin: 'Platform administrator',
            dealer: 'Dealer admin',
            installer: 'Installer',
            moderator: 'Account administrator',
            manager: 'Account manager',
            user: 'Account user',
        },
    },
    // Each feature names its own menu entry (its messages files); here are the groups.
    menu: {
        groups: {
            accounts: 'Accounts',
            permissions: 'Permissions',
            deviceManagement: 'Device Management',
            profiles: 'Profiles',
            systemManager: 'System Manager',
        },
    },
};
export default en;
