import type { Messages } from '../plugins/types';

/** Texts of the layout: app bar, account switch, user menu, footer. */
const en: Messages = {
    menu: { dashboard: 'Dashboard' },
    resources: {
        roles: { resources: { dashboard: 'Dashboard' } },
    },
    layout: {
        customerAccount: 'Customer Account',
        backToMyAccount: 'Back to My Account',
        version: 'Version %{version}',
        accountType: { platform: 'Platform', dealer: 'Dealer', customer: 'Customer' },
        switch: {
            button: 'Switch Account',
            title: 'Switch Account',
            search: 'Search accounts',
            accounts: 'Accounts',
            mine: 'my account',
            current: 'current',
            none: 'No account matches.',
            failed: 'The accounts could not be loaded.',
            ownActive: '%{account} Dealer Account Active',
            active: '%{account} Active',
            modalText: 'You are now working in %{account}. Lists, settings and new records belong to this account until you switch again.',
        },
        userMenu: { settings: 'Settings', language: 'Language', logout: 'Log Out', shortcuts: 'Keyboard shortcuts' },
        shortcuts: {
            title: 'Keyboard shortcuts',
            help: 'Show this list',
            search: 'Search',
            goTo: 'Go to %{screen}',
            create: 'Add a new row to the current list',
            close: 'Close this list',
        },
        failure: { text: 'Sorry, the page is temporary unavailable.', refresh: 'Refresh' },
        diskLow: {
            writesRefused:
                'The server is short of disk space (%{free} free of %{total}; %{reserve} is kept in reserve). Nothing new can be saved, uploaded or received from readers until space is freed; readers keep their events and send them later. Deleting old firmware or events frees space.',
            imagesPaused:
                'The server is running short of disk space (%{free} free of %{total}). Events are recorded without their images until space is freed.',
        },
    },
    time: {
        seconds: '%{smart_count} s ago',
        minutes: '%{smart_count} min ago',
        oneHour: '1 hour ago',
        hours: '%{smart_count} hours ago',
        days: '1 day ago |||| %{smart_count} days ago',
    },
};
export default en;
