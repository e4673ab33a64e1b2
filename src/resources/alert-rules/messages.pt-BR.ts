import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const ptBR: Messages = {
    [M.noRecipient]: 'Escolha pelo menos um usuário, endereço de e-mail ou webhook para receber os alertas.',
    [M.foreignWebhooks]: 'Escolha webhooks da conta da regra.',
    [M.unknownUsers]: 'Escolha usuários da conta da regra.',
    [M.foreignDevices]: 'Escolha dispositivos da conta da regra.',
    [M.foreignGroups]: 'Escolha grupos de acesso da conta da regra.',
    [M.badAddress]: 'Informe apenas endereços de e-mail, um por linha.',
    [M.periodRequired]: 'Escolha por hora ou diário para um resumo.',
    [M.tooManyAddresses]: `Informe no máximo ${ALERT_RULE_EMAILS_MAX} outros endereços; para mais, escolha os usuários da conta.`,
    [M.confirmationsPerDay]: `A conta pediu confirmação a ${ALERT_CONFIRMATIONS_PER_DAY} endereços nas últimas 24 horas; adicione mais endereços amanhã.`,
    [M.resendTooSoon]: `Uma confirmação foi enviada a este endereço há menos de ${ALERT_CONFIRMATION_RESEND_MINUTES} minutos.`,
    [M.notWaiting]: 'Este endereço não está aguardando confirmação.',
    [M.unknownAddress]: 'Este endereço não é um dos endereços da regra.',
    menu: { alertRules: 'Regras de alerta' },
    resources: {
        roles: { resources: { alertRules: 'Regras de alerta' } },
        audit_logs: { resourceNames: { alertRules: 'Regras de alerta' } },
        alert_rules: {
            name: 'Regra de alerta |||| Regras de alerta',
            listEmpty: {
                write: 'Uma regra de alerta envia e-mail a usuários escolhidos, ou chama os webhooks da conta, quando ocorrem eventos de um tipo. Adicione uma para ser avisado.',
                read: 'Uma regra de alerta envia e-mail a usuários escolhidos, ou chama os webhooks da conta, quando ocorrem eventos de um tipo. Os administradores da conta as criam.',
            },
            createsIn:
                'A regra é adicionada a %{account}. Para adicioná-la a outra conta, escolha primeiro essa conta no filtro Conta da lista.',
            add: 'Adicionar regra de alerta',
            anyEvent: 'Qualquer evento',
            devicesCount: '%{smart_count} dispositivo |||| %{smart_count} dispositivos',
            groupsCount: '%{smart_count} grupo de acesso |||| %{smart_count} grupos de acesso',
            usersCount: '%{smart_count} usuário |||| %{smart_count} usuários',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp:
                'Endereços fora da conta, um por linha, no máximo %{max}: cada um recebe um e-mail pedindo confirmação e só recebe alertas depois de confirmar',
            addresses: {
                title: 'Endereços fora da conta',
                waiting: 'Aguardando confirmação',
                confirmed: 'Confirmado',
                refused: 'Recusado',
                askedAt: 'solicitado em %{date}',
                neverAsked: 'ainda não solicitado',
                lastError: 'último e-mail recusado: %{error} (%{date})',
                resend: 'Enviar a confirmação novamente',
                resent: 'E-mail de confirmação enviado novamente',
                resendFailed: 'O e-mail de confirmação não foi enviado',
            },
            fields: {
                name: 'Nome',
                enabled: 'Ativada',
                what: 'Eventos',
                where: 'Destinatários',
                how: 'Envio',
                event_groups: 'Grupos de eventos',
                event_types: 'Tipos de evento',
                device_ids: 'Dispositivos',
                access_group_ids: 'Grupos de acesso',
                user_ids: 'Usuários',
                emails: 'Endereços de e-mail',
                webhook_ids: 'Webhooks',
                delivery: 'Envio',
                digest_period: 'Período do resumo',
            },
            help: {
                any: 'Vazio: qualquer',
                device_ids: 'Somente eventos destes dispositivos; vazio: qualquer dispositivo',
                access_group_ids: 'Somente eventos de pessoas destes grupos de acesso; vazio: qualquer pessoa',
                user_ids: 'Usuários da conta que recebem os alertas no seu endereço de e-mail',
                webhook_ids: 'Webhooks da conta que também recebem estes eventos, assinados e com novas tentativas',
                delivery:
                    'Imediato: um e-mail por verificação (a cada poucos segundos) com os novos eventos. Resumo: um e-mail por período, nenhum quando nada aconteceu',
            },
            delivery: { immediate: 'Imediato', digest: 'Resumo' },
            how: { immediate: 'Imediato', hourly: 'Resumo por hora', daily: 'Resumo diário' },
        },
    },
};
export default ptBR;
