import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const it: Messages = {
    menu: { accessGroups: 'Gruppi di accesso' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Gruppi di accesso' },
            actionNames: {
                make_default: 'Imposta come predefinito',
                add_profiles: 'Aggiunta titolari di badge',
                remove_profile: 'Rimozione di un titolare di badge',
            },
        },
        access_groups: {
            name: 'Gruppo di accesso |||| Gruppi di accesso',
            listEmpty: {
                write: 'Un gruppo di accesso fa passare i suoi membri ai dispositivi che lo servono. Aggiungine uno, poi assegnagli dispositivi e membri.',
                read: 'Un gruppo di accesso fa passare i suoi membri ai dispositivi che lo servono. Li creano gli amministratori e gli installatori dell’account.',
            },
            createsIn:
                'Il gruppo viene aggiunto a %{account}. Per aggiungerlo a un altro account, scegli prima quell’account nel filtro Account dell’elenco.',
            add: 'Aggiungi gruppo di accesso',
            edit: 'Modifica gruppo di accesso',
            default: 'Predefinito',
            makeDefault: 'Imposta come predefinito',
            defaultDeleteTooltip: 'Questo è il gruppo di accesso predefinito: scegli prima un altro gruppo predefinito.',
            defaultLocked: 'Il gruppo predefinito dell’account. Per cambiarlo, imposta un altro gruppo come predefinito.',
            defaultHelp: 'I dispositivi approvati nell’account servono il gruppo predefinito finché non viene indicato diversamente.',
            intro: 'I profili di un gruppo passano ai dispositivi che lo servono.',
            fields: {
                description: 'Descrizione',
                default_group: 'Gruppo predefinito',
                devices_count: 'Dispositivi',
                profiles_count: 'Membri',
                created_at: 'Creato il',
            },
            devices: {
                title: 'Dispositivi',
                empty: 'Nessun dispositivo serve questo gruppo: i suoi membri non passano ancora da nessuna parte.',
                add: 'Aggiungi dispositivo',
                choose: 'Dispositivo da aggiungere',
                remove: 'Smetti di servire questo gruppo',
                confirmRemove: '%{device} deve smettere di servire %{group}?',
                confirmRemoveContent:
                    'I membri del gruppo non passano più a questo dispositivo, a meno che non li comprenda un altro gruppo da esso servito.',
                description: 'Dispositivo',
                hardware_id: 'ID hardware',
                status: 'Stato',
                statuses: { pending: 'In attesa di approvazione', online: 'Online', offline: 'Offline', rejected: 'Rifiutato' },
            },
            members: {
                title: 'Membri',
                empty: 'Nessun titolare di badge fa parte di questo gruppo.',
                add: 'Aggiungi membro',
                choose: 'Profilo da aggiungere (cerca per ID ACS)',
                search: 'Cerca per ID ACS',
                remove: 'Rimuovi dal gruppo',
                confirmRemove: 'Rimuovere %{profile} da %{group}?',
                confirmRemoveContent:
                    'I dispositivi che servono il gruppo non fanno più passare questa persona, a meno che non la comprenda un altro dei suoi gruppi.',
                acs_id: 'ID ACS',
                status: 'Stato',
                badges: 'ID badge',
                noAcsId: 'Profilo n. %{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'ha reso predefinito',
                add_devices: 'ha aggiunto dispositivi a',
                remove_device: 'ha rimosso un dispositivo da',
                add_profiles: 'ha aggiunto membri a',
                remove_profile: 'ha rimosso un membro da',
                grant_access: 'ha concesso l’accesso a',
                revoke_access: 'ha revocato l’accesso a',
            },
        },
    },
    'Description is required': 'La descrizione è obbligatoria',
    'Choose at least one device': 'Scegli almeno un dispositivo',
    'Choose at least one profile': 'Scegli almeno un profilo',
};
export default it;
