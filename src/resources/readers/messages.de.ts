import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const de: Messages = {
    menu: { readers: 'Lesegeräte' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lesegeräte' } },
        readers: {
            deleteTitle: 'Den Leser „%{name}“ löschen?',
            name: 'Lesegerät |||| Lesegeräte',
            listEmpty: {
                write: 'Ein Lesegerät ist eine Tür des Zutrittskontrollsystems (ACS). Legen Sie eines an und verknüpfen Sie es dann mit dem Gerät an dieser Tür.',
                read: 'Ein Lesegerät ist eine Tür des Zutrittskontrollsystems (ACS). Die Administratoren und Installateure des Kontos legen sie an.',
            },
            createsIn:
                'Das Lesegerät wird zu %{account} hinzugefügt. Um es einem anderen Konto hinzuzufügen, wählen Sie zuerst dieses Konto im Kontofilter der Liste.',
            create: 'Lesegerät erstellen',
            edit: 'Lesegerät bearbeiten',
            notLinked: 'Nicht verknüpft',
            linkedTo: 'Bedient von %{device}',
            takenBy: 'verknüpft mit %{reader}',
            pickerHelp: 'Das Gerät (rock) an dieser Tür. Leer lassen, um die Verknüpfung aufzuheben.',
            filters: { linked: 'Verknüpfung', linkedYes: 'Mit einem Gerät verknüpft', linkedNo: 'Nicht verknüpft' },
            statuses: { pending: 'Wartet auf Freigabe', online: 'Online', offline: 'Offline', rejected: 'Abgelehnt' },
            fields: {
                description: 'Lesegerät',
                hardware_id: 'Gerät',
                device: 'Gerät',
                status: 'Gerätestatus',
                updated_at: 'Zuletzt geändert',
            },
        },
    },
    'Reader is required': 'Das Lesegerät ist erforderlich',
    "Choose a device of the reader's account": 'Wählen Sie ein Gerät aus dem Konto des Lesegeräts',
};
export default de;
