import { sql } from 'drizzle-orm';
import {
    bigint,
    bigserial,
    boolean,
    index,
    integer,
    jsonb,
    pgTable,
    serial,
    smallint,
    text,
    timestamp,
    uniqueIndex,
    varchar,
} from 'drizzle-orm/pg-core';
import { ALERT_ADDRESS_STATES, ALERT_DELIVERIES, ALERT_DIGEST_PERIODS, ALERT_RULE_NAME_MAX } from '../../../contract/alertRules';
import { accounts, users } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const intArray = (name: string) =>
    integer(name)
        .array()
        .notNull()
        .default(sql`'{}'::integer[]`);
const textArray = (name: string) =>
    text(name)
        .array()
        .notNull()
        .default(sql`'{}'::text[]`);

/**
 * Alert rules. Device, access group and user ids are plain
 * arrays, not join tables: a rule is read whole by the job and the form, and
 * an id whose row was deleted simply matches nothing (or mails no one).
 */
export const alertRules = pgTable(
    'alert_rules',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: ALERT_RULE_NAME_MAX }).notNull(),
        enabled: boolean('enabled').notNull().default(true),
        event_types: textArray('event_types'),
        event_groups: textArray('event_groups'),
        device_ids: intArray('device_ids'),
        access_group_ids: intArray('access_group_ids'),
        user_ids: intArray('user_ids'),
        emails: textArray('emails'),
        webhook_ids: intArray('webhook_ids'),
        delivery: text('delivery', { enum: ALERT_DELIVERIES }).notNull(),
        digest_period: text('digest_period', { enum: ALERT_DIGEST_PERIODS }),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [index('alert_rules_account_idx').on(t.account_id, t.id)],
);

/**
 * The last event id the alert job has matched: one row (id 1), made when
 * the first rule is created, taken FOR UPDATE by the instance that matches.
 */
export const alertCursor = pgTable('alert_cursor', {
    id: integer('id').primaryKey(),
    last_event_id: bigint('last_event_id', { mode: 'number' }).notNull(),
    updated_at: tz('updated_at').notNull().defaultNow(),
});

/** What an event shows in a mail, copied when it matched (the event may be gone by the time a digest leaves). */
export interface AlertEventSummary {
    id: number;
    timestamp: string;
    event: string;
    reader: string | null;
    device_id: number | null;
    account: string;
    people: string[];
}

/**
 * An event a rule matched, until it is handed to the rule's recipients. One
 * per rule and event (unique), so no run can mail an event twice; sent_at is
 * set in the transaction that queues a delivery per recipient
 * (alertMailDeliveries), claimed_at leases a row to one instance.
 */
export const alertNotifications = pgTable(
    'alert_notifications',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        rule_id: integer('rule_id')
            .notNull()
            .references(() => alertRules.id, { onDelete: 'cascade' }),
        event_id: bigint('event_id', { mode: 'number' }).notNull(),
        summary: jsonb('summary').$type<AlertEventSummary>().notNull(),
        matched_at: tz('matched_at').notNull(),
        claimed_at: tz('claimed_at'),
        sent_at: tz('sent_at'),
    },
    t => [
        uniqueIndex('alert_notifications_rule_event_idx').on(t.rule_id, t.event_id),
        index('alert_notifications_unsent_idx')
            .on(t.rule_id, t.id)
            .where(sql`${t.sent_at} is null`),
    ],
);

/**
 * An address outside the account a rule mails (one of its `emails`), and
 * whether it agreed to: alerts go only to confirmed ones. `nonce` is the
 * secret part of the links its mails carry (jobs.ts alertAddressToken), new
 * with each confirmation mail, gone once it refused. A refused row stays
 * when the address is taken off the rule, so adding it again asks nobody.
 */
export const alertRuleAddresses = pgTable(
    'alert_rule_addresses',
    {
        id: serial('id').primaryKey(),
        rule_id: integer('rule_id')
            .notNull()
            .references(() => alertRules.id, { onDelete: 'cascade' }),
        email: text('email').notNull(),
        state: text('state', { enum: ALERT_ADDRESS_STATES }).notNull().default('waiting'),
        nonce: text('nonce'),
        asked_at: tz('asked_at'),
        answered_at: tz('answered_at'),
        last_error: text('last_error'),
        last_error_at: tz('last_error_at'),
    },
    t => [uniqueIndex('alert_rule_addresses_rule_email_idx').on(t.rule_id, t.email)],
);

export const ALERT_MAIL_KINDS = ['alert', 'confirmation'] as const;
export const ALERT_MAIL_STATUSES = ['waiting', 'sent', 'failed'] as const;

/** What an alert mail lists: its first events (ALERT_MAIL_EVENTS_MAX), how many there were, and the digest's period. */
export interface AlertMailContent {
    events: AlertEventSummary[];
    count: number;
    period?: string;
}

/**
 * One mail to one recipient: an alert (what a rule matched, to one of its
 * users or confirmed addresses) or a confirmation request to an address.
 * Sent apart so that one address refused (5xx) fails only its own mail, and
 * no recipient sees the others. `next_attempt_at` is when it is due, and
 * while a sender holds it the end of that sender's lease; status moves to
 * sent only once the mail server took it. The rule may be deleted (its
 * waiting mails with it); sent confirmations stay counted against the
 * account's daily cap until they are forgotten.
 */
export const alertMailDeliveries = pgTable(
    'alert_mail_deliveries',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        rule_id: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
        kind: text('kind', { enum: ALERT_MAIL_KINDS }).notNull(),
        /** the recipient: one of the rule's users, or one of its addresses */
        user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
        address_id: integer('address_id').references(() => alertRuleAddresses.id, { onDelete: 'set null' }),
        to: text('to').notNull(),
        content: jsonb('content').$type<AlertMailContent>(),
        status: text('status', { enum: ALERT_MAIL_STATUSES }).notNull().default('waiting'),
        attempts: smallint('attempts').notNull().default(0),
        /** the retry window (MAIL_RETRY_HOURS) runs from here */
        queued_at: tz('queued_at').notNull(),
        next_attempt_at: tz('next_attempt_at').notNull(),
        last_attempt_at: tz('last_attempt_at'),
        last_error: text('last_error'),
        sent_at: tz('sent_at'),
    },
    t => [
        // What the sender claims: only the waiting ones, by when they are due.
        index('alert_mail_deliveries_due_idx')
            .on(t.next_attempt_at)
            .where(sql`${t.status} = 'waiting'`),
        // the daily cap on confirmation mails
        index('alert_mail_deliveries_account_idx').on(t.account_id, t.kind, t.queued_at),
        index('alert_mail_deliveries_rule_idx').on(t.rule_id, t.user_id),
    ],
);
