import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const en: Messages = {
    menu: { accessGroups: 'Access Groups' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Access groups' },
            actionNames: { make_default: 'Make default', add_profiles: 'Add badge holders', remove_profile: 'Remove a badge holder' },
        },
        access_groups: {
            name: 'Access group |||| Access groups',
            listEmpty: {
                write: 'An access group lets its members through at the devices that serve it. Add one, then give it devices and members.',
                read: 'An access group lets its members through at the devices that serve it. The account’s administrators and installers create them.',
            },
            createsIn:
                'The group is added to %{account}. To add it to another account, choose that account in the list’s Account filter first.',
            add: 'Add Access Group',
            edit: 'Edit Access Group',
            default: 'Default',
            makeDefault: 'Make default',
            defaultDeleteTooltip: 'This is the default access group: choose another default first.',
            defaultLocked: 'The account’s default group. To change it, make another group the default.',
            defaultHelp: 'Devices approved in the account serve the default group until told otherwise.',
            intro: 'Profiles in a group pass at the devices that serve it.',
            fields: {
                description: 'Description',
                default_group: 'Default group',
                devices_count: 'Devices',
                profiles_count: 'Members',
                created_at: 'Created',
            },
            devices: {
                title: 'Devices',
                empty: 'No device serves this group: its members pass nowhere yet.',
                add: 'Add device',
                choose: 'Device to add',
                remove: 'Stop serving this group',
                confirmRemove: 'Should %{device} stop serving %{group}?',
                confirmRemoveContent: 'The group’s members no longer pass at this device, unless another group it serves holds them.',
                description: 'Device',
                hardware_id: 'Hardware ID',
                status: 'Status',
                statuses: { pending: 'Pending approval', online: 'Online', offline: 'Offline', rejected: 'Rejected' },
            },
            members: {
                title: 'Members',
                empty: 'No badge holder is in this group.',
                add: 'Add member',
                choose: 'Profile to add (search by ACS ID)',
                search: 'Search by ACS ID',
                remove: 'Remove from the group',
                confirmRemove: 'Remove %{profile} from %{group}?',
                confirmRemoveContent:
                    'The devices serving the group no longer let this person through, unless another of their groups holds them.',
                acs_id: 'ACS ID',
                status: 'Status',
                badges: 'Badge IDs',
                noAcsId: 'Profile #%{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'made the default',
                add_devices: 'added devices to',
                remove_device: 'removed a device from',
                add_profiles: 'added members to',
                remove_profile: 'removed a member from',
                grant_access: 'gave access to',
                revoke_access: 'took access from',
            },
        },
    },
    'Description is required': 'Description is required',
    'Choose at least one device': 'Choose at least one device',
    'Choose at least one profile': 'Choose at least one profile',
};
export default en;
