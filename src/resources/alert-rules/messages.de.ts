import type { Messages } from '../../plugins/types';
import { ALERT_RULE_MESSAGES as M } from '../../../contract/alertRuleTexts';

/** Texte der Alarmregel-Seiten (Issue 15); die Validierungstexte aus contract/ haben ihren englischen Text als Schlüssel. */
const de: Messages = {
    [M.noRecipient]: 'Wählen Sie mindestens einen Benutzer, eine E-Mail-Adresse oder einen Webhook, an die die Alarme gehen.',
    [M.foreignWebhooks]: 'Wählen Sie Webhooks des Kontos der Regel.',
    [M.unknownUsers]: 'Wählen Sie Benutzer aus dem Konto der Regel.',
    [M.foreignDevices]: 'Wählen Sie Geräte aus dem Konto der Regel.',
    [M.foreignGroups]: 'Wählen Sie Zutrittsgruppen aus dem Konto der Regel.',
    [M.badAddress]: 'Geben Sie nur E-Mail-Adressen ein, eine pro Zeile.',
    [M.periodRequired]: 'Wählen Sie für eine Zusammenfassung stündlich oder täglich.',
    menu: { alertRules: 'Alarmregeln' },
    resources: {
        roles: { resources: { alertRules: 'Alarmregeln' } },
        audit_logs: { resourceNames: { alertRules: 'Alarmregeln' } },
        alert_rules: {
            name: 'Alarmregel |||| Alarmregeln',
            add: 'Alarmregel hinzufügen',
            anyEvent: 'Jedes Ereignis',
            devicesCount: '%{smart_count} Gerät |||| %{smart_count} Geräte',
            groupsCount: '%{smart_count} Zutrittsgruppe |||| %{smart_count} Zutrittsgruppen',
            usersCount: '%{smart_count} Benutzer |||| %{smart_count} Benutzer',
            webhooksCount: '%{smart_count} Webhook |||| %{smart_count} Webhooks',
            emailsHelp: 'Weitere Adressen, die die Alarme erhalten, eine pro Zeile',
            fields: {
                name: 'Name',
                enabled: 'Aktiv',
                what: 'Ereignisse',
                where: 'Empfänger',
                how: 'Versand',
                event_groups: 'Ereignisgruppen',
                event_types: 'Ereignistypen',
                device_ids: 'Geräte',
                access_group_ids: 'Zutrittsgruppen',
                user_ids: 'Benutzer',
                emails: 'E-Mail-Adressen',
                webhook_ids: 'Webhooks',
                delivery: 'Versand',
                digest_period: 'Zeitraum der Zusammenfassung',
            },
            help: {
                any: 'Leer: alle',
                device_ids: 'Nur Ereignisse dieser Geräte; leer: jedes Gerät',
                access_group_ids: 'Nur Ereignisse von Personen in diesen Zutrittsgruppen; leer: alle Personen',
                user_ids: 'Benutzer des Kontos, die die Alarme an ihre E-Mail-Adresse erhalten',
                webhook_ids: 'Webhooks des Kontos, die diese Ereignisse ebenfalls erhalten, signiert und bei Fehlern erneut gesendet',
                delivery:
                    'Sofort: eine E-Mail pro Prüfung (alle paar Sekunden) mit den neuen Ereignissen. Zusammenfassung: eine E-Mail pro Zeitraum, keine, wenn nichts geschah',
            },
            delivery: { immediate: 'Sofort', digest: 'Zusammenfassung' },
            how: { immediate: 'Sofort', hourly: 'Stündliche Zusammenfassung', daily: 'Tägliche Zusammenfassung' },
        },
    },
};
export default de;
