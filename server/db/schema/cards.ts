import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { CARD_LISTS, CONSENT_METHODS } from '../../../contract/cards';
import { accounts, cardFormats } from './platform';
import { profiles } from './devices';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The badge lists of an account (SPEC 2.2 Profiles group, 4.7): opt-out
 * (badges whose holders refuse biometrics), adaptive (face and badge
 * together) and exclusion (profiles that never expire). An entry names a
 * badge by its format, facility code and number, not a badge row: it holds
 * before the person enrolls and after their profile goes. Deleting the
 * format deletes its entries (SPEC 4.8).
 */
export const cardLists = pgTable(
    'card_lists',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        list: text('list', { enum: CARD_LISTS }).notNull(),
        card_format_id: integer('card_format_id')
            .notNull()
            .references(() => cardFormats.id, { onDelete: 'cascade' }),
        facility_code: bigint('facility_code', { mode: 'number' }),
        badge_number: bigint('badge_number', { mode: 'number' }).notNull(),
        created_by: text('created_by'),
        created_at: tz('created_at').notNull().defaultNow(),
    },
    t => [
        uniqueIndex('card_lists_card_idx').on(
            t.account_id,
            t.list,
            t.card_format_id,
            sql`coalesce(${t.facility_code}, -1)`,
            t.badge_number,
        ),
        // A badge's lists by number (the profile and badge checks, the FC:NUMBER search).
        index('card_lists_account_number_idx').on(t.account_id, t.badge_number),
        index('card_lists_format_idx').on(t.card_format_id),
    ],
);

/**
 * Visitor badge ranges (SPEC 2.2 /visitors, 5): one range of numbers per
 * card format and facility code of an account. A profile made from a badge
 * of a range is a visitor's and expires at the next midnight of the
 * account's time zone.
 */
export const visitorRanges = pgTable(
    'visitor_ranges',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        card_format_id: integer('card_format_id')
            .notNull()
            .references(() => cardFormats.id, { onDelete: 'cascade' }),
        facility_code: bigint('facility_code', { mode: 'number' }),
        first_number: bigint('first_number', { mode: 'number' }).notNull(),
        last_number: bigint('last_number', { mode: 'number' }).notNull(),
        created_at: tz('created_at').notNull().defaultNow(),
        updated_at: tz('updated_at').notNull().defaultNow(),
    },
    t => [uniqueIndex('visitor_ranges_card_idx').on(t.account_id, t.card_format_id, sql`coalesce(${t.facility_code}, -1)`)],
);

/** A profile's consent to biometric processing (SPEC 2.2 /consented): when, how, which document, and the signed file when there is one. */
export const profileConsents = pgTable('profile_consents', {
    profile_id: integer('profile_id')
        .primaryKey()
        .references(() => profiles.id, { onDelete: 'cascade' }),
    accepted_at: tz('accepted_at').notNull(),
    method: text('method', { enum: CONSENT_METHODS }).notNull(),
    document_version: varchar('document_version', { length: 100 }),
    /** storage key of the signed PDF; null when the consent was given without one */
    file_key: text('file_key'),
    recorded_by: text('recorded_by'),
});
