import type { Messages } from '../../plugins/types';
import {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES as M,
} from '../../../contract/alertRuleTexts';

/** Texte der Alarmregel-Seiten (docs/decisions.md "Alert rules"); die Validierungstexte aus contract/ haben ihren englischen Text als Schlüssel. */
const de: Messages = {
    [M.noRecipient]: 'Wählen Sie mindestens einen Benutzer, eine E-Mail-Adresse oder einen Webhook, an die die Alarme gehen.',
    [M.foreignWebhooks]: 'Wählen Sie Webhooks des Kontos der Regel.',
    [M.unknownUsers]: 'Wählen Sie Benutzer aus dem Konto der Regel.',
    [M.foreignDevices]: 'Wählen Sie Geräte aus dem Konto der Regel.',
    [M.foreignGroups]: 'Wählen Sie Zutrittsgruppen aus dem Konto der Regel.',
    [M.badAddress]: 'Geben Sie nur E-Mail-Adressen ein, eine pro Zeile.',
    [M.periodRequired]: 'Wählen Sie für eine Zusammenfassung stündlich oder täglich.',
    [M.tooManyAddresses]: `Geben Sie höchstens ${ALERT_RULE_EMAILS_MAX} weitere Adressen ein; wählen Sie für mehr die Benutzer des Kontos.`,
    [M.confirmationsPerDay]: `Das Konto hat in den letzten 24 Stunden ${ALERT_CONFIRMATIONS_PER_DAY} Adressen um Bestätigung gebeten; fügen Sie weitere Adressen morgen hinzu.`,
    [M.resendTooSoon]: `An diese Adresse wurde vor weniger als ${ALERT_CONFIRMATION_RESEND_MINUTES} Minuten eine Bestätigungsanfrage gesendet.`,
    [M.notWaiting]: 'Diese Adresse wartet auf keine Bestätigung.',
    [M.unknownAddress]: 'Diese Adresse gehört nicht zur Regel.',
    menu: { alertRules: 'Alarmregeln' },
    resources: {
        roles: { resources: { alertRules: 'Alarmregeln' } },
        audit_logs: { resourceNames: { alertRules: 'Alarmregeln' } },
        alert_rules: {
            name: 'Alarmregel |||| Alarmregeln',
            listEmpty: {
                write: 'Eine Alarmregel schreibt ausgewählten Benutzern oder ruft die Webhooks des Kontos auf, wenn Ereignisse einer Art eintreten. Legen Sie eine an, um davon zu erfahren.',
                read: 'Eine Alarmregel schreibt ausgewählten Benutzern oder ruft die Webhooks des Kontos auf, wenn Ereignisse einer Art eintreten. Die Administratoren des Kontos legen sie an.',
            },
            createsIn:
                'Die Regel wird zu %{account} hinzugefügt. Um sie einem anderen Konto hinzuzufügen, wählen Sie zuerst dieses Konto im Kontofilter der Liste.',
            add: 'Alarmregel hinzufügen',
            anyEvent: 'Jedes Ereignis',
            devicesCount: '%{smart_count} Gerät |||| %{smart_count} Geräte',
            groupsCount: '%{smart_count} Zutrittsgruppe |||| %{smart_count} Zutrittsgruppen',
            usersCount: '%{smart_count} Benutzer |||| %{smart_count} Benutzer',
            webhooksCount: '%{smart_count} Webhook |||| %{smart_count} Webhooks',
            emailsHelp:
                'Adressen außerhalb des Kontos, eine pro Zeile, höchstens %{max}: Jede erhält eine E-Mail mit der Bitte um Bestätigung und Alarme erst danach',
            addresses: {
                title: 'Adressen außerhalb des Kontos',
                waiting: 'Wartet auf Bestätigung',
                confirmed: 'Bestätigt',
                refused: 'Abgelehnt',
                askedAt: 'angefragt %{date}',
                neverAsked: 'noch nicht angefragt',
                lastError: 'letzte E-Mail abgewiesen: %{error} (%{date})',
                resend: 'Bestätigungsanfrage erneut senden',
                resent: 'Bestätigungsanfrage erneut gesendet',
                resendFailed: 'Die Bestätigungsanfrage wurde nicht gesendet',
            },
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
