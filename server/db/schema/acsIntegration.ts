import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AcsLogLevel, AcsProvider, ChuidSettings } from '../../../contract/acsIntegration';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The ACS integration of an account, at most one. `settings`
 * holds what the provider needs that is not secret; `secrets` (the password)
 * is never returned. Migration 0015 is written by hand.
 */
export const acsIntegrations = pgTable(
    'acs_integrations',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        provider: text('provider').$type<AcsProvider>().notNull(),
        address: text('address').notNull(),
        settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
        secrets: jsonb('secrets').$type<{ password?: string }>().notNull().default({}),
        chuid: jsonb('chuid').$type<Partial<ChuidSettings>>().notNull().default({}),
        sync_every_minutes: integer('sync_every_minutes').notNull().default(0),
        enabled: boolean('enabled').notNull().default(true),
        last_sync_at: tz('last_sync_at'),
        last_sync_status: text('last_sync_status'),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [uniqueIndex('acs_integrations_account_idx').on(t.account_id)],
);

/** What the integration did, per account, newest first (GET /acs-integration/logs). */
export const acsIntegrationLogs = pgTable(
    'acs_integration_logs',
    {
        id: bigserial('id', { mode: 'number' }).primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        integration_id: integer('integration_id').references(() => acsIntegrations.id, { onDelete: 'set null' }),
        at: tz('at').notNull().defaultNow(),
        level: text('level').$type<AcsLogLevel>().notNull(),
        action: text('action').notNull(),
        acs_id: text('acs_id'),
        profile_id: integer('profile_id'),
        message: text('message').notNull(),
        details: jsonb('details'),
    },
    t => [index('acs_integration_logs_account_at_idx').on(t.account_id, t.at.desc(), t.id.desc())],
);

/** SPEC 3: the account's certificate in PEM format, trusted for its ACS's https address. */
export const accountCertificates = pgTable('account_certificates', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    pem: text('pem').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serial: text('serial').notNull(),
    not_before: tz('not_before').notNull(),
    not_after: tz('not_after').notNull(),
    fingerprint_sha256: text('fingerprint_sha256').notNull(),
    uploaded_at: tz('uploaded_at').notNull().defaultNow(),
    uploaded_by: text('uploaded_by'),
});
