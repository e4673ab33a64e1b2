import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const en: Messages = {
    menu: { schedules: 'Schedules' },
    resources: {
        roles: { resources: { schedules: 'Schedules' } },
        audit_logs: { resourceNames: { schedules: 'Schedules' } },
        schedules: {
            name: 'Schedule |||| Schedules',
            listEmpty: {
                write: 'A schedule sets the hours when an access group’s members may pass; a group without one is always open. Add one, then choose it on an access group.',
                read: 'A schedule sets the hours when an access group’s members may pass; a group without one is always open. The account’s administrators and installers create them.',
            },
            createsIn:
                'The schedule is added to %{account}. To add it to another account, choose that account in the list’s Account filter first.',
            add: 'Add Schedule',
            zoneHelp: 'An IANA time zone, such as Europe/Paris. Blank: the account’s time zone, else UTC.',
            holidaysHelp: 'A date as YYYY-MM-DD, or MM-DD for every year. No open hours: closed that day.',
            exceptionsHelp: 'A date as YYYY-MM-DD whose open hours replace the week’s and the holidays’.',
            week: { title: 'Week' },
            days: { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' },
            fields: {
                name: 'Name',
                time_zone: 'Time zone',
                groups_count: 'Access groups',
                created_at: 'Created',
                windows: 'Weekly windows',
                holidays: 'Holidays',
                exceptions: 'Exceptions',
                openHours: 'Open hours',
                day: 'Day',
                start: 'Start',
                end: 'End',
                date: 'Date',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Schedule' },
            alwaysOpen: 'Always (no schedule)',
            scheduleHelp: 'Members pass only inside the schedule’s windows.',
        },
    },
    'Name is required': 'Name is required',
    'An IANA time zone, such as Europe/Paris': 'An IANA time zone, such as Europe/Paris',
    'A time from 00:00 to 24:00': 'A time from 00:00 to 24:00',
    'The window must end after it starts': 'The window must end after it starts',
    'A date as YYYY-MM-DD': 'A date as YYYY-MM-DD',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'A date as YYYY-MM-DD, or MM-DD for every year',
    'This date is listed twice': 'This date is listed twice',
};
export default en;
