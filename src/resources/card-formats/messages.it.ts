import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const it: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Formati di tessera' } },
        audit_logs: { resourceNames: { cardFormats: 'Formati di tessera' } },
        card_formats: {
            deleteTitle: 'Eliminare il formato di tessera «%{name}»?',
            name: 'Formato di tessera |||| Formati di tessera',
            section: 'Formati di tessera',
            intro: 'I formati predefiniti sono disponibili per ogni account; aggiungi i formati usati dalle tessere del tuo sito.',
            create: 'Crea formato di tessera',
            withFacility: 'Il formato contiene un codice impianto',
            parity: 'Bit di parità',
            addParity: 'Aggiungi un bit di parità',
            preview: 'Impianto 1, tessera 1 dà',
            even: 'pari',
            odd: 'dispari',
            deleteWarning:
                'L’eliminazione di un formato di tessera elimina definitivamente i relativi badge visitatore, tessere di esclusione ed eventi di sicurezza. Le tessere che lo usano devono essere rimosse prima.',
            types: {
                predefined: 'Predefinito',
                custom: 'Personalizzato',
            },
            fields: {
                name: 'Nome',
                type: 'Tipo',
                bits: 'Numero di bit',
                facility: 'Bit del codice impianto',
                card: 'Bit del numero di tessera',
                parity: 'Parità',
                sample: 'Impianto 1, tessera 1',
                facilityStart: 'Codice impianto dal bit',
                facilityLength: 'Bit del codice impianto',
                cardStart: 'Numero di tessera dal bit',
                cardLength: 'Bit del numero di tessera',
                position: 'Bit',
                kind: 'Parità',
                covers: 'Copre i bit',
            },
        },
    },
};
export default it;
