import type { Messages } from '../../plugins/types';

/** Texts of the event retention section of the account page. */
const ptBR: Messages = {
    resources: {
        event_retention: {
            section: 'Retenção de eventos',
            intro: 'Por quanto tempo os eventos de segurança e suas imagens são mantidos. As imagens mais antigas são removidas (o evento passa a indicar isso) e os eventos mais antigos são excluídos com suas imagens.',
            fields: {
                eventImagesDays: 'Política de retenção de imagens: imagens de eventos (dias)',
                eventsDays: 'Política de retenção de eventos de segurança (dias)',
            },
            default: 'Vazio: %{days} dias',
            invalid: 'Um número inteiro de dias de 1 a %{max}',
            saved: 'Políticas de retenção salvas',
        },
    },
};
export default ptBR;
