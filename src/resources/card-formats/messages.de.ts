import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const de: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Kartenformate' } },
        audit_logs: { resourceNames: { cardFormats: 'Kartenformate' } },
        card_formats: {
            deleteTitle: 'Das Kartenformat „%{name}“ löschen?',
            name: 'Kartenformat |||| Kartenformate',
            section: 'Kartenformate',
            intro: 'Die vordefinierten Formate stehen jedem Konto zur Verfügung; fügen Sie die Formate hinzu, die die Karten Ihres Standorts verwenden.',
            create: 'Kartenformat erstellen',
            withFacility: 'Das Format enthält einen Anlagencode',
            parity: 'Paritätsbits',
            addParity: 'Paritätsbit hinzufügen',
            preview: 'Anlagencode 1, Kartennummer 1 ergibt',
            even: 'gerade',
            odd: 'ungerade',
            deleteWarning:
                'Das Löschen eines Kartenformats löscht endgültig seine Besucherausweise, Ausnahmekarten und Sicherheitsereignisse. Die Karten, die es verwenden, müssen zuerst entfernt werden.',
            types: {
                predefined: 'Vordefiniert',
                custom: 'Benutzerdefiniert',
            },
            fields: {
                name: 'Name',
                type: 'Typ',
                bits: 'Anzahl der Bits',
                facility: 'Bits des Anlagencodes',
                card: 'Bits der Kartennummer',
                parity: 'Parität',
                sample: 'Anlagencode 1, Kartennummer 1',
                facilityStart: 'Anlagencode ab Bit',
                facilityLength: 'Bits des Anlagencodes',
                cardStart: 'Kartennummer ab Bit',
                cardLength: 'Bits der Kartennummer',
                position: 'Bit',
                kind: 'Parität',
                covers: 'Umfasst die Bits',
            },
        },
    },
};
export default de;
