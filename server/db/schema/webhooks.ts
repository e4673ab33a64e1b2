import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_STATUSES } from '../../../contract/webhooks';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Signed webhooks of an account. The secret is kept as written:
 * every delivery is signed with it (HMAC), so a hash would not do; replies,
 * logs and audit entries never carry it.
 */
export const webhooks = pgTable(
    'webhooks',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        url: text('url').notNull(),
        secret: text('secret').notNull(),
        description: varchar('description', { length: WEBHOOK_DESCRIPTION_MAX }).notNull().default(''),
        /** empty: every type */
        event_types: text('event_types')
            .array()
            .notNull()
            .default(sql`'{}'::text[]`),
        status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('active'),
        failing_since: tz('failing_since'),
        paused_at: tz('paused_at'),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    // The events trigger looks up an account's active webhooks once per stored batch.
    t => [index('webhooks_account_idx').on(t.account_id, t.id)],
);

/**
 * One event to send to one webhook, written by the events trigger in the
 * transaction that stores the event (migration 0020), so an acknowledged
 * event never loses its delivery. No foreign key to events: retention may
 * remove the event first, and the delivery then fails with that reason.
 */
export const webhookDeliveries = pgTable(
    'webhook_deliveries',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        webhook_id: integer('webhook_id')
            .notNull()
            .references(() => webhooks.id, { onDelete: 'cascade' }),
        event_id: bigint('event_id', { mode: 'number' }).notNull(),
        event_timestamp: tz('event_timestamp').notNull(),
        event_type: varchar('event_type', { length: 64 }).notNull(),
        status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
        attempts: smallint('attempts').notNull().default(0),
        /** the retry window runs from here: the delivery's creation, or its replay */
        queued_at: tz('queued_at').notNull().defaultNow(),
        next_attempt_at: tz('next_attempt_at').defaultNow(),
        last_attempt_at: tz('last_attempt_at'),
        last_status_code: smallint('last_status_code'),
        last_error: text('last_error'),
        delivered_at: tz('delivered_at'),
        created_at: tz('created_at').notNull().defaultNow(),
    },
    t => [
        index('webhook_deliveries_webhook_idx').on(t.webhook_id, t.created_at.desc(), t.id.desc()),
        // an alert rule's delivery is queued once per webhook and event (migration 0024)
        index('webhook_deliveries_event_idx').on(t.event_id, t.webhook_id),
        // What the sender claims: only the waiting ones, by when they are due.
        index('webhook_deliveries_due_idx')
            .on(t.next_attempt_at)
            .where(sql`${t.status} = 'pending'`),
    ],
);
