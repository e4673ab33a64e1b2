import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
const fr: Messages = {
    menu: { readers: 'Lecteurs' },
    resources: {
        audit_logs: { resourceNames: { readers: 'Lecteurs' } },
        readers: {
            name: 'Lecteur |||| Lecteurs',
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
