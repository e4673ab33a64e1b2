import type { Messages } from '../../plugins/types';
import { ALERT_RULE_MESSAGES as M } from '../../../contract/alertRuleTexts';

/** Texts of the alert rules screens (docs/decisions.md "Alert rules"); the contract/ validation texts are keyed by their English text. */
const en: Messages = {
    [M.noRecipient]: M.noRecipient,
    [M.foreignWebhooks]: M.foreignWebhooks,
    [M.unknownUsers]: M.unknownUsers,
    [M.foreignDevices]: M.foreignDevices,
    [M.foreignGroups]: M.foreignGroups,
    [M.badAddress]: M.badAddress,
    [M.periodRequired]: M.periodRequired,
    [M.tooManyAddresses]: M.tooManyAddresses,
    [M.confirmationsPerDay]: M.confirmationsPerDay,
    [M.resendTooSoon]: M.resendTooSoon,
    [M.notWaiting]: M.notWaiting,
    [M.unknownAddress]: M.unknownAddress,
    menu: { alertRules: 'Alert Rules' },
    resources: {
        roles: { resources: { alertRules: 'Alert rules' } },
        audit_logs: { resourceNames: { alertRules: 'Alert rules' } },
        alert_rules: {
            name: 'Alert rule |||| Alert rules',
            listEmpty: {
                write: 'An alert rule mails chosen users, or calls the account’s webhooks, when events of a kind happen. Add one to be told of them.',
                read: 'An alert rule mails chosen users, or calls the account’s webhooks, when events of a kind happen. The account’s administrators create them.',
            },
            createsIn:
                'The rule is added to %{account}. To add it to another account, choose that account in the list’s Account filter first.',
            add: 'Add alert rule',
            anyEvent: 'Any event',
            devicesCount: '%{smart_count} device |||| %{smart_count} devices',
            groupsCount: '%{smart_count} access group |||| %{smart_count} access groups',
            usersCount: '%{smart_count} user |||| %{smart_count} users',
            webhooksCount: '%{smart_count} webhook |||| %{smart_count} webhooks',
            emailsHelp:
                'Addresses outside the account, one a line, at most %{max}: each gets a mail asking it to confirm, and alerts only once it has',
            addresses: {
                title: 'Addresses outside the account',
                waiting: 'Waiting for confirmation',
                confirmed: 'Confirmed',
                refused: 'Refused',
                askedAt: 'asked %{date}',
                neverAsked: 'not asked yet',
                lastError: 'last mail refused: %{error} (%{date})',
                resend: 'Send the confirmation again',
                resent: 'Confirmation mail sent again',
                resendFailed: 'The confirmation mail was not sent',
            },
            fields: {
                name: 'Name',
                enabled: 'Enabled',
                what: 'Events',
                where: 'Recipients',
                how: 'Sent',
                event_groups: 'Event groups',
                event_types: 'Event types',
                device_ids: 'Devices',
                access_group_ids: 'Access groups',
                user_ids: 'Users',
                emails: 'E-mail addresses',
                webhook_ids: 'Webhooks',
                delivery: 'Sending',
                digest_period: 'Digest period',
            },
            help: {
                any: 'Empty: any',
                device_ids: 'Only events of these devices; empty: any device',
                access_group_ids: 'Only events of people in these access groups; empty: anyone',
                user_ids: 'Users of the account who get the alerts at their e-mail address',
                webhook_ids: 'Webhooks of the account that also receive these events, signed and retried',
                delivery:
                    'At once: one mail per check (every few seconds) with the new events. Digest: one mail per period, none when nothing happened',
            },
            delivery: { immediate: 'At once', digest: 'Digest' },
            how: { immediate: 'At once', hourly: 'Hourly digest', daily: 'Daily digest' },
        },
    },
};
export default en;
