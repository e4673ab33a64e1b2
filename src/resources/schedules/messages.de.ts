import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const de: Messages = {
    menu: { schedules: 'Zeitpläne' },
    resources: {
        roles: { resources: { schedules: 'Zeitpläne' } },
        audit_logs: { resourceNames: { schedules: 'Zeitpläne' } },
        schedules: {
            name: 'Zeitplan |||| Zeitpläne',
            listEmpty: {
                write: 'Ein Zeitplan legt fest, wann die Mitglieder einer Zutrittsgruppe passieren dürfen; eine Gruppe ohne Zeitplan ist immer offen. Legen Sie einen an und wählen Sie ihn dann bei einer Zutrittsgruppe.',
                read: 'Ein Zeitplan legt fest, wann die Mitglieder einer Zutrittsgruppe passieren dürfen; eine Gruppe ohne Zeitplan ist immer offen. Die Administratoren und Installateure des Kontos legen sie an.',
            },
            createsIn:
                'Der Zeitplan wird zu %{account} hinzugefügt. Um ihn einem anderen Konto hinzuzufügen, wählen Sie zuerst dieses Konto im Kontofilter der Liste.',
            add: 'Zeitplan hinzufügen',
            zoneHelp: 'Eine IANA-Zeitzone, z. B. Europe/Berlin. Leer: die Zeitzone des Kontos, sonst UTC.',
            holidaysHelp: 'Ein Datum als JJJJ-MM-TT oder MM-TT für jedes Jahr. Ohne Öffnungszeiten: an diesem Tag geschlossen.',
            exceptionsHelp: 'Ein Datum als JJJJ-MM-TT, dessen Öffnungszeiten die der Woche und der Feiertage ersetzen.',
            week: { title: 'Wochenansicht' },
            days: { mon: 'Mo', tue: 'Di', wed: 'Mi', thu: 'Do', fri: 'Fr', sat: 'Sa', sun: 'So' },
            fields: {
                name: 'Name',
                time_zone: 'Zeitzone',
                groups_count: 'Zutrittsgruppen',
                created_at: 'Erstellt',
                windows: 'Wöchentliche Zeitfenster',
                holidays: 'Feiertage',
                exceptions: 'Ausnahmen',
                openHours: 'Öffnungszeiten',
                day: 'Tag',
                start: 'Beginn',
                end: 'Ende',
                date: 'Datum',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Zeitplan' },
            alwaysOpen: 'Immer (kein Zeitplan)',
            scheduleHelp: 'Mitglieder erhalten nur innerhalb der Zeitfenster des Zeitplans Zutritt.',
        },
    },
    'Name is required': 'Der Name ist erforderlich',
    'An IANA time zone, such as Europe/Paris': 'Eine IANA-Zeitzone, z. B. Europe/Berlin',
    'A time from 00:00 to 24:00': 'Eine Uhrzeit von 00:00 bis 24:00',
    'The window must end after it starts': 'Das Zeitfenster muss nach seinem Beginn enden',
    'A date as YYYY-MM-DD': 'Ein Datum als JJJJ-MM-TT',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Ein Datum als JJJJ-MM-TT oder MM-TT für jedes Jahr',
    'This date is listed twice': 'Dieses Datum ist doppelt aufgeführt',
};
export default de;
