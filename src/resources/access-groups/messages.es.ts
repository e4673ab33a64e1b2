import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const es: Messages = {
    menu: { accessGroups: 'Grupos de acceso' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Grupos de acceso' },
            actionNames: {
                make_default: 'Convertir en predeterminado',
                add_profiles: 'Añadir titulares de credencial',
                remove_profile: 'Quitar un titular de credencial',
            },
        },
        access_groups: {
            name: 'Grupo de acceso |||| Grupos de acceso',
            listEmpty: {
                write: 'Un grupo de acceso deja pasar a sus miembros en los dispositivos que lo sirven. Añada uno y después asígnele dispositivos y miembros.',
                read: 'Un grupo de acceso deja pasar a sus miembros en los dispositivos que lo sirven. Los administradores e instaladores de la cuenta los crean.',
            },
            createsIn:
                'El grupo se añade a %{account}. Para añadirlo a otra cuenta, elija primero esa cuenta en el filtro Cuenta de la lista.',
            add: 'Añadir grupo de acceso',
            edit: 'Editar grupo de acceso',
            default: 'Predeterminado',
            makeDefault: 'Convertir en predeterminado',
            defaultDeleteTooltip: 'Este es el grupo de acceso predeterminado: elija antes otro grupo predeterminado.',
            defaultLocked: 'El grupo predeterminado de la cuenta. Para cambiarlo, convierta otro grupo en el predeterminado.',
            defaultHelp: 'Los dispositivos aprobados en la cuenta atienden al grupo predeterminado mientras no se indique otra cosa.',
            intro: 'Los perfiles de un grupo tienen paso en los dispositivos que atienden a ese grupo.',
            fields: {
                description: 'Descripción',
                default_group: 'Grupo predeterminado',
                devices_count: 'Dispositivos',
                profiles_count: 'Miembros',
                created_at: 'Creado',
            },
            devices: {
                title: 'Dispositivos',
                empty: 'Ningún dispositivo atiende a este grupo: sus miembros todavía no tienen paso en ninguna parte.',
                add: 'Añadir dispositivo',
                choose: 'Dispositivo que se va a añadir',
                remove: 'Dejar de atender a este grupo',
                confirmRemove: '¿Debe %{device} dejar de atender a %{group}?',
                confirmRemoveContent:
                    'Los miembros del grupo dejan de tener paso en este dispositivo, salvo que los incluya otro grupo al que atienda.',
                description: 'Dispositivo',
                hardware_id: 'ID de hardware',
                status: 'Estado',
                statuses: { pending: 'Pendiente de aprobación', online: 'En línea', offline: 'Sin conexión', rejected: 'Rechazado' },
            },
            members: {
                title: 'Miembros',
                empty: 'No hay ningún titular de credencial en este grupo.',
                add: 'Añadir miembro',
                choose: 'Perfil que se va a añadir (buscar por ID de ACS)',
                search: 'Buscar por ID de ACS',
                remove: 'Quitar del grupo',
                confirmRemove: '¿Quitar %{profile} de %{group}?',
                confirmRemoveContent:
                    'Los dispositivos que atienden al grupo dejan de dar paso a esta persona, salvo que la incluya otro de sus grupos.',
                acs_id: 'ID de ACS',
                status: 'Estado',
                badges: 'ID de credencial',
                noAcsId: 'Perfil n.º %{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'convirtió en predeterminado',
                add_devices: 'añadió dispositivos a',
                remove_device: 'quitó un dispositivo de',
                add_profiles: 'añadió miembros a',
                remove_profile: 'quitó un miembro de',
                grant_access: 'dio acceso a',
                revoke_access: 'retiró el acceso a',
            },
        },
    },
    'Description is required': 'La descripción es obligatoria',
    'Choose at least one device': 'Elija al menos un dispositivo',
    'Choose at least one profile': 'Elija al menos un perfil',
};
export default es;
