import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyStatus, type ApiKey } from '../../../contract/apiKeys';
import type { Db } from '../../db/database';
import { inAccountScope, type AccountScope } from '../../db/lists';
import { accounts, apiKeys } from '../../db/schema';

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

/**
 * The key of a request by the hash of what it sent, with its account, in one
 * indexed query; the caller checks revocation and expiry (so that it can tell
 * the log why, not the client).
 */
export const keyByHash = async (db: Db, secretHash: string) =>
    (
        await db
            .select({
                key: {
                    id: apiKeys.id,
                    account_id: apiKeys.account_id,
                    description: apiKeys.description,
                    role: apiKeys.role,
                    created_by: apiKeys.created_by,
                    expires_at: apiKeys.expires_at,
                    revoked_at: apiKeys.revoked_at,
                    last_used_at: apiKeys.last_used_at,
                },
                account: {
                    id: accounts.id,
                    name: accounts.name,
                    path: accounts.path,
                    main: accounts.main,
                    type: accounts.type,
                    options: accounts.options,
                },
            })
            .from(apiKeys)
            .innerJoin(accounts, eq(accounts.id, apiKeys.account_id))
            .where(eq(apiKeys.secret_hash, secretHash))
            .limit(1)
    )[0];

/** Still good: not revoked, not expired (a live stream checks again on its heartbeat). */
export const keyStillValid = async (db: Db, id: number, now: Date) => {
    const [row] = await db
        .select({ revoked_at: apiKeys.revoked_at, expires_at: apiKeys.expires_at })
        .from(apiKeys)
        .where(eq(apiKeys.id, id))
        .limit(1);
    return !!row && apiKeyStatus(row, now) === 'active';
};

/** Records when and from where a key was last used; the caller does it at most once a minute per key. */
export const touchApiKey = (db: Db, id: number, now: Date, ip: string) =>
    db.update(apiKeys).set({ last_used_at: now, last_used_ip: ip }).where(eq(apiKeys.id, id));
