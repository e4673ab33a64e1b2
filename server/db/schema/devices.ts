import { sql } from 'drizzle-orm';
import { BADGE_STATUSES, PROFILE_STATUSES } from '../../../contract/profiles';
import {
    bigint,
    bigserial,
    boolean,
    index,
    integer,
    jsonb,
    pgTable,
    primaryKey,
    serial,
    text,
    timestamp,
    uniqueIndex,
    varchar,
} from 'drizzle-orm/pg-core';
import type { CommunicationSettings } from '../../../contract/devices';
import { COMMUNICATION_OPTIONS, DEVICE_ROLES, DEVICE_STATUSES, LED_OPTIONS, SECURITY_LEVELS } from '../../../contract/devices';
import { DEVICE_COMMAND_STATUSES, DEVICE_COMMAND_TYPES, LOG_LEVELS } from '../../../contract/device-api';
import { accounts, cardFormats } from './platform';
import { schedules } from './schedules';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
    created_at: tz('created_at').notNull().defaultNow(),
    updated_at: tz('updated_at').notNull().defaultNow(),
};

/** ONVIF credentials as stored; the password is sent to the reader, never to the console. */
export interface StoredOnvif {
    managed_by: 'platform' | 'protocol';
    username?: string | null;
    password?: string | null;
    user_level?: 'administrator' | 'operator' | 'user' | null;
}
/** SIP line settings as stored; the password is sent to the reader, never to the console. */
export interface StoredSip {
    enabled: boolean;
    domain?: string | null;
    transport?: 'udp' | 'tcp' | 'tls' | null;
    port?: number | null;
    number?: string | null;
    call_number?: string | null;
    polling_interval?: number | null;
    username?: string | null;
    display_name?: string | null;
    password?: string | null;
    extension?: string | null;
    url?: string | null;
}

/**
 * Readers (SPEC 3 Device). A reader registers itself (pending) and is
 * approved in the console. `config_version` counts changes made in the
 * console; together with the account's access version it makes the ETag of
 * the configuration the reader pulls.
 */
export const devices = pgTable(
    'devices',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        hardware_id: varchar('hardware_id', { length: 64 }).notNull(),
        description: varchar('description', { length: 255 }).notNull().default(''),
        status: text('status', { enum: DEVICE_STATUSES }).notNull().default('pending'),
        board_type: varchar('board_type', { length: 64 }),
        release: varchar('release', { length: 64 }),
        ip_address: varchar('ip_address', { length: 45 }),
        mac_address: varchar('mac_address', { length: 17 }),
        device_mode: varchar('device_mode', { length: 32 }),
        role: text('role', { enum: DEVICE_ROLES }).notNull().default('one-fa'),
        security_level: text('security_level', { enum: SECURITY_LEVELS }).notNull().default('medium'),
        led_option: text('led_option', { enum: LED_OPTIONS }).notNull().default('mimic_acs'),
        communication: text('communication', { enum: COMMUNICATION_OPTIONS }).notNull().default('disabled'),
        communication_settings: jsonb('communication_settings').$type<CommunicationSettings>().notNull().default({}),
        onvif: jsonb('onvif').$type<StoredOnvif>().notNull().default({ managed_by: 'protocol' }),
        sip: jsonb('sip').$type<StoredSip>().notNull().default({ enabled: false }),
        temp_enrollment_until: tz('temp_enrollment_until'),
        config_version: integer('config_version').notNull().default(1),
        applied_config_version: integer('applied_config_version'),
        /** SHA-256 of the reader's own secret, set at its first registration */
        secret_hash: text('secret_hash').notNull(),
        /** SHA-256 of the key issued once approved */
        key_hash: text('key_hash'),
        /** a re-registration with another secret waits here until authenticated with its pairing code */
        pending_secret_hash: text('pending_secret_hash'),
        pairing_code_hash: text('pairing_code_hash'),
        auth_required: boolean('auth_required').notNull().default(false),
        approved_at: tz('approved_at'),
        approved_by: integer('approved_by'),
        last_seen_at: tz('last_seen_at'),
        status_changed_at: tz('status_changed_at').notNull().defaultNow(),
        ...timestamps,
    },
    t => [
        uniqueIndex('devices_hardware_id_idx').on(t.hardware_id),
        index('devices_account_idx').on(t.account_id, t.id),
        index('devices_account_status_idx').on(t.account_id, t.status),
        // The offline job's scan: online readers by last heartbeat.
        index('devices_online_seen_idx')
            .on(t.last_seen_at)
            .where(sql`${t.status} = 'online'`),
    ],
);

/** Readers of the ACS integration (SPEC 3 Reader); one links to a device by hardware_id. */
export const readers = pgTable(
    'readers',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        description: varchar('description', { length: 255 }).notNull(),
        hardware_id: varchar('hardware_id', { length: 64 }),
        ...timestamps,
    },
    t => [
        index('readers_account_idx').on(t.account_id, t.id),
        uniqueIndex('readers_account_hardware_idx')
            .on(t.account_id, t.hardware_id)
            .where(sql`${t.hardware_id} is not null`),
    ],
);

/** Access groups (SPEC 3): exactly one default group per account (SPEC 4.8). */
export const accessGroups = pgTable(
    'access_groups',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        description: varchar('description', { length: 255 }).notNull(),
        default_group: boolean('default_group').notNull().default(false),
        /** when its members may pass (schedules.ts); null: always. A schedule in use cannot be deleted. */
        schedule_id: integer('schedule_id').references(() => schedules.id),
        ...timestamps,
    },
    t => [
        index('access_groups_account_idx').on(t.account_id, t.description),
        index('access_groups_schedule_idx').on(t.schedule_id),
        uniqueIndex('access_groups_one_default_idx')
            .on(t.account_id)
            .where(sql`${t.default_group}`),
        uniqueIndex('access_groups_account_description_idx').on(t.account_id, sql`lower(${t.description})`),
    ],
);

/** Which access groups a reader serves: a profile in one of them may pass there. */
export const deviceAccessGroups = pgTable(
    'device_access_groups',
    {
        device_id: integer('device_id')
            .notNull()
            .references(() => devices.id, { onDelete: 'cascade' }),
        access_group_id: integer('access_group_id')
            .notNull()
            .references(() => accessGroups.id, { onDelete: 'restrict' }),
    },
    t => [primaryKey({ columns: [t.device_id, t.access_group_id] }), index('device_access_groups_group_idx').on(t.access_group_id)],
);

export { BADGE_STATUSES, PROFILE_STATUSES };

/** Profiles (SPEC 3): the people readers recognise, by face, badge or both. */
export const profiles = pgTable(
    'profiles',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        acs_id: varchar('acs_id', { length: 100 }),
        status: text('status', { enum: PROFILE_STATUSES }).notNull().default('active'),
        enabled: boolean('enabled').notNull().default(true),
        expires_at: tz('expires_at'),
        last_activity_at: tz('last_activity_at'),
        last_event_id: bigint('last_event_id', { mode: 'number' }),
        last_device_id: integer('last_device_id'),
        /** a visitor's profile, made from a badge of a visitor range; it expires at midnight (contract/cards.ts) */
        visitor: boolean('visitor').notNull().default(false),
        /** when the ACS synchronisation suspended it (cardholder gone or without a badge); deleted after the grace (docs/decisions.md) */
        acs_suspended_at: tz('acs_suspended_at'),
        ...timestamps,
    },
    t => [
        index('profiles_account_idx').on(t.account_id, t.id),
        index('profiles_account_acs_idx').on(t.account_id, t.acs_id),
        // The expiration job: an account's profiles by their last sign of life (contract/cards.ts).
        index('profiles_account_activity_idx').on(t.account_id, sql`coalesce(${t.last_activity_at}, ${t.created_at})`),
        index('profiles_expiry_idx')
            .on(t.expires_at)
            .where(sql`${t.expires_at} is not null`),
        // The end of the ACS suspension grace: an account's suspended profiles by suspension time.
        index('profiles_acs_suspended_idx')
            .on(t.account_id, t.acs_suspended_at)
            .where(sql`${t.acs_suspended_at} is not null`),
    ],
);

/** Badges (SPEC 3 Profile badge IDs): a card of a profile, in a card format. */
export const badges = pgTable(
    'badges',
    {
        id: serial('id').primaryKey(),
        profile_id: integer('profile_id')
            .notNull()
            .references(() => profiles.id, { onDelete: 'cascade' }),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        // SPEC 4.8: a card format still used by cards cannot be deleted.
        card_format_id: integer('card_format_id')
            .notNull()
            .references(() => cardFormats.id, { onDelete: 'restrict' }),
        badge_number: bigint('badge_number', { mode: 'number' }).notNull(),
        facility_code: bigint('facility_code', { mode: 'number' }),
        card_length: integer('card_length').notNull(),
        status: text('status', { enum: BADGE_STATUSES }).notNull().default('active'),
        enabled: boolean('enabled').notNull().default(true),
        ...timestamps,
    },
    t => [
        index('badges_profile_idx').on(t.profile_id),
        index('badges_format_idx').on(t.card_format_id),
        // GET /profiles?badge_number=: who holds this card number in the account.
        index('badges_account_number_idx').on(t.account_id, t.badge_number),
        uniqueIndex('badges_account_card_idx').on(t.account_id, t.card_format_id, sql`coalesce(${t.facility_code}, -1)`, t.badge_number),
    ],
);

export const profileAccessGroups = pgTable(
    'profile_access_groups',
    {
        profile_id: integer('profile_id')
            .notNull()
            .references(() => profiles.id, { onDelete: 'cascade' }),
        access_group_id: integer('access_group_id')
            .notNull()
            .references(() => accessGroups.id, { onDelete: 'restrict' }),
    },
    t => [primaryKey({ columns: [t.profile_id, t.access_group_id] }), index('profile_access_groups_group_idx').on(t.access_group_id)],
);

/**
 * A change to what readers of an account let through (profiles, badges,
 * access groups, memberships, card formats) bumps its version; readers see
 * it in their configuration ETag.
 */
export const accessVersions = pgTable('access_versions', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/** Commands queued for a reader (reboot, log upload), fetched and acknowledged by it. */
export const deviceCommands = pgTable(
    'device_commands',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        device_id: integer('device_id')
            .notNull()
            .references(() => devices.id, { onDelete: 'cascade' }),
        type: text('type', { enum: DEVICE_COMMAND_TYPES }).notNull(),
        payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
        status: text('status', { enum: DEVICE_COMMAND_STATUSES }).notNull().default('queued'),
        created_by: integer('created_by'),
        created_at: tz('created_at').notNull().defaultNow(),
        sent_at: tz('sent_at'),
        completed_at: tz('completed_at'),
        result: text('result'),
    },
    t => [index('device_commands_device_idx').on(t.device_id, t.status, t.id)],
);

/** Log lines a reader uploaded (SPEC 7.2 /devices/{id}/logs). */
export const deviceLogs = pgTable(
    'device_logs',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        device_id: integer('device_id')
            .notNull()
            .references(() => devices.id, { onDelete: 'cascade' }),
        timestamp: tz('timestamp').notNull(),
        level: text('level', { enum: LOG_LEVELS }).notNull(),
        message: text('message').notNull(),
        received_at: tz('received_at').notNull().defaultNow(),
    },
    t => [index('device_logs_device_time_idx').on(t.device_id, t.timestamp.desc(), t.id.desc())],
);
