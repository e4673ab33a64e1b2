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
    text,
    timestamp,
    uniqueIndex,
    varchar,
} from 'drizzle-orm/pg-core';
import { ALERT_DELIVERIES, ALERT_DIGEST_PERIODS, ALERT_RULE_NAME_MAX } from '../../../contract/alertRules';
import { accounts } from './platform';

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
 * Alert rules (issue 15). Device, access group and user ids are plain
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
 * An event a rule matched, until its mail is sent. One per rule and event
 * (unique), so no run can mail an event twice; sent_at is set only once the
 * mail server took the message, claimed_at leases a row to one sender.
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
