import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ENROLLMENT_STATUSES } from '../../../contract/enrollments';
import { accounts } from './platform';
import { profiles } from './devices';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Web enrollment invitations. The link's token is the id, a
 * random nonce and their MAC under the platform's signing key
 * (server/resources/enrollments/tokens.ts): the server can give the link
 * again (copy, resend) without keeping it, a changed byte fails the MAC, and
 * a new nonce (resend) ends the old link.
 */
export const enrollmentInvites = pgTable(
    'enrollment_invites',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        name: varchar('name', { length: 100 }).notNull(),
        email: varchar('email', { length: 255 }).notNull(),
        /** the language of the mails to the person and of the enrollment page (contract/constants LOCALE_CODES) */
        locale: varchar('locale', { length: 8 }).notNull().default('en'),
        status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('sent'),
        nonce: text('nonce').notNull(),
        card_format_id: integer('card_format_id'),
        facility_code: bigint('facility_code', { mode: 'number' }),
        badge_number: bigint('badge_number', { mode: 'number' }),
        access_group_ids: integer('access_group_ids')
            .array()
            .notNull()
            .default(sql`'{}'::integer[]`),
        profile_id: integer('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
        expires_at: tz('expires_at').notNull(),
        sent_at: tz('sent_at'),
        /** taken by a sender (its lease): another sender leaves it alone for ten minutes, then takes it again */
        send_claimed_at: tz('send_claimed_at'),
        /**
         * The mail server did not take it for a temporary reason (server/mail/failures.ts): the tries made since
         * send_first_at, the last one's error, and when the enrollment-sender job tries again. A resend starts over.
         */
        send_tries: smallint('send_tries').notNull().default(0),
        send_first_at: tz('send_first_at'),
        send_next_at: tz('send_next_at'),
        send_error: text('send_error'),
        opened_at: tz('opened_at'),
        consented_at: tz('consented_at'),
        completed_at: tz('completed_at'),
        failure: text('failure'),
        /** the one-time code by e-mail (SPEC 3 multi-factor), hashed, with its expiry and the tries at it */
        code_hash: text('code_hash'),
        code_expires_at: tz('code_expires_at'),
        code_verified_at: tz('code_verified_at'),
        code_tries: smallint('code_tries').notNull().default(0),
        /** the tries at every code this link was sent: a new code starts code_tries again, never this (decisions.md) */
        code_tries_total: smallint('code_tries_total').notNull().default(0),
        /** the signed consent PDF, kept until the profile takes it */
        consent_file_key: text('consent_file_key'),
        /** the CSV upload it came from; its mail goes out in the background */
        batch_id: integer('batch_id'),
        created_by: text('created_by'),
        created_at: tz('created_at').notNull().defaultNow(),
    },
    t => [
        index('enrollment_invites_account_idx').on(t.account_id, t.created_at.desc(), t.id.desc()),
        index('enrollment_invites_email_idx').on(t.account_id, t.email),
        // The background sender: invitations whose mail has not gone yet (a consented one after a resend of its link).
        index('enrollment_invites_unsent_idx')
            .on(t.batch_id, t.id)
            .where(sql`${t.sent_at} is null and ${t.status} in ('sent', 'consented')`),
    ],
);

/** A CSV upload of invitations: how many lines it held; its invitations are sent in the background. */
export const enrollmentBatches = pgTable('enrollment_batches', {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
        .notNull()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    created_by: text('created_by'),
    created_at: tz('created_at').notNull().defaultNow(),
});

/**
 * Invitation mails an account sent on a day (UTC), against the platform's
 * daily cap (ENROLLMENT_INVITES_PER_DAY, docs/decisions.md "A daily cap of
 * invitations"): each invitation and each resend counts one.
 */
export const enrollmentInviteDays = pgTable(
    'enrollment_invite_days',
    {
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        day: date('day', { mode: 'string' }).notNull(),
        invitations: integer('invitations').notNull(),
    },
    t => [primaryKey({ columns: [t.account_id, t.day] })],
);

/** An account's consent template (SPEC 3 consent type, SPEC 5 PDF only): the PDF people sign. */
export const consentTemplates = pgTable('consent_templates', {
    account_id: integer('account_id')
        .primaryKey()
        .references(() => accounts.id, { onDelete: 'cascade' }),
    file_key: text('file_key').notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    /** shown on the consent record as its document version */
    version: varchar('version', { length: 100 }).notNull(),
    uploaded_by: text('uploaded_by'),
    uploaded_at: tz('uploaded_at').notNull().defaultNow(),
});
