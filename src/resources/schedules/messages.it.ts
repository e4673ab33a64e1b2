import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const it: Messages = {
    menu: { schedules: 'Fasce orarie' },
    resources: {
        roles: { resources: { schedules: 'Fasce orarie' } },
        audit_logs: { resourceNames: { schedules: 'Fasce orarie' } },
        schedules: {
            name: 'Fascia oraria |||| Fasce orarie',
            listEmpty: {
                write: 'Una fascia oraria stabilisce gli orari in cui i membri di un gruppo di accesso possono passare; un gruppo senza fascia oraria è sempre aperto. Aggiungine una, poi sceglila in un gruppo di accesso.',
                read: 'Una fascia oraria stabilisce gli orari in cui i membri di un gruppo di accesso possono passare; un gruppo senza fascia oraria è sempre aperto. Le creano gli amministratori e gli installatori dell’account.',
            },
            createsIn:
                'La fascia oraria viene aggiunta a %{account}. Per aggiungerla a un altro account, scegli prima quell’account nel filtro Account dell’elenco.',
            add: 'Aggiungi fascia oraria',
            zoneHelp: 'Un fuso orario IANA, ad esempio Europe/Rome. Vuoto: il fuso orario dell’account, altrimenti UTC.',
            holidaysHelp: 'Una data nel formato AAAA-MM-GG, oppure MM-GG per ogni anno. Senza orari di apertura: chiuso quel giorno.',
            exceptionsHelp: 'Una data nel formato AAAA-MM-GG i cui orari di apertura sostituiscono quelli della settimana e dei festivi.',
            week: { title: 'Settimana' },
            days: { mon: 'Lun', tue: 'Mar', wed: 'Mer', thu: 'Gio', fri: 'Ven', sat: 'Sab', sun: 'Dom' },
            fields: {
                name: 'Nome',
                time_zone: 'Fuso orario',
                groups_count: 'Gruppi di accesso',
                created_at: 'Creata il',
                windows: 'Finestre settimanali',
                holidays: 'Festivi',
                exceptions: 'Eccezioni',
                openHours: 'Orari di apertura',
                day: 'Giorno',
                start: 'Inizio',
                end: 'Fine',
                date: 'Data',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Fascia oraria' },
            alwaysOpen: 'Sempre (nessuna fascia oraria)',
            scheduleHelp: 'I membri passano solo all’interno delle finestre della fascia oraria.',
        },
    },
    'Name is required': 'Il nome è obbligatorio',
    'An IANA time zone, such as Europe/Paris': 'Un fuso orario IANA, ad esempio Europe/Rome',
    'A time from 00:00 to 24:00': 'Un orario da 00:00 a 24:00',
    'The window must end after it starts': 'La finestra deve terminare dopo l’inizio',
    'A date as YYYY-MM-DD': 'Una data nel formato AAAA-MM-GG',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Una data nel formato AAAA-MM-GG, oppure MM-GG per ogni anno',
    'This date is listed twice': 'Questa data compare due volte',
};
export default it;
