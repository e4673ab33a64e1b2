import { sql } from 'drizzle-orm';
import {
    bigint,
    bigserial,
    boolean,
    date,
    index,
    integer,
    jsonb,
    pgTable,
    primaryKey,
    text,
    timestamp,
    uniqueIndex,
    varchar,
} from 'drizzle-orm/pg-core';
import { EVENT_GROUP_TYPES, IMAGE_REASONS, type EventGroup, type Roi } from '../../../contract/events';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A profile on an event (SPEC 3 Event profiles[]), as it was when the event happened. */
export interface EventProfile {
    profile_id: number | null;
    role?: string | null;
    badge_number?: number | null;
    facility_code?: number | null;
    card_locked?: boolean | null;
    enabled?: boolean | null;
    status?: string | null;
    roi?: Roi | null;
    deletion_cause?: string | null;
}

/** The SPEC 2.7 group of each type, computed by the database so that every writer (ingestion, device states) gets it right. */
export const groupOfType = sql.raw(
    `case "event" ${Object.entries(EVENT_GROUP_TYPES)
        .flatMap(([group, types]) => types.map(type => `when '${type}' then '${group}'`))
        .join(' ')} else 'all' end`,
);

/**
 * Security events (SPEC 3 Event). Device and profiles are copied onto the
 * row as they were when it happened, so deleting either leaves the event
 * readable ('Device deleted' / 'Profile deleted' come from the missing row).
 *
 * Built to be partitioned by time on PostgreSQL (docs/events.md): the
 * primary key and the readers' de-duplication key include the timestamp,
 * and every list index ends with (timestamp desc, id desc), the default sort
 * with its unique tie-breaker. Image bytes live in file storage; the row
 * holds the key.
 */
export const events = pgTable(
    'events',
    {
        id: bigserial('id', { mode: 'number' }).notNull(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        event: varchar('event', { length: 64 }).notNull(),
        event_group: varchar('event_group', { length: 32 }).$type<EventGroup>().generatedAlwaysAs(groupOfType),
        timestamp: tz('timestamp').notNull(),
        received_at: tz('received_at').notNull().defaultNow(),
        device_id: integer('device_id'),
        device_description: varchar('device_description', { length: 255 }),
        device_mode: varchar('device_mode', { length: 32 }),
        tailgated: boolean('tailgated').notNull().default(false),
        profiles: jsonb('profiles').$type<EventProfile[]>().notNull().default([]),
        /** the linked profiles' ids and the badges shown, for the profile and badge filters */
        profile_ids: integer('profile_ids')
            .array()
            .notNull()
            .default(sql`'{}'::integer[]`),
        badge_numbers: bigint('badge_numbers', { mode: 'number' })
            .array()
            .notNull()
            .default(sql`'{}'::bigint[]`),
        identity: jsonb('identity').$type<Record<string, unknown> | null>(),
        sip_remote_station: varchar('sip_remote_station', { length: 255 }),
        /** storage key of the image; null when the event has none or it was removed */
        image_key: text('image_key'),
        /** why there is no image: 'retention', 'full disk' (SPEC 2.7) */
        image_reason: varchar('image_reason', { length: 32 }).$type<(typeof IMAGE_REASONS)[number]>(),
        /** the reader's own id for the event: a batch sent twice is stored once */
        device_event_id: varchar('device_event_id', { length: 64 }),
    },
    t => [
        primaryKey({ name: 'events_pkey', columns: [t.id, t.timestamp] }),
        // The default list: an account's events, newest first.
        index('events_account_time_idx').on(t.account_id, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
        // The SPEC 2.7 group filter (the type filter narrows within a group).
        index('events_account_group_time_idx').on(t.account_id, t.event_group, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
        // A reader's events. The account is in the key so the page and its count read the index alone: the list always
        // names the account (or the caller's accounts), and without it every matching row was fetched from the table
        // to check it (migration 0025, docs/performance.md "Lists against their index-only page").
        index('events_device_time_idx').on(t.device_id, t.account_id, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
        // Lists across every account (admin's cross_account) walk time alone.
        index('events_time_idx').on(t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
        index('events_profile_ids_idx').using('gin', t.profile_ids),
        index('events_badge_numbers_idx').using('gin', t.badge_numbers),
        uniqueIndex('events_device_event_idx').on(t.device_id, t.device_event_id, t.timestamp),
        // The image retention job finds the images still kept without walking the pruned rows.
        index('events_image_time_idx')
            .on(t.account_id, t.timestamp)
            .where(sql`${t.image_key} is not null`),
        // The storage sweep asks which of the image files it found a row still names, and which packs a row names
        // a member of, by prefix: pattern ops, so that a range of keys is read whatever the database's collation
        // (server/storage/sweep.ts).
        index('events_image_key_idx')
            .on(t.image_key.op('text_pattern_ops'))
            .where(sql`${t.image_key} is not null`),
    ],
);

/**
 * How many events each account has of each type per UTC hour
 * (docs/decisions.md "Event rollups"): the dashboard and the statistics add
 * these up instead of counting events. Kept exact by the database itself:
 * statement-level triggers on events (migration 0018) add what an insert
 * stored, take away what a delete or an update removed, and drop a row when
 * it reaches zero.
 */
export const eventRollups = pgTable(
    'event_rollups',
    {
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        event: varchar('event', { length: 64 }).notNull(),
        event_group: varchar('event_group', { length: 32 }).$type<EventGroup>().generatedAlwaysAs(groupOfType),
        /** the UTC hour's start */
        hour: tz('hour').notNull(),
        count: integer('count').notNull(),
    },
    t => [primaryKey({ name: 'event_rollups_pkey', columns: [t.account_id, t.hour, t.event] })],
);

/**
 * The same per UTC day: a platform of a million events has some 300,000
 * hourly rows over 30 days, 30,000 daily ones; the 30-day tiles read these.
 */
export const eventRollupsDaily = pgTable(
    'event_rollups_daily',
    {
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        event: varchar('event', { length: 64 }).notNull(),
        event_group: varchar('event_group', { length: 32 }).$type<EventGroup>().generatedAlwaysAs(groupOfType),
        day: date('day', { mode: 'string' }).notNull(),
        count: integer('count').notNull(),
    },
    t => [primaryKey({ name: 'event_rollups_daily_pkey', columns: [t.account_id, t.day, t.event] })],
);
