import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const en: Messages = {
    menu: { readers: 'Readers' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Readers' } },
        readers: {
            deleteTitle: "Delete the reader '%{name}'?",
            name: 'Reader |||| Readers',
            listEmpty: {
                write: 'A reader is a door of the access control system (ACS). Create one, then link it to the device at that door.',
                read: 'A reader is a door of the access control system (ACS). The account’s administrators and installers create them.',
            },
            createsIn:
                'The reader is added to %{account}. To add it to another account, choose that account in the list’s Account filter first.',
            create: 'Create reader',
            edit: 'Edit reader',
            notLinked: 'Not linked',
            linkedTo: 'Served by %{device}',
            takenBy: 'linked to %{reader}',
            pickerHelp: 'The device (rock) at this door. Leave empty to unlink.',
            filters: { linked: 'Link', linkedYes: 'Linked to a device', linkedNo: 'Not linked' },
            statuses: { pending: 'Pending approval', online: 'Online', offline: 'Offline', rejected: 'Rejected' },
            fields: {
                description: 'Reader',
                hardware_id: 'Device',
                device: 'Device',
                status: 'Device status',
                updated_at: 'Last changed',
            },
        },
    },
    'Reader is required': 'Reader is required',
    "Choose a device of the reader's account": "Choose a device of the reader's account",
};
export default en;
