import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyStatus, type ApiKey } from '../../../contract/apiKeys';
import type { Db } from '../../db/database';
import { inAccountScope, type AccountScope } from '../../db/lists';
import { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The record a client sees: never the secret nor its hash. */
export const toApiKey = (row: ApiKeyRow, now: Date): ApiKey => ({
    id: row.id,
    account_id: row.account_id,
    description: row.description,
    role: row.role,
    prefix: row.prefix,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    status: apiKeyStatus(row, now),
});

/** One account's keys, newest first. */
export const listApiKeys = async (db: Db, scope: AccountScope, params: { page: number; per_page: number }) => {
    const where = inAccountScope(scope, apiKeys.account_id);
    const [result, counted] = await Promise.all([
        db
            .select()
            .from(apiKeys)
            .where(where)
            .orderBy(desc(apiKeys.created_at), desc(apiKeys.id))
            .limit(params.per_page)
            .offset((params.page - 1) * params.per_page),
        db
            .select({ n: sql<number>`count(*)::int` })
            .from(apiKeys)
            .where(where),
    ]);
    return { result, count: counted[0]?.n ?? 0 };
};

export const insertApiKey = async (db: Db, values: typeof apiKeys.$inferInsert) =>
    (await db.insert(apiKeys).values(values).returning())[0]!;

export const findApiKey = async (db: Db, accountId: number, id: number) =>
    (
        await db
            .select()
            .from(apiKeys)
            .where(and(eq(apiKeys.id, id), eq(apiKeys.account_id, accountId)))
            .limit(1)
    )[0];

/** Revokes a key once: undefined when it was revoked already (the first revocation's time stands). */
export const revokeApiKey = async (db: Db, id: number, now: Date) =>
    (
        await db
            .update(apiKeys)
            .set({ revoked_at: now })
            .where(and(eq(apiKeys.id, id), isNull(apiKeys.revoked_at)))
            .returning()
    )[0];
