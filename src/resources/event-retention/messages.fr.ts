import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const fr: Messages = {
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
};
export default fr;
