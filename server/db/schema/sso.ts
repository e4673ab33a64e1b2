import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { IdentityProviderKind, LoginMode, RoleMapping } from '../../../contract/sso';
import { accounts, users } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The identity provider of the main account (SPEC 3, 6.1): one per
 * account. `settings` and `secrets` hold the kind's shapes of contract/sso.ts;
 * secrets are kept as given (the server must send them to the provider) and
 * never leave the server.
 */
export const identityProviders = pgTable('identity_providers', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<IdentityProviderKind>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    role_mapping: jsonb('role_mapping').$type<RoleMapping>().notNull(),
    /** the directory's Kerberos keytab: a file in storage, never sent back */
    keytab_key: text('keytab_key'),
    keytab_name: varchar('keytab_name', { length: 255 }),
    keytab_size: integer('keytab_size'),
    keytab_uploaded_at: tz('keytab_uploaded_at'),
    updated_at: tz('updated_at').notNull().defaultNow(),
    updated_by: text('updated_by'),
});

/** SPEC 3 login preferences of an account: which sign-in the login page offers, and who may still use a password. */
export const loginPreferences = pgTable('login_preferences', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<LoginMode>().notNull().default('local'),
    break_glass_user_id: integer('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    updated_at: tz('updated_at').notNull().defaultNow(),
    updated_by: text('updated_by'),
});

/** Which user an identity provider's username signs in as: found by username, whatever e-mail the provider gives later. */
export const externalUsers = pgTable('external_users', {
    user_id: integer('user_id')
        .primaryKey()
        .references(() => users.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 500 }).notNull().unique('external_users_username_key'),
});

/**
 * Values of a single sign-on that may be used once, shared by every server
 * instance: a SAML request we sent (its ID comes back as InResponseTo) and
 * each assertion an identity provider sent (replays refused). Rows are
 * dropped once `until` has passed.
 */
export const ssoOnce = pgTable(
    'sso_once',
    {
        id: text('id').primaryKey(),
        kind: text('kind').$type<'saml_request' | 'saml_assertion'>().notNull(),
        created_at: tz('created_at').notNull().defaultNow(),
        until: tz('until').notNull(),
    },
    t => [index('sso_once_until_idx').on(t.until)],
);
