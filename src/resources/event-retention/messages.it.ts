import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const it: Messages = {
    resources: {
        event_retention: {
            section: 'Conservazione degli eventi',
            intro: 'Per quanto tempo vengono conservati gli eventi di sicurezza e le loro immagini. Le immagini più vecchie vengono rimosse (l’evento lo indica) e gli eventi più vecchi vengono eliminati con le loro immagini.',
            fields: {
                eventImagesDays: 'Criterio di conservazione delle immagini: immagini degli eventi (giorni)',
                eventsDays: 'Criterio di conservazione degli eventi di sicurezza (giorni)',
            },
            default: 'Vuoto: %{days} giorni',
            invalid: 'Un numero intero di giorni da 1 a %{max}',
            saved: 'Criteri di conservazione salvati',
        },
    },
};
export default it;
