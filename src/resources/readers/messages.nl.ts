import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const nl: Messages = {
    menu: { readers: 'Lezers' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lezers' } },
        readers: {
            deleteTitle: 'De lezer „%{name}” verwijderen?',
            name: 'Lezer |||| Lezers',
            listEmpty: {
                write: 'Een lezer is een deur van het toegangscontrolesysteem (ACS). Voeg er een toe en koppel hem daarna aan het apparaat bij die deur.',
                read: 'Een lezer is een deur van het toegangscontrolesysteem (ACS). De beheerders en installateurs van het account maken ze aan.',
            },
            createsIn:
                'De lezer wordt toegevoegd aan %{account}. Om hem aan een ander account toe te voegen, kiest u eerst dat account in het accountfilter van de lijst.',
            create: 'Lezer aanmaken',
            edit: 'Lezer bewerken',
            notLinked: 'Niet gekoppeld',
            linkedTo: 'Bediend door %{device}',
            takenBy: 'gekoppeld aan %{reader}',
            pickerHelp: 'Het apparaat (rock) bij deze deur. Leeg laten om de koppeling op te heffen.',
            filters: { linked: 'Koppeling', linkedYes: 'Aan een apparaat gekoppeld', linkedNo: 'Niet gekoppeld' },
            statuses: { pending: 'Wacht op goedkeuring', online: 'Online', offline: 'Offline', rejected: 'Geweigerd' },
            fields: {
                description: 'Lezer',
                hardware_id: 'Apparaat',
                device: 'Apparaat',
                status: 'Apparaatstatus',
                updated_at: 'Laatst gewijzigd',
            },
        },
    },
    'Reader is required': 'De lezer is verplicht',
    "Choose a device of the reader's account": 'Kies een apparaat van het account van de lezer',
};
export default nl;
