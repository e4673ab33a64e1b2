import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
export const eventRetentionMessages: { en: Messages; fr: Messages } = {
    en: {
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
    },
    fr: {
        resources: {
            event_retention: {
                section: 'Conservation des événements',
                intro: 'Durée de conservation des événements de sécurité et de leurs images. Les images plus anciennes sont supprimées (l’événement l’indique alors) et les événements plus anciens sont supprimés avec leurs images.',
                fields: {
                    eventImagesDays: 'Politique de conservation des images : images des événements (jours)',
                    eventsDays: 'Politique de conservation des événements de sécurité (jours)',
                },
                default: 'Vide : %{days} jours',
                invalid: 'Un nombre entier de jours entre 1 et %{max}',
                saved: 'Politiques de conservation enregistrées',
            },
        },
    },
};
