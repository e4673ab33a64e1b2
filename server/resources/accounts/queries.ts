import { eq } from 'drizzle-orm';
import type { AccountOption } from '../../../contract/session';
import type { Db } from '../../db/database';
import { accounts } from '../../db/schema';

export const accountOptions = async (db: Db, accountId: number): Promise<AccountOption[]> =>
    (await db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.options ?? [];
