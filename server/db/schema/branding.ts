import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './platform';

/** An account's own brand (contract/branding.ts, docs/decisions.md "Brands per account"); none: it inherits. */
export const accountBrandings = pgTable('account_brandings', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    product_name: varchar('product_name', { length: 60 }).notNull(),
    primary_color: varchar('primary_color', { length: 7 }).notNull(),
    secondary_color: varchar('secondary_color', { length: 7 }).notNull(),
    support_email: varchar('support_email', { length: 255 }),
    support_url: varchar('support_url', { length: 500 }),
    default_locale: varchar('default_locale', { length: 8 }),
    /** the logo as stored (a PNG re-encoded by the server), or none */
    logo_key: text('logo_key'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The host names of the brands: one brand a host (the key), so the sign-in page reached by it knows whose it is. */
export const accountBrandDomains = pgTable(
    'account_brand_domains',
    {
        host: varchar('host', { length: 253 }).primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
    },
    t => [index('account_brand_domains_account_idx').on(t.account_id)],
);
