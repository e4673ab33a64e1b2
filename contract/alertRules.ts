import { z } from 'zod';
import { EVENT_GROUPS, EVENT_TYPES } from './eventTypes';
import { MESSAGES } from './validation';
import { ALERT_RULE_EMAILS_MAX, ALERT_RULE_MESSAGES } from './alertRuleTexts';

/**
 * Alert rules (docs/decisions.md "Alert rules"): which events of an account (and, for a dealer, of
 * the accounts below it) are mailed to whom, at once or in an hourly or
 * daily digest, and to the account's webhooks. Every list of "which events" left empty means any.
 */
export const ALERT_RULE_NAME_MAX = 100;
/** Enough for a team; more is a mailing list's job. */
export const ALERT_RULE_RECIPIENTS_MAX = 50;
export const ALERT_DELIVERIES = ['immediate', 'digest'] as const;
export type AlertDelivery = (typeof ALERT_DELIVERIES)[number];
export const ALERT_DIGEST_PERIODS = ['hourly', 'daily'] as const;
export type AlertDigestPeriod = (typeof ALERT_DIGEST_PERIODS)[number];
/** The groups a rule may name ('all' would mean any: the empty list says that). */
export const ALERT_EVENT_GROUPS = EVENT_GROUPS.filter(g => g !== 'all');
/** The most events one mail lists; the rest is counted and left to the console's link. */
export const ALERT_MAIL_EVENTS_MAX = 200;
/**
 * Where an address outside the account stands: asked by a confirmation mail
 * and sent nothing else until it confirms by the mail's link; one that
 * refused gets nothing more from the rule, even if it is removed and added again.
 */
export const ALERT_ADDRESS_STATES = ['waiting', 'confirmed', 'refused'] as const;
export type AlertAddressState = (typeof ALERT_ADDRESS_STATES)[number];
/** Days a confirmation mail's confirm link works; after that the rule's staff send it again. Its refuse link always works. */
export const ALERT_CONFIRMATION_VALID_DAYS = 7;

const ids = z.array(z.number().int().positive()).max(500).default([]);

export const alertRuleInput = z
    .object({
        name: z
            .string({ error: MESSAGES.required })
            .trim()
            .min(1, { error: MESSAGES.required })
            .max(ALERT_RULE_NAME_MAX, { error: MESSAGES.max(ALERT_RULE_NAME_MAX) }),
        enabled: z.boolean().default(true),
        event_types: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).default([]),
        event_groups: z
            .array(z.enum(ALERT_EVENT_GROUPS as [string, ...string[]]))
            .max(EVENT_GROUPS.length)
            .default([]),
        device_ids: ids,
        access_group_ids: ids,
        user_ids: z.array(z.number().int().positive()).max(ALERT_RULE_RECIPIENTS_MAX).default([]),
        /** addresses outside the account: each gets a confirmation mail first, and alerts only once it confirmed */
        emails: z.array(z.string().trim().max(254)).max(ALERT_RULE_EMAILS_MAX, { error: ALERT_RULE_MESSAGES.tooManyAddresses }).default([]),
        /** the account's webhooks that also receive what the rule matches, with their signature and retries */
        webhook_ids: z.array(z.number().int().positive()).max(ALERT_RULE_RECIPIENTS_MAX).default([]),
        delivery: z.enum(ALERT_DELIVERIES).default('immediate'),
        digest_period: z.enum(ALERT_DIGEST_PERIODS).nullish(),
    })
    .superRefine((rule, ctx) => {
        const bad = rule.emails.find(e => !z.email().safeParse(e).success);
        if (bad !== undefined) ctx.addIssue({ code: 'custom', path: ['emails'], message: ALERT_RULE_MESSAGES.badAddress });
        if (!rule.user_ids.length && !rule.emails.length && !rule.webhook_ids.length)
            ctx.addIssue({ code: 'custom', path: ['user_ids'], message: ALERT_RULE_MESSAGES.noRecipient });
        if (rule.delivery === 'digest' && !rule.digest_period)
            ctx.addIssue({ code: 'custom', path: ['digest_period'], message: ALERT_RULE_MESSAGES.periodRequired });
    });
export type AlertRuleInput = z.input<typeof alertRuleInput>;

export const alertAddressRecord = z.object({
    email: z.string(),
    state: z.enum(ALERT_ADDRESS_STATES),
    /** when the last confirmation mail was queued */
    asked_at: z.string().nullable(),
    /** when it confirmed or refused */
    answered_at: z.string().nullable(),
    /** the mail server's refusal of the last mail to it (a 5xx, or a temporary failure for the whole retry window) */
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
});
export type AlertAddress = z.infer<typeof alertAddressRecord>;

export const alertRuleRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    name: z.string(),
    enabled: z.boolean(),
    event_types: z.array(z.string()),
    event_groups: z.array(z.string()),
    device_ids: z.array(z.number().int()),
    access_group_ids: z.array(z.number().int()),
    user_ids: z.array(z.number().int()),
    emails: z.array(z.string()),
    /** where each of `emails` stands, in the same order */
    addresses: z.array(alertAddressRecord),
    /** the rule's users whose last alert the mail server refused, with its answer */
    user_mail_errors: z.array(z.object({ user_id: z.number().int(), email: z.string(), error: z.string(), at: z.string() })),
    webhook_ids: z.array(z.number().int()),
    delivery: z.enum(ALERT_DELIVERIES),
    digest_period: z.enum(ALERT_DIGEST_PERIODS).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleRecord>;

/** Sends an address of the rule that has not answered its confirmation mail again (ALERT_CONFIRMATION_RESEND_MINUTES apart). */
export const alertConfirmationInput = z.object({
    email: z.string().trim().toLowerCase().max(254),
});

export {
    ALERT_CONFIRMATION_RESEND_MINUTES,
    ALERT_CONFIRMATIONS_PER_DAY,
    ALERT_RULE_EMAILS_MAX,
    ALERT_RULE_MESSAGES,
} from './alertRuleTexts';
