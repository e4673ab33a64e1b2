import type { Messages } from '../../plugins/types';

/** Texts of the schedule screens (docs/decisions.md "Schedules"); the contract/ validation texts are keyed by their English text. */
const es: Messages = {
    menu: { schedules: 'Horarios' },
    resources: {
        roles: { resources: { schedules: 'Horarios' } },
        audit_logs: { resourceNames: { schedules: 'Horarios' } },
        schedules: {
            name: 'Horario |||| Horarios',
            listEmpty: {
                write: 'Un horario fija las horas en que los miembros de un grupo de acceso pueden pasar; un grupo sin horario está siempre abierto. Añada uno y después elíjalo en un grupo de acceso.',
                read: 'Un horario fija las horas en que los miembros de un grupo de acceso pueden pasar; un grupo sin horario está siempre abierto. Los administradores e instaladores de la cuenta los crean.',
            },
            createsIn:
                'El horario se añade a %{account}. Para añadirlo a otra cuenta, elija primero esa cuenta en el filtro Cuenta de la lista.',
            add: 'Añadir horario',
            zoneHelp: 'Una zona horaria IANA, como Europe/Madrid. Vacío: la zona horaria de la cuenta o, si no tiene, UTC.',
            holidaysHelp: 'Una fecha AAAA-MM-DD, o MM-DD para todos los años. Sin horas de apertura: cerrado ese día.',
            exceptionsHelp: 'Una fecha AAAA-MM-DD cuyas horas de apertura sustituyen a las de la semana y de los festivos.',
            week: { title: 'Vista semanal' },
            days: { mon: 'Lun', tue: 'Mar', wed: 'Mié', thu: 'Jue', fri: 'Vie', sat: 'Sáb', sun: 'Dom' },
            fields: {
                name: 'Nombre',
                time_zone: 'Zona horaria',
                groups_count: 'Grupos de acceso',
                created_at: 'Creado',
                windows: 'Franjas semanales',
                holidays: 'Festivos',
                exceptions: 'Excepciones',
                openHours: 'Horas de apertura',
                day: 'Día',
                start: 'Inicio',
                end: 'Fin',
                date: 'Fecha',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Horario' },
            alwaysOpen: 'Siempre (sin horario)',
            scheduleHelp: 'Los miembros solo tienen paso dentro de las franjas del horario.',
        },
    },
    'Name is required': 'El nombre es obligatorio',
    'An IANA time zone, such as Europe/Paris': 'Una zona horaria IANA, como Europe/Madrid',
    'A time from 00:00 to 24:00': 'Una hora de 00:00 a 24:00',
    'The window must end after it starts': 'La franja debe terminar después de empezar',
    'A date as YYYY-MM-DD': 'Una fecha AAAA-MM-DD',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Una fecha AAAA-MM-DD, o MM-DD para todos los años',
    'This date is listed twice': 'Esta fecha figura dos veces',
};
export default es;
