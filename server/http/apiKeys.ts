import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH, apiKeyStatus } from '../../contract/apiKeys';
import type { Db } from '../db/database';
import { accounts, apiKeys } from '../db/schema';
import { sha256 } from '../crypto/tokens';

export const hashApiKey = (key: string) => sha256(key.trim());

/** The shape newApiKey makes: anything else is refused without a database lookup. */
const WELL_FORMED = new RegExp(`^${API_KEY_MARK}[A-Za-z0-9_-]{43}$`);
export const wellFormedApiKey = (key: string) => WELL_FORMED.test(key.trim());

/**
 * A new key: the mark and 256 random bits (base64url). Only its SHA-256 and
 * its first characters are stored; the key itself is in the create reply alone.
 */
export const newApiKey = () => {
    const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
    return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), secret_hash: hashApiKey(key) };
};

/** The X-API-Key header of a request, when it sends one (and one only). */
export const apiKeyHeader = (request: FastifyRequest): string | undefined => {
    const value = request.headers['x-api-key'];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
};

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
