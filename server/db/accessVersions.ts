import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { accessVersions } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Something readers of these accounts let through changed (a profile, a
 * badge, an access group, a membership, a card format): their configuration
 * ETag changes and they pull the new access list.
 */
export const bumpAccessVersion = async (db: Db | Tx, ...accountIds: (number | null | undefined)[]) => {
    for (const accountId of new Set(accountIds.filter((a): a is number => typeof a === 'number'))) {
        await db
            .insert(accessVersions)
            .values({ account_id: accountId, version: 2 })
            .onConflictDoUpdate({ target: accessVersions.account_id, set: { version: sql`${accessVersions.version} + 1` } });
    }
};
