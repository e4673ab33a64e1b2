import type { Messages } from '../../plugins/types';

const en: Messages = {
    menu: { search: 'Search' },
    search: {
        title: 'Search',
        intro: 'Names, descriptions, e-mail and hardware addresses match on any part; an ACS ID and a badge (NUMBER or FC:NUMBER) match whole.',
        box: { label: 'Search', placeholder: 'Search… ( / )' },
        none: 'Nothing you can see matches “%{q}”.',
        more: 'Only the first %{n} are shown: type more of the text to narrow them down.',
        shortcut: 'From any page, press',
        kinds: {
            accounts: 'Accounts',
            users: 'Users',
            devices: 'Devices',
            readers: 'Readers',
            access_groups: 'Access groups',
            profiles: 'Profiles',
            badges: 'Badge IDs',
            deployments: 'Firmware deployments',
            firmware: 'Firmware versions',
        },
    },
};
export default en;
