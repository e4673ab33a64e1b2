import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { users: 'Users' },
    resources: {
        roles: { resources: { users: 'Users' } },
        audit_logs: { resourceNames: { users: 'Users' } },
        users: {
            deleteTitle: "Delete the user '%{name}'?",
            name: 'User |||| Users',
            listEmpty:
                'Each person who signs in to this console is a user of one account, with a role. Create one for each person who works in the account.',
            emailPending: 'Modified User',
            emailPendingText: 'A confirmation link was sent to %{email}. Your address changes when you open it.',
            confirmEmail: {
                title: 'Confirm your new e-mail address',
                confirming: 'Confirming…',
                done: 'Your e-mail address is changed. Sign in with it from now on.',
                signIn: 'Sign in',
            },
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
};
export default en;
