import { sql } from 'drizzle-orm';
import {
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
    uuid,
    varchar,
    type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AccountOption } from '../../../contract/session';

const timestamps = {
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * Accounts form a tree (platform -> dealers -> customers). `path` holds the
 * ids from the root, '/1/4/9/', so "this account and its descendants" is one
 * indexed prefix match.
 */
export const accounts = pgTable(
    'accounts',
    {
        id: serial('id').primaryKey(),
        parent_id: integer('parent_id').references((): AnyPgColumn => accounts.id, { onDelete: 'restrict' }),
        path: text('path').notNull().default(''),
        type: text('type', { enum: ['platform', 'dealer', 'customer'] }).notNull(),
        main: boolean('main').notNull().default(false),
        name: varchar('name', { length: 100 }).notNull(),
        ref_number: varchar('ref_number', { length: 60 }),
        email: varchar('email', { length: 255 }).notNull(),
        country: varchar('country', { length: 60 }),
        city: varchar('city', { length: 100 }),
        zip: varchar('zip', { length: 30 }),
        state: varchar('state', { length: 255 }),
        street_address: varchar('street_address', { length: 100 }),
        phone_number: varchar('phone_number', { length: 25 }),
        options: jsonb('options').$type<AccountOption[]>().notNull().default([]),
        /** what an installer enters on a reader so that it registers (pending) in this account */
        device_registration_code: varchar('device_registration_code', { length: 32 }),
        ...timestamps,
    },
    t => [
        index('accounts_path_idx').on(t.path),
        uniqueIndex('accounts_device_code_idx').on(t.device_registration_code),
        index('accounts_parent_idx').on(t.parent_id),
        uniqueIndex('accounts_one_main_idx')
            .on(t.main)
            .where(sql`${t.main}`),
    ],
);

export const users = pgTable(
    'users',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 60 }).notNull(),
        /** lower-cased; a username for external users */
        email: varchar('email', { length: 60 }).notNull(),
        role: text('role', { enum: ['admin', 'dealer', 'installer', 'moderator', 'manager', 'user'] }).notNull(),
        external_user: boolean('external_user').notNull().default(false),
        password_hash: text('password_hash'),
        /** false forces the initial password setup (SPEC 2.1) */
        password_changed: boolean('password_changed').notNull().default(true),
        accepted_tos: boolean('accepted_tos').notNull().default(false),
        tfa_enabled: boolean('tfa_enabled').notNull().default(false),
        tfa_secret: text('tfa_secret'),
        tfa_pending_secret: text('tfa_pending_secret'),
        /** last TOTP time step accepted: a code works once */
        tfa_last_step: integer('tfa_last_step'),
        failed_logins: integer('failed_logins').notNull().default(0),
        locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
        disabled: boolean('disabled').notNull().default(false),
        /** the console language the user chose (contract/constants LOCALE_CODES); null: the browser's */
        locale: varchar('locale', { length: 8 }),
        ...timestamps,
    },
    t => [uniqueIndex('users_email_idx').on(t.email), index('users_account_idx').on(t.account_id, t.id)],
);

/** A sign-in session: one refresh-token family. Revoking it ends every token of the family. */
export const sessions = pgTable(
    'sessions',
    {
        id: uuid('id').primaryKey(),
        user_id: integer('user_id')
            .notNull()
            .references(() => users.id, { onDelete: 'cascade' }),
        created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
        revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
        revoked_reason: text('revoked_reason'),
    },
    t => [index('sessions_user_idx').on(t.user_id)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; redeemed once. */
export const refreshTokens = pgTable(
    'refresh_tokens',
    {
        token_hash: text('token_hash').primaryKey(),
        session_id: uuid('session_id')
            .notNull()
            .references(() => sessions.id, { onDelete: 'cascade' }),
        expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
        used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    },
    t => [index('refresh_tokens_session_idx').on(t.session_id)],
);

export const recoveryCodes = pgTable(
    'recovery_codes',
    {
        id: serial('id').primaryKey(),
        user_id: integer('user_id')
            .notNull()
            .references(() => users.id, { onDelete: 'cascade' }),
        code_hash: text('code_hash').notNull(),
        used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    },
    t => [index('recovery_codes_user_idx').on(t.user_id)],
);

export const passwordResets = pgTable('password_resets', {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** A new e-mail address a user gave for themselves, applied once the link mailed to it is opened. */
export const emailChanges = pgTable('email_changes', {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/** Failed sign-ins per key (user e-mail or client address), for rate limiting and lockout. */
export const loginFailures = pgTable(
    'login_failures',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        key: text('key').notNull(),
        at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    },
    t => [index('login_failures_key_idx').on(t.key, t.at)],
);

/** Every write, who did it, in which account, before and after. */
export const auditLogs = pgTable(
    'audit_logs',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        timestamp: timestamp('timestamp', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
        account_id: integer('account_id'),
        user_id: integer('user_id'),
        user_name: text('user_name'),
        action: text('action').notNull(),
        resource: text('resource').notNull(),
        entity: text('entity').notNull(),
        entity_id: text('entity_id'),
        /** what people call the thing at the time (a reader's description, a user's name...): the log names it even once it is gone */
        target_name: text('target_name'),
        before: jsonb('before'),
        after: jsonb('after'),
        ip: text('ip'),
        request_id: text('request_id'),
    },
    t => [
        index('audit_logs_account_time_idx').on(t.account_id, t.timestamp.desc(), t.id.desc()),
        index('audit_logs_time_idx').on(t.timestamp.desc(), t.id.desc()),
    ],
);

/** Server-wide values: the JWT signing key (shared by every instance), system settings. */
export const settings = pgTable('settings', {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Card formats: the predefined layouts (account_id null, `key` set, seeded
 * from contract/card-formats.ts) and each account's custom ones.
 */
export const cardFormats = pgTable(
    'card_formats',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
        key: text('key'),
        name: varchar('name', { length: 100 }).notNull(),
        type: text('type', { enum: ['predefined', 'custom'] }).notNull(),
        bits: integer('bits').notNull(),
        /** {facility, card, parity} of a Wiegand layout; null for FASC-N */
        layout: jsonb('layout'),
        facility_code: integer('facility_code'),
        ...timestamps,
    },
    t => [uniqueIndex('card_formats_key_idx').on(t.key), index('card_formats_account_idx').on(t.account_id, t.name)],
);

/** When each schema migration was first seen applied by a server of this platform (drizzle keeps only its own date). */
export const schemaMigrationRuns = pgTable('schema_migration_runs', {
    tag: text('tag').primaryKey(),
    applied_at: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    platform_version: text('platform_version'),
});
