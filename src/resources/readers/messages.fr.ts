import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const fr: Messages = {
    menu: { readers: 'Lecteurs' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lecteurs' } },
        readers: {
            deleteTitle: 'Supprimer le lecteur « %{name} » ?',
            name: 'Lecteur |||| Lecteurs',
            listEmpty: {
                write: 'Un lecteur est une porte du système de contrôle d’accès (ACS). Créez-en un, puis liez-le à l’appareil de cette porte.',
                read: 'Un lecteur est une porte du système de contrôle d’accès (ACS). Les administrateurs et installateurs du compte les créent.',
            },
            createsIn:
                'Le lecteur est ajouté à %{account}. Pour l’ajouter à un autre compte, choisissez d’abord ce compte dans le filtre Compte de la liste.',
            create: 'Créer un lecteur',
            edit: 'Modifier le lecteur',
            notLinked: 'Non lié',
            linkedTo: 'Desservi par %{device}',
            takenBy: 'lié à %{reader}',
            pickerHelp: 'L’appareil (rock) de cette porte. Laissez vide pour délier.',
            filters: { linked: 'Liaison', linkedYes: 'Lié à un appareil', linkedNo: 'Non lié' },
            statuses: { pending: 'En attente d’approbation', online: 'En ligne', offline: 'Hors ligne', rejected: 'Refusé' },
            fields: {
                description: 'Lecteur',
                hardware_id: 'Appareil',
                device: 'Appareil',
                status: 'État de l’appareil',
                updated_at: 'Dernière modification',
            },
        },
    },
    'Reader is required': 'Le lecteur est obligatoire',
    "Choose a device of the reader's account": 'Choisissez un appareil du compte du lecteur',
};
export default fr;
