import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const nl: Messages = {
    resources: {
        event_retention: {
            section: 'Bewaartermijn van gebeurtenissen',
            intro: 'Hoe lang beveiligingsgebeurtenissen en hun afbeeldingen worden bewaard. Oudere afbeeldingen worden verwijderd (de gebeurtenis vermeldt dat), oudere gebeurtenissen worden met hun afbeeldingen verwijderd.',
            fields: {
                eventImagesDays: 'Bewaarbeleid voor afbeeldingen: gebeurtenisafbeeldingen (dagen)',
                eventsDays: 'Bewaarbeleid voor beveiligingsgebeurtenissen (dagen)',
            },
            default: 'Leeg: %{days} dagen',
            invalid: 'Een geheel aantal dagen van 1 tot %{max}',
            saved: 'Bewaarbeleid opgeslagen',
        },
    },
};
export default nl;
