import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const it: Messages = {
    menu: { readers: 'Lettori' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lettori' } },
        readers: {
            deleteTitle: 'Eliminare il lettore «%{name}»?',
            name: 'Lettore |||| Lettori',
            listEmpty: {
                write: 'Un lettore è una porta del sistema di controllo accessi (ACS). Creane uno, poi collegalo al dispositivo di quella porta.',
                read: 'Un lettore è una porta del sistema di controllo accessi (ACS). Li creano gli amministratori e gli installatori dell’account.',
            },
            createsIn:
                'Il lettore viene aggiunto a %{account}. Per aggiungerlo a un altro account, scegli prima quell’account nel filtro Account dell’elenco.',
            create: 'Crea lettore',
            edit: 'Modifica lettore',
            notLinked: 'Non collegato',
            linkedTo: 'Servito da %{device}',
            takenBy: 'collegato a %{reader}',
            pickerHelp: 'Il dispositivo (rock) di questa porta. Lascia vuoto per scollegarlo.',
            filters: { linked: 'Collegamento', linkedYes: 'Collegato a un dispositivo', linkedNo: 'Non collegato' },
            statuses: { pending: 'In attesa di approvazione', online: 'Online', offline: 'Offline', rejected: 'Rifiutato' },
            fields: {
                description: 'Lettore',
                hardware_id: 'Dispositivo',
                device: 'Dispositivo',
                status: 'Stato del dispositivo',
                updated_at: 'Ultima modifica',
            },
        },
    },
    'Reader is required': 'Il lettore è obbligatorio',
    "Choose a device of the reader's account": 'Scegli un dispositivo dell’account del lettore',
};
export default it;
