import type { Messages } from '../../plugins/types';

/** Texts of the access group screens (SPEC 2.2, 2.6, 4.7, 4.8); the contract/ validation texts are keyed by their English text. */
const fr: Messages = {
    menu: { accessGroups: 'Groupes d’accès' },
    resources: {
        audit_logs: {
            resourceNames: { accessGroups: 'Groupes d’accès' },
            actionNames: {
                make_default: 'Groupe par défaut',
                add_profiles: 'Ajout de porteurs de badge',
                remove_profile: 'Retrait d’un porteur de badge',
            },
        },
        access_groups: {
            name: 'Groupe d’accès |||| Groupes d’accès',
            listEmpty: {
                write: 'Un groupe d’accès laisse passer ses membres aux appareils qui le servent. Ajoutez-en un, puis donnez-lui des appareils et des membres.',
                read: 'Un groupe d’accès laisse passer ses membres aux appareils qui le servent. Les administrateurs et installateurs du compte les créent.',
            },
            createsIn:
                'Le groupe est ajouté à %{account}. Pour l’ajouter à un autre compte, choisissez d’abord ce compte dans le filtre Compte de la liste.',
            add: 'Ajouter un groupe d’accès',
            edit: 'Modifier le groupe d’accès',
            default: 'Par défaut',
            makeDefault: 'Définir par défaut',
            defaultDeleteTooltip: 'C’est le groupe d’accès par défaut : choisissez d’abord un autre groupe par défaut.',
            defaultLocked: 'Le groupe par défaut du compte. Pour le changer, définissez un autre groupe par défaut.',
            defaultHelp: 'Les appareils approuvés dans le compte desservent le groupe par défaut jusqu’à nouvel ordre.',
            intro: 'Les profils d’un groupe passent aux appareils qui le desservent.',
            fields: {
                description: 'Description',
                default_group: 'Groupe par défaut',
                devices_count: 'Appareils',
                profiles_count: 'Membres',
                created_at: 'Créé le',
            },
            devices: {
                title: 'Appareils',
                empty: 'Aucun appareil ne dessert ce groupe : ses membres ne passent encore nulle part.',
                add: 'Ajouter l’appareil',
                choose: 'Appareil à ajouter',
                remove: 'Ne plus desservir ce groupe',
                confirmRemove: '%{device} doit-il cesser de desservir %{group} ?',
                confirmRemoveContent:
                    'Les membres du groupe ne passent plus à cet appareil, sauf si un autre groupe qu’il dessert les contient.',
                description: 'Appareil',
                hardware_id: 'Identifiant matériel',
                status: 'État',
                statuses: { pending: 'En attente d’approbation', online: 'En ligne', offline: 'Hors ligne', rejected: 'Refusé' },
            },
            members: {
                title: 'Membres',
                empty: 'Aucun porteur de badge dans ce groupe.',
                add: 'Ajouter le membre',
                choose: 'Profil à ajouter (recherche par identifiant ACS)',
                search: 'Rechercher par identifiant ACS',
                remove: 'Retirer du groupe',
                confirmRemove: 'Retirer %{profile} de %{group} ?',
                confirmRemoveContent:
                    'Les appareils qui desservent le groupe ne laissent plus passer cette personne, sauf si un autre de leurs groupes la contient.',
                acs_id: 'Identifiant ACS',
                status: 'État',
                badges: 'Badges',
                noAcsId: 'Profil n° %{id}',
            },
        },
    },
    layout: {
        dashboard: {
            actions: {
                make_default: 'a défini par défaut',
                add_devices: 'a ajouté des appareils à',
                remove_device: 'a retiré un appareil de',
                add_profiles: 'a ajouté des membres à',
                remove_profile: 'a retiré un membre de',
                grant_access: 'a donné accès à',
                revoke_access: 'a retiré l’accès à',
            },
        },
    },
    'Description is required': 'La description est obligatoire',
    'Choose at least one device': 'Choisissez au moins un appareil',
    'Choose at least one profile': 'Choisissez au moins un profil',
};
export default fr;
