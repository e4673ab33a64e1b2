import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const en: Messages = {
    resources: {
        event_retention: {
            section: 'Event retention',
            intro: 'How long security events and their images are kept. Older images are removed (the event then says so), and older events are deleted with their images.',
            fields: {
                eventImagesDays: 'Image retention policy: event images (days)',
                eventsDays: 'Security event retention policy (days)',
            },
            default: 'Empty: %{days} days',
            invalid: 'A whole number of days from 1 to %{max}',
            saved: 'Retention policies saved',
        },
    },
};
export default en;
