import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const es: Messages = {
    resources: {
        event_retention: {
            section: 'Conservación de eventos',
            intro: 'Cuánto tiempo se conservan los eventos de seguridad y sus imágenes. Las imágenes más antiguas se eliminan (el evento lo indica) y los eventos más antiguos se eliminan junto con sus imágenes.',
            fields: {
                eventImagesDays: 'Política de conservación de imágenes: imágenes de eventos (días)',
                eventsDays: 'Política de conservación de eventos de seguridad (días)',
            },
            default: 'Vacío: %{days} días',
            invalid: 'Un número entero de días de 1 a %{max}',
            saved: 'Políticas de conservación guardadas',
        },
    },
};
export default es;
