import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { roleReachesBelow } from '../../contract/roles';
import type { Db } from '../db/database';
import { accounts } from '../db/schema';
import { findAccount } from '../resources/accounts/queries';
import { forbidden, notFound } from './errors';
import { requireAuth, type AuthContext } from './auth';

/**
 * Account scope (DESIGN.md): admin acts in every account; dealer and installer
 * in their account and its descendants; other roles in their own account only.
 */
export const mayActIn = (auth: AuthContext, target: { id: number; path: string }): boolean => {
    switch (auth.user.role) {
        case 'admin':
            return true;
        case 'dealer':
        case 'installer':
            return target.path.startsWith(auth.account.path);
        default:
            return target.id === auth.account.id;
    }
};

/** The path prefix of the caller's subtree; only admin, dealer and installer may act in all of it (see reachesDescendants). */
export const scopePath = (auth: AuthContext): string => (auth.user.role === 'admin' ? '/' : auth.account.path);

/** Admin, dealer and installer reach below their own account; others see one account. */
export const reachesDescendants = (auth: AuthContext) => roleReachesBelow(auth.user.role);

export interface ScopedAccount {
    id: number;
    path: string;
    name: string;
}

/** Loads an account the caller may act in; 404 if it does not exist, 403 if it is outside the scope. */
export const accountInScope = async (db: Db, auth: AuthContext, accountId: number): Promise<ScopedAccount> => {
    if (accountId === 0 || accountId === auth.account.id) return { id: auth.account.id, path: auth.account.path, name: auth.account.name };
    const [row] = await db
        .select({ id: accounts.id, path: accounts.path, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
    if (!row) throw notFound('account');
    if (!mayActIn(auth, row)) throw forbidden('You are not allowed to act in this account');
    return row;
};

const readAccountId = (value: unknown): number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const n = Number(value);
    return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The account a request works in: account_id from the body for writes, the
 * query for reads (SPEC 7.1); 0 or absent means the caller's own account.
 */
export const requestAccount = async (db: Db, request: FastifyRequest): Promise<ScopedAccount> => {
    const auth = requireAuth(request);
    const fromBody = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>).account_id : undefined;
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.account_id;
    const id = readAccountId(fromBody) ?? readAccountId(fromQuery) ?? 0;
    return accountInScope(db, auth, id);
};

/** True when the list asks for every account the caller may see (SPEC 7.1 cross_account=true). */
export const isCrossAccount = (request: FastifyRequest) => (request.query as Record<string, unknown> | undefined)?.cross_account === 'true';

/**
 * A row of an account-owned table, as a route that names it by id may show it: the row when the caller may act in
 * its account, else 404 with the same text as for a missing row, so another tenant's ids cannot be told from free ones.
 */
export const rowInScope = async <T extends { account_id: number }>(
    db: Db,
    request: FastifyRequest,
    found: Promise<T | undefined>,
    what: string,
): Promise<T> => {
    const row = await found;
    if (!row) throw notFound(what);
    const account = await findAccount(db, row.account_id);
    if (!account || !mayActIn(requireAuth(request), account)) throw notFound(what);
    return row;
};
