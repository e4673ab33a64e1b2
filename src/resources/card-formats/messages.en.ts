import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const en: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Card formats' } },
        audit_logs: { resourceNames: { cardFormats: 'Card formats' } },
        card_formats: {
            deleteTitle: "Delete the card format '%{name}'?",
            name: 'Card format |||| Card formats',
            section: 'Card formats',
            intro: 'The predefined formats are available to every account; add the formats your site’s cards use.',
            create: 'Create card format',
            withFacility: 'The format carries a facility code',
            parity: 'Parity bits',
            addParity: 'Add a parity bit',
            preview: 'Facility 1, card 1 gives',
            even: 'even',
            odd: 'odd',
            deleteWarning:
                'Deleting a card format permanently deletes its visitor badges, exclusion cards and security events. The cards that use it must be removed first.',
            types: {
                predefined: 'Predefined',
                custom: 'Custom',
            },
            fields: {
                name: 'Name',
                type: 'Type',
                bits: 'Number of bits',
                facility: 'Facility code bits',
                card: 'Card number bits',
                parity: 'Parity',
                sample: 'Facility 1, card 1',
                facilityStart: 'Facility code from bit',
                facilityLength: 'Facility code bits',
                cardStart: 'Card number from bit',
                cardLength: 'Card number bits',
                position: 'Bit',
                kind: 'Parity',
                covers: 'Covers bits',
            },
        },
    },
};
export default en;
