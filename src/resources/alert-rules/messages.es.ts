import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Textos de las pantallas de reglas de alerta (docs/decisions.md "Alert rules"); los textos de validación de contract/ tienen su texto en inglés como clave. */
const es: Messages = {
    [M.noRecipient]: 'Elija al menos un usuario, una dirección de correo o un webhook al que enviar las alertas.',
    [M.foreignWebhooks]: 'Elija webhooks de la cuenta de la regla.',
    [M.unknownUsers]: 'Elija usuarios de la cuenta de la regla.',
    [M.foreignDevices]: 'Elija dispositivos de la cuenta de la regla.',
    [M.foreignGroups]: 'Elija grupos de acceso de la cuenta de la regla.',
    [M.badAddress]: 'Introduzca solo direcciones de correo, una por línea.',
    [M.periodRequired]: 'Elija cada hora o diario para un resumen.',
    [M.tooManyAddresses]: `Introduzca como máximo ${ALERT_RULE_EMAILS_MAX} direcciones más; elija los usuarios de la cuenta para más.`,
    [M.confirmationsPerDay]: `La cuenta ha pedido confirmar a ${ALERT_CONFIRMATIONS_PER_DAY} direcciones en las últimas 24 horas; añada más direcciones mañana.`,
    [M.resendTooSoon]: `Se envió una solicitud de confirmación a esta dirección hace menos de ${ALERT_CONFIRMATION_RESEND_MINUTES} minutos.`,
    [M.notWaiting]: 'Esta dirección no está esperando una confirmación.',
    [M.unknownAddress]: 'Esta dirección no es una de las direcciones de la regla.',
    menu: { alertRules: 'Reglas de alerta' },
    resources: {
        roles: { resources: { alertRules: 'Reglas de alerta' } },
        audit_logs: { resourceNames: { alertRules: 'Reglas de alerta' } },
        alert_rules: {
            name: 'Regla de alerta |||| Reglas de alerta',
            listEmpty: {
                write: 'Una regla de alerta escribe a los usuarios elegidos, o llama a los webhooks de la cuenta, cuando ocurren eventos de un tipo. Añada una para enterarse.',
                read: 'Una regla de alerta escribe a los usuarios elegidos, o llama a los webhooks de la cuenta, cuando ocurren eventos de un tipo. Los administradores de la cuenta las crean.',
            },
            createsIn:
                'La regla se añade a %{account}. Para añadirla a otra cuenta, elija primero esa cuenta en el filtro Cuenta de la lista.',
            add: 'Añadir regla de alerta',
            anyEvent: 'Cualquier evento',
            devicesCount: '%{smart_count} dispositivo |||| %{smart_count} dispositivos',
            groupsCount: '%{smart_count} grupo de acceso |||| %{smart_count} grupos de acceso',
            usersCount: '%{smart_count} usuario |||| %{smart_count} usuarios',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp:
                'Direcciones fuera de la cuenta, una por línea, %{max} como máximo: cada una recibe un correo que le pide confirmar, y las alertas solo después',
            addresses: {
                title: 'Direcciones fuera de la cuenta',
                waiting: 'Esperando confirmación',
                confirmed: 'Confirmada',
                refused: 'Rechazada',
                askedAt: 'solicitada el %{date}',
                neverAsked: 'aún no solicitada',
                lastError: 'último correo rechazado: %{error} (%{date})',
                resend: 'Reenviar la solicitud de confirmación',
                resent: 'Solicitud de confirmación reenviada',
                resendFailed: 'La solicitud de confirmación no se envió',
            },
            fields: {
                name: 'Nombre',
                enabled: 'Activa',
                what: 'Eventos',
                where: 'Destinatarios',
                how: 'Envío',
                event_groups: 'Grupos de eventos',
                event_types: 'Tipos de eventos',
                device_ids: 'Dispositivos',
                access_group_ids: 'Grupos de acceso',
                user_ids: 'Usuarios',
                emails: 'Direcciones de correo',
                webhook_ids: 'Webhooks',
                delivery: 'Envío',
                digest_period: 'Periodo del resumen',
            },
            help: {
                any: 'Vacío: cualquiera',
                device_ids: 'Solo eventos de estos dispositivos; vacío: cualquier dispositivo',
                access_group_ids: 'Solo eventos de personas de estos grupos de acceso; vacío: cualquiera',
                user_ids: 'Usuarios de la cuenta que reciben las alertas en su dirección de correo',
                webhook_ids: 'Webhooks de la cuenta que también reciben estos eventos, firmados y con reintentos',
                delivery:
                    'Al momento: un correo por comprobación (cada pocos segundos) con los eventos nuevos. Resumen: un correo por periodo, ninguno si no pasó nada',
            },
            delivery: { immediate: 'Al momento', digest: 'Resumen' },
            how: { immediate: 'Al momento', hourly: 'Resumen cada hora', daily: 'Resumen diario' },
        },
    },
};
export default es;
