import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const it: Messages = {
    [M.noRecipient]: 'Scegli almeno un utente, un indirizzo e-mail o un webhook a cui inviare gli avvisi.',
    [M.foreignWebhooks]: 'Scegli webhook dell’account della regola.',
    [M.unknownUsers]: 'Scegli utenti dell’account della regola.',
    [M.foreignDevices]: 'Scegli dispositivi dell’account della regola.',
    [M.foreignGroups]: 'Scegli gruppi di accesso dell’account della regola.',
    [M.badAddress]: 'Inserisci solo indirizzi e-mail, uno per riga.',
    [M.periodRequired]: 'Per un riepilogo scegli orario o giornaliero.',
    [M.tooManyAddresses]: `Inserisci al massimo ${ALERT_RULE_EMAILS_MAX} altri indirizzi; per averne di più scegli gli utenti dell’account.`,
    [M.confirmationsPerDay]: `L’account ha chiesto conferma a ${ALERT_CONFIRMATIONS_PER_DAY} indirizzi nelle ultime 24 ore; aggiungi altri indirizzi domani.`,
    [M.resendTooSoon]: `Una richiesta di conferma è stata inviata a questo indirizzo meno di ${ALERT_CONFIRMATION_RESEND_MINUTES} minuti fa.`,
    [M.notWaiting]: 'Questo indirizzo non è in attesa di conferma.',
    [M.unknownAddress]: 'Questo indirizzo non è tra gli indirizzi della regola.',
    menu: { alertRules: 'Regole di avviso' },
    resources: {
        roles: { resources: { alertRules: 'Regole di avviso' } },
        audit_logs: { resourceNames: { alertRules: 'Regole di avviso' } },
        alert_rules: {
            name: 'Regola di avviso |||| Regole di avviso',
            listEmpty: {
                write: 'Una regola di avviso invia un’e-mail agli utenti scelti, o chiama i webhook dell’account, quando si verificano eventi di un certo tipo. Aggiungine una per esserne informato.',
                read: 'Una regola di avviso invia un’e-mail agli utenti scelti, o chiama i webhook dell’account, quando si verificano eventi di un certo tipo. Le creano gli amministratori dell’account.',
            },
            createsIn:
                'La regola viene aggiunta a %{account}. Per aggiungerla a un altro account, scegli prima quell’account nel filtro Account dell’elenco.',
            add: 'Aggiungi regola di avviso',
            anyEvent: 'Qualsiasi evento',
            devicesCount: '%{smart_count} dispositivo |||| %{smart_count} dispositivi',
            groupsCount: '%{smart_count} gruppo di accesso |||| %{smart_count} gruppi di accesso',
            usersCount: '%{smart_count} utente |||| %{smart_count} utenti',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhook',
            emailsHelp:
                'Indirizzi esterni all’account, uno per riga, al massimo %{max}: ciascuno riceve un’e-mail che chiede di confermare e riceve avvisi solo dopo averlo fatto',
            addresses: {
                title: 'Indirizzi esterni all’account',
                waiting: 'In attesa di conferma',
                confirmed: 'Confermato',
                refused: 'Rifiutato',
                askedAt: 'richiesto il %{date}',
                neverAsked: 'non ancora richiesto',
                lastError: 'ultima e-mail rifiutata: %{error} (%{date})',
                resend: 'Invia di nuovo la conferma',
                resent: 'E-mail di conferma inviata di nuovo',
                resendFailed: 'L’e-mail di conferma non è stata inviata',
            },
            fields: {
                name: 'Nome',
                enabled: 'Abilitata',
                what: 'Eventi',
                where: 'Destinatari',
                how: 'Invio',
                event_groups: 'Gruppi di eventi',
                event_types: 'Tipi di evento',
                device_ids: 'Dispositivi',
                access_group_ids: 'Gruppi di accesso',
                user_ids: 'Utenti',
                emails: 'Indirizzi e-mail',
                webhook_ids: 'Webhook',
                delivery: 'Invio',
                digest_period: 'Periodo del riepilogo',
            },
            help: {
                any: 'Vuoto: qualsiasi',
                device_ids: 'Solo eventi di questi dispositivi; vuoto: qualsiasi dispositivo',
                access_group_ids: 'Solo eventi di persone di questi gruppi di accesso; vuoto: chiunque',
                user_ids: 'Utenti dell’account che ricevono gli avvisi al proprio indirizzo e-mail',
                webhook_ids: 'Webhook dell’account che ricevono anch’essi questi eventi, firmati e con nuovi tentativi',
                delivery:
                    'Subito: un’e-mail per controllo (ogni pochi secondi) con i nuovi eventi. Riepilogo: un’e-mail per periodo, nessuna se non è successo nulla',
            },
            delivery: { immediate: 'Subito', digest: 'Riepilogo' },
            how: { immediate: 'Subito', hourly: 'Riepilogo orario', daily: 'Riepilogo giornaliero' },
        },
    },
};
export default it;
