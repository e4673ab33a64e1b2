import type { Messages } from '../../plugins/types';

/** Textes des écrans de plages horaires (docs/decisions.md "Schedules") ; les textes de validation de contract/ sont indexés par leur texte anglais. */
const fr: Messages = {
    menu: { schedules: 'Plages horaires' },
    resources: {
        roles: { resources: { schedules: 'Plages horaires' } },
        audit_logs: { resourceNames: { schedules: 'Plages horaires' } },
        schedules: {
            name: 'Plage horaire |||| Plages horaires',
            listEmpty: {
                write: 'Une plage horaire fixe les heures où les membres d’un groupe d’accès peuvent passer ; un groupe sans plage est toujours ouvert. Ajoutez-en une, puis choisissez-la sur un groupe d’accès.',
                read: 'Une plage horaire fixe les heures où les membres d’un groupe d’accès peuvent passer ; un groupe sans plage est toujours ouvert. Les administrateurs et installateurs du compte les créent.',
            },
            createsIn:
                'La plage horaire est ajoutée à %{account}. Pour l’ajouter à un autre compte, choisissez d’abord ce compte dans le filtre Compte de la liste.',
            add: 'Ajouter une plage horaire',
            zoneHelp: 'Un fuseau horaire IANA, comme Europe/Paris. Vide : celui du compte, sinon UTC.',
            holidaysHelp: 'Une date AAAA-MM-JJ, ou MM-JJ pour chaque année. Sans horaires : fermé ce jour-là.',
            exceptionsHelp: 'Une date AAAA-MM-JJ dont les horaires remplacent ceux de la semaine et des jours fériés.',
            week: { title: 'Semaine' },
            days: { mon: 'Lun', tue: 'Mar', wed: 'Mer', thu: 'Jeu', fri: 'Ven', sat: 'Sam', sun: 'Dim' },
            fields: {
                name: 'Nom',
                time_zone: 'Fuseau horaire',
                groups_count: 'Groupes d’accès',
                created_at: 'Créée le',
                windows: 'Créneaux de la semaine',
                holidays: 'Jours fériés',
                exceptions: 'Exceptions',
                openHours: 'Heures d’ouverture',
                day: 'Jour',
                start: 'Début',
                end: 'Fin',
                date: 'Date',
            },
        },
        access_groups: {
            fields: { schedule_id: 'Plage horaire' },
            alwaysOpen: 'Toujours (sans plage horaire)',
            scheduleHelp: 'Les membres ne passent que pendant les créneaux de la plage horaire.',
        },
    },
    'Name is required': 'Le nom est obligatoire',
    'An IANA time zone, such as Europe/Paris': 'Un fuseau horaire IANA, comme Europe/Paris',
    'A time from 00:00 to 24:00': 'Une heure de 00:00 à 24:00',
    'The window must end after it starts': 'Le créneau doit finir après son début',
    'A date as YYYY-MM-DD': 'Une date AAAA-MM-JJ',
    'A date as YYYY-MM-DD, or MM-DD for every year': 'Une date AAAA-MM-JJ, ou MM-JJ pour chaque année',
    'This date is listed twice': 'Cette date figure deux fois',
};
export default fr;
