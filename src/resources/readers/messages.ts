import type { Messages } from '../../plugins/types';

/** Texts of the readers screen; 'Reader is required' (SPEC 5) is keyed by its English text like every contract/ message. */
export const readerMessages: { en: Messages; fr: Messages } = {
    en: {
        resources: {
            readers: {
                name: 'Reader |||| Readers',
                create: 'Create reader',
                edit: 'Edit reader',
                notLinked: 'Not linked',
                linkedTo: 'Served by %{device}',
                takenBy: 'linked to %{reader}',
                pickerHelp: 'The device (rock) at this door. Leave empty to unlink.',
                filters: { linked: 'Link', linkedYes: 'Linked to a device', linkedNo: 'Not linked' },
                statuses: { pending: 'Pending approval', online: 'Online', offline: 'Offline', rejected: 'Rejected' },
                fields: {
                    description: 'Reader',
                    hardware_id: 'Device',
                    device: 'Device',
                    status: 'Device status',
                    updated_at: 'Last changed',
                },
            },
        },
        'Reader is required': 'Reader is required',
        "Choose a device of the reader's account": "Choose a device of the reader's account",
    },
    fr: {
        resources: {
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
    },
};
