import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const nl: Messages = {
    menu: { schedules: 'Tijdschema’s' },
    resources: {
        roles: { resources: { schedules: 'Tijdschema’s' } },
        audit_logs: { resourceNames: { schedules: 'Tijdschema’s' } },
        schedules: {
            name: 'Tijdschema |||| Tijdschema’s',
            listEmpty: {
                write: 'Een tijdschema bepaalt wanneer de leden van een toegangsgroep door mogen; een groep zonder tijdschema is altijd open. Voeg er een toe en kies het daarna bij een toegangsgroep.',
                read: 'Een tijdschema bepaalt wanneer de leden van een toegangsgroep door mogen; een groep zonder tijdschema is altijd open. De beheerders en installateurs van het account maken ze aan.',
            },
            createsIn:
                'Het tijdschema wordt toegevoegd aan %{account}. Om het aan een ander account toe te voegen, kiest u eerst dat account in het accountfilter van de lijst.',
            add: 'Tijdschema toevoegen',
            zoneHelp: 'Een IANA-tijdzone, zoals Europe/Amsterdam. Leeg: de tijdzone van het account, anders UTC.',
            holidaysHelp: 'Een datum als JJJJ-MM-DD, of MM-DD voor elk jaar. Zonder openingstijden: die dag gesloten.',
            exceptionsHelp: 'Een datum als JJJJ-MM-DD waarvan de openingstijden die van de week en de feestdagen vervangen.',
            week: { title: 'Weekoverzicht' },
            days: { mon: 'Ma', tue: 'Di', wed: 'Wo', thu: 'Do', fri: 'Vr', sat: 'Za', sun: 'Zo' },
            fields: {
                name: 'Naam',
                time_zone: 'Tijdzone',
                groups_count: 'Toegangsgroepen',
                created_at: 'Aangemaakt',
                windows: 'Wekelijkse tijdvensters',
                holidays: 'Feestdagen',
                exceptions: 'Uitzonderingen',
                openHours: 'Openingstijden',
                day: 'Dag',
                start: 'Begin',
                end: 'Einde',
                date: 'Datum',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Tijdschema' },
            alwaysOpen: 'Altijd (geen tijdschema)',
            scheduleHelp: 'Leden krijgen alleen toegang binnen de tijdvensters van het tijdschema.',
        },
    },
    'Name is required': 'De naam is verplicht',
    'An IANA time zone, such as Europe/Paris': 'Een IANA-tijdzone, zoals Europe/Amsterdam',
    'A time from 00:00 to 24:00': 'Een tijd van 00:00 tot 24:00',
    'The window must end after it starts': 'Het tijdvenster moet eindigen na het begin',
    'A date as YYYY-MM-DD': 'Een datum als JJJJ-MM-DD',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Een datum als JJJJ-MM-DD, of MM-DD voor elk jaar',
    'This date is listed twice': 'Deze datum staat er twee keer in',
};
export default nl;
