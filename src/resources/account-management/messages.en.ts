import type { Messages } from '../../plugins/types';

/** Texts of Account Management (Update Platform Main Account). */
const en: Messages = {
    menu: { accountManagement: 'Account Management' },
    account_management: {
        title: 'Update Platform Main Account',
        intro: 'The main account is the account of the organisation this platform is installed for. Only the main account can use SSO login; its users work in their own account only, without the account list; readers that register without a registration code wait for approval in it.',
        open: 'Open its account page',
        changeTitle: 'Choose another main account',
        changeHelp:
            'Make another account the main account, for example when the organisation this platform serves moves to an account of its own.',
        account: 'New main account',
        change: 'Make it the main account',
        confirmTitle: 'Make %{name} the main account?',
        confirmContent:
            '%{name} becomes the platform main account in place of %{current}. From then on only %{name} can use SSO login, its users work in their own account only, and readers that register without a registration code wait for approval in %{name}. %{current} becomes an account like the others: its users lose SSO login.',
        changed: '%{name} is now the main account',
        failed: 'The main account was not changed',
    },
};
export default en;
