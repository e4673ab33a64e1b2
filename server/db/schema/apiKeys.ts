import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../contract/roles';
import { API_KEY_DESCRIPTION_MAX } from '../../../contract/apiKeys';
import { accounts } from './platform';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * API keys of an account. Only the SHA-256 of a key is kept: keys
 * are 256 random bits, so a fast hash is as safe as a slow one and lets one
 * indexed lookup find the key of a request. created_by has no foreign key: the
 * key belongs to the account and outlives its creator, whose name is kept.
 */
export const apiKeys = pgTable(
    'api_keys',
    {
        id: serial('id').primaryKey(),
        account_id: integer('account_id')
            .notNull()
            .references(() => accounts.id, { onDelete: 'cascade' }),
        description: varchar('description', { length: API_KEY_DESCRIPTION_MAX }).notNull(),
        role: text('role', { enum: ROLES }).notNull(),
        prefix: text('prefix').notNull(),
        secret_hash: text('secret_hash').notNull(),
        created_by: integer('created_by').notNull(),
        created_by_name: text('created_by_name').notNull(),
        created_at: tz('created_at').notNull().defaultNow(),
        expires_at: tz('expires_at'),
        last_used_at: tz('last_used_at'),
        last_used_ip: text('last_used_ip'),
        revoked_at: tz('revoked_at'),
    },
    t => [
        uniqueIndex('api_keys_secret_hash_idx').on(t.secret_hash),
        index('api_keys_account_idx').on(t.account_id, t.created_at.desc(), t.id.desc()),
    ],
);
