import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const de: Messages = {
    menu: { accessGroups: 'Zutrittsgruppen' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Zutrittsgruppen' },
            actionNames: {
                make_default: 'Als Standard festlegen',
                add_profiles: 'Ausweisinhaber hinzufügen',
                remove_profile: 'Einen Ausweisinhaber entfernen',
            },
        },
        access_groups: {
            name: 'Zutrittsgruppe |||| Zutrittsgruppen',
            listEmpty: {
                write: 'Eine Zutrittsgruppe lässt ihre Mitglieder an den Geräten durch, die ihr dienen. Legen Sie eine an und geben Sie ihr dann Geräte und Mitglieder.',
                read: 'Eine Zutrittsgruppe lässt ihre Mitglieder an den Geräten durch, die ihr dienen. Die Administratoren und Installateure des Kontos legen sie an.',
            },
            createsIn:
                'Die Gruppe wird zu %{account} hinzugefügt. Um sie einem anderen Konto hinzuzufügen, wählen Sie zuerst dieses Konto im Kontofilter der Liste.',
            add: 'Zutrittsgruppe hinzufügen',
            edit: 'Zutrittsgruppe bearbeiten',
            default: 'Standard',
            makeDefault: 'Als Standard festlegen',
            defaultDeleteTooltip: 'Dies ist die Standard-Zutrittsgruppe: Legen Sie zuerst eine andere als Standard fest.',
            defaultLocked: 'Die Standardgruppe des Kontos. Um dies zu ändern, legen Sie eine andere Gruppe als Standard fest.',
            defaultHelp: 'Im Konto freigegebene Geräte bedienen die Standardgruppe, bis etwas anderes festgelegt wird.',
            intro: 'Profile einer Gruppe erhalten Zutritt an den Geräten, die diese Gruppe bedienen.',
            fields: {
                description: 'Beschreibung',
                default_group: 'Standardgruppe',
                devices_count: 'Geräte',
                profiles_count: 'Mitglieder',
                created_at: 'Erstellt',
            },
            devices: {
                title: 'Geräte',
                empty: 'Kein Gerät bedient diese Gruppe: Die Mitglieder der Gruppe erhalten noch nirgends Zutritt.',
                add: 'Gerät hinzufügen',
                choose: 'Hinzuzufügendes Gerät',
                remove: 'Diese Gruppe nicht mehr bedienen',
                confirmRemove: 'Soll %{device} die Gruppe %{group} nicht mehr bedienen?',
                confirmRemoveContent:
                    'Die Mitglieder der Gruppe erhalten an diesem Gerät keinen Zutritt mehr, es sei denn, eine andere vom Gerät bediente Gruppe enthält sie.',
                description: 'Gerät',
                hardware_id: 'Hardware-ID',
                status: 'Status',
                statuses: { pending: 'Wartet auf Freigabe', online: 'Online', offline: 'Offline', rejected: 'Abgelehnt' },
            },
            members: {
                title: 'Mitglieder',
                empty: 'Kein Ausweisinhaber ist in dieser Gruppe.',
                add: 'Mitglied hinzufügen',
                choose: 'Hinzuzufügendes Profil (Suche nach ACS-ID)',
                search: 'Nach ACS-ID suchen',
                remove: 'Aus der Gruppe entfernen',
                confirmRemove: '%{profile} aus %{group} entfernen?',
                confirmRemoveContent:
                    'Die Geräte, die die Gruppe bedienen, lassen diese Person nicht mehr durch, es sei denn, eine andere ihrer Gruppen enthält sie.',
                acs_id: 'ACS-ID',
                status: 'Status',
                badges: 'Ausweis-IDs',
                noAcsId: 'Profil Nr. %{id}',
            },
        },
    },
    // The dashboard's recent activity names these audit actions of access groups and profiles in words.
    layout: {
        dashboard: {
            actions: {
                make_default: 'hat als Standard festgelegt',
                add_devices: 'hat Geräte hinzugefügt zu',
                remove_device: 'hat ein Gerät entfernt aus',
                add_profiles: 'hat Mitglieder hinzugefügt zu',
                remove_profile: 'hat ein Mitglied entfernt aus',
                grant_access: 'hat Zutritt gewährt für',
                revoke_access: 'hat Zutritt entzogen für',
            },
        },
    },
    'Description is required': 'Die Beschreibung ist erforderlich',
    'Choose at least one device': 'Wählen Sie mindestens ein Gerät',
    'Choose at least one profile': 'Wählen Sie mindestens ein Profil',
};
export default de;
