import type { Messages } from '../../plugins/types';

/** Texts of the card formats section; the validation texts of contract/card-formats.ts are keyed by their English text. */
const nl: Messages = {
    resources: {
        roles: { resources: { cardFormats: 'Kaartformaten' } },
        audit_logs: { resourceNames: { cardFormats: 'Kaartformaten' } },
        card_formats: {
            deleteTitle: 'De kaartindeling „%{name}” verwijderen?',
            name: 'Kaartformaat |||| Kaartformaten',
            section: 'Kaartformaten',
            intro: 'De vooraf gedefinieerde formaten zijn voor elk account beschikbaar; voeg de formaten toe die de kaarten van uw locatie gebruiken.',
            create: 'Kaartformaat aanmaken',
            withFacility: 'Het formaat bevat een facility code',
            parity: 'Pariteitsbits',
            addParity: 'Een pariteitsbit toevoegen',
            preview: 'Facility 1, kaart 1 geeft',
            even: 'even',
            odd: 'oneven',
            deleteWarning:
                'Als u een kaartformaat verwijdert, worden de bijbehorende bezoekersbadges, uitsluitingskaarten en beveiligingsgebeurtenissen definitief verwijderd. De kaarten die het gebruiken, moeten eerst worden verwijderd.',
            types: {
                predefined: 'Vooraf gedefinieerd',
                custom: 'Aangepast',
            },
            fields: {
                name: 'Naam',
                type: 'Type',
                bits: 'Aantal bits',
                facility: 'Bits van de facility code',
                card: 'Bits van het kaartnummer',
                parity: 'Pariteit',
                sample: 'Facility 1, kaart 1',
                facilityStart: 'Facility code vanaf bit',
                facilityLength: 'Bits van de facility code',
                cardStart: 'Kaartnummer vanaf bit',
                cardLength: 'Bits van het kaartnummer',
                position: 'Bit',
                kind: 'Pariteit',
                covers: 'Omvat de bits',
            },
        },
    },
};
export default nl;
