import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const es: Messages = {
    menu: { readers: 'Lectores' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lectores' } },
        readers: {
            deleteTitle: '¿Eliminar el lector «%{name}»?',
            name: 'Lector |||| Lectores',
            listEmpty: {
                write: 'Un lector es una puerta del sistema de control de acceso (ACS). Cree uno y después vincúlelo al dispositivo de esa puerta.',
                read: 'Un lector es una puerta del sistema de control de acceso (ACS). Los administradores e instaladores de la cuenta los crean.',
            },
            createsIn:
                'El lector se añade a %{account}. Para añadirlo a otra cuenta, elija primero esa cuenta en el filtro Cuenta de la lista.',
            create: 'Crear lector',
            edit: 'Editar lector',
            notLinked: 'Sin vincular',
            linkedTo: 'Atendido por %{device}',
            takenBy: 'vinculado a %{reader}',
            pickerHelp: 'El dispositivo (rock) de esta puerta. Déjelo vacío para desvincularlo.',
            filters: { linked: 'Vínculo', linkedYes: 'Vinculado a un dispositivo', linkedNo: 'Sin vincular' },
            statuses: { pending: 'Pendiente de aprobación', online: 'En línea', offline: 'Sin conexión', rejected: 'Rechazado' },
            fields: {
                description: 'Lector',
                hardware_id: 'Dispositivo',
                device: 'Dispositivo',
                status: 'Estado del dispositivo',
                updated_at: 'Último cambio',
            },
        },
    },
    'Reader is required': 'El lector es obligatorio',
    "Choose a device of the reader's account": 'Elija un dispositivo de la cuenta del lector',
};
export default es;
