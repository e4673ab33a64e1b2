import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accessGroups } from '../../db/schema';

/** The account's default access group (SPEC 4.8: exactly one per account), if it has any group. */
export const defaultAccessGroupId = async (db: Db, accountId: number) =>
    (await db.select({ id: accessGroups.id }).from(accessGroups).where(and(eq(accessGroups.account_id, accountId), eq(accessGroups.default_group, true))).limit(1))[0]?.id;
