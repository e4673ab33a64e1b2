import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const de: Messages = {
    resources: {
        event_retention: {
            section: 'Aufbewahrung der Ereignisse',
            intro: 'Wie lange Sicherheitsereignisse und ihre Bilder aufbewahrt werden. Ältere Bilder werden entfernt (das Ereignis weist dann darauf hin), ältere Ereignisse werden mit ihren Bildern gelöscht.',
            fields: {
                eventImagesDays: 'Aufbewahrungsrichtlinie für Bilder: Ereignisbilder (Tage)',
                eventsDays: 'Aufbewahrungsrichtlinie für Sicherheitsereignisse (Tage)',
            },
            default: 'Leer: %{days} Tage',
            invalid: 'Eine ganze Zahl von Tagen von 1 bis %{max}',
            saved: 'Aufbewahrungsrichtlinien gespeichert',
        },
    },
};
export default de;
