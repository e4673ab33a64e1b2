import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_BASE } from '../../contract/constants';
import { roleReachesBelow } from '../../contract/roles';
import type { Db } from '../db/database';
import type { AccountScope } from '../db/lists';
import { accounts } from '../db/schema';
import { forbidden, notFound } from './errors';
import { requireAuth, type AuthContext } from './auth';

/**
 * Account scope (DESIGN.md "Account scope", docs/decisions.md "Account scope of lists"), declared by each route beside
 * its access rule, `config: { access, scope }`, and done here once for all:
 * - 'list': rows of accounts. The route's query gains `account_id` and `cross_account`. Without them the rows of the
 *   caller's own account; `account_id=N` those of N, when the caller may act in it (403 otherwise, 404 if none);
 *   `cross_account=true` those of every account in the caller's reach. The handler reads `scopeOf(request).accounts`,
 *   a filter for inAccountScope.
 * - 'account': acts in one account: `account_id` in the JSON body of a write, in the query otherwise (a read, a
 *   multipart upload); 0 or absent is the caller's own. The handler reads `scopeOf(request).account`.
 * - 'row': names a row by id; the row's own account decides (rowInScope); account_id is not read.
 * - 'none': no account (the caller's own session, platform settings).
 * A route whose address names the account (`/accounts/:id/…`, `:account_id`) takes it from there instead.
 * Who reaches what: admin every account; dealer and installer their account and those below it; other roles their own.
 */
export type RouteScope = 'list' | 'account' | 'row' | 'none';

export interface RequestScope {
    /** the account the request acts in, or whose rows a list shows without cross_account */
    account: ScopedAccount;
    /** the rows a list covers: that account, or with cross_account=true every account in reach */
    accounts: AccountScope;
    /** cross_account=true was asked */
    cross: boolean;
}

declare module 'fastify' {
    interface FastifyContextConfig {
        scope?: RouteScope;
    }
    interface FastifyRequest {
        scope: RequestScope | null;
    }
}

export interface ScopedAccount {
    id: number;
    path: string;
    name: string;
}

/** The keys the scope adds to a route's schema: the same on every operation of the OpenAPI document. */
export const SCOPE_QUERY = {
    account_id: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .describe("The account to act in, or whose rows to list; 0 or absent: the caller's own (SPEC 7.1)"),
    cross_account: z
        .enum(['true', 'false'])
        .optional()
        .describe('true: the rows of every account the caller may act in, whatever account_id says'),
};
const SCOPE_BODY = { account_id: z.number().int().min(0).optional().describe(SCOPE_QUERY.account_id.description!) };

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

/** Every account the caller may act in, as a list filter. */
export const reachOf = (auth: AuthContext): AccountScope =>
    reachesDescendants(auth) ? { pathPrefix: scopePath(auth) } : { accountId: auth.account.id };

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

/** The scope the kernel resolved for a 'list' or 'account' route. */
export const scopeOf = (request: FastifyRequest): RequestScope => {
    if (!request.scope) throw new Error(`${request.method} ${request.routeOptions.url} declares no account scope`);
    return request.scope;
};

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
    const auth = requireAuth(request);
    if (row.account_id !== auth.account.id) {
        const [account] = await db.select({ id: accounts.id, path: accounts.path }).from(accounts).where(eq(accounts.id, row.account_id));
        if (!account || !mayActIn(auth, account)) throw notFound(what);
    }
    return row;
};

/** Where a route's address names its account: `:account_id`, or the id of /accounts/:id/…. */
const accountParam = (url: string): 'account_id' | 'id' | undefined =>
    url.includes('/:account_id') ? 'account_id' : url.startsWith(`${API_BASE}/accounts/:id`) ? 'id' : undefined;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Schema = NonNullable<RouteOptions['schema']>;
/** A route schema's object with the scope's keys added; the route must not declare them itself. */
const withKeys = (route: string, part: unknown, keys: Record<string, z.ZodType>): z.ZodType => {
    if (part === undefined) return z.object(keys);
    // A union or an intersection of objects (a body with variants): the keys go beside it.
    if (!(part instanceof z.ZodObject)) {
        if (part instanceof z.ZodType) return part.and(z.object(keys));
        throw new Error(`${route}: the account scope needs a zod schema here`);
    }
    for (const key of Object.keys(keys))
        if (key in part.shape) throw new Error(`${route} declares ${key} itself: its config.scope adds it (server/http/scope.ts)`);
    return part.safeExtend(keys);
};

/** Adds the scope's keys to a route's schema, where SPEC 7.1 sends them. */
const declareScope = (route: RouteOptions, scope: RouteScope, url: string) => {
    if (scope === 'row' || scope === 'none') return;
    const name = `${[route.method].flat().join(',')} ${url}`;
    const schema: Schema = { ...route.schema };
    const fromPath = accountParam(url);
    const writes = [route.method].flat().some(m => WRITES.has(m));
    // An address that names its account by `:account_id` gets the parameter's schema here too.
    if (fromPath === 'account_id') schema.params = withKeys(name, schema.params, { account_id: z.coerce.number().int().min(0) });
    if (scope === 'list')
        schema.querystring = withKeys(name, schema.querystring, fromPath ? { cross_account: SCOPE_QUERY.cross_account } : SCOPE_QUERY);
    else if (fromPath) {
        // the address names the account: nothing more to take
    } else if (writes && schema.body !== undefined) schema.body = withKeys(name, schema.body, SCOPE_BODY);
    else schema.querystring = withKeys(name, schema.querystring, { account_id: SCOPE_QUERY.account_id });
    route.schema = schema;
};

const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/** The account a request names, as the route's validated schema read it. */
const requestedAccount = (request: FastifyRequest, url: string): number => {
    const param = accountParam(url);
    if (param) return numberOf((request.params as Record<string, unknown>)[param]) ?? 0;
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : undefined;
    const query = request.query as Record<string, unknown> | undefined;
    return numberOf(body?.account_id) ?? numberOf(query?.account_id) ?? 0;
};

/** Declares and resolves every route's account scope; registered after the auth plugin, before the features. */
export const scopePlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('scope', null);

    app.addHook('onRoute', route => {
        const url = route.url ?? route.path;
        if (!url.startsWith(API_BASE) || url.startsWith(`${API_BASE}/swagger`)) return;
        const access = route.config?.access;
        const scope = route.config?.scope;
        const person = access !== undefined && access !== 'public' && access !== 'device';
        if (person && !scope) throw new Error(`Route ${route.method} ${url} declares no account scope (config.scope)`);
        if (!person && scope && scope !== 'none') throw new Error(`Route ${route.method} ${url} has no signed-in caller to scope`);
        if (scope) declareScope(route, scope, url);
    });

    // After validation: the keys are read from the request as the schema parsed them.
    app.addHook('preHandler', async request => {
        const scope = request.routeOptions.config?.scope;
        if (scope !== 'list' && scope !== 'account') return;
        const auth = requireAuth(request);
        const url = request.routeOptions.url ?? '';
        const account = await accountInScope(opts.db, auth, requestedAccount(request, url));
        const cross = scope === 'list' && (request.query as Record<string, unknown> | undefined)?.cross_account === 'true';
        request.scope = { account, cross, accounts: cross ? reachOf(auth) : { accountId: account.id } };
    });
});

/**
 * The account of a multipart upload: the query's account_id, which the kernel resolved before the body streams in,
 * unless the form's own account_id field (SPEC 7.1 sends it first) names another account in reach.
 */
export const formAccount = async (db: Db, request: FastifyRequest, field: string | undefined): Promise<ScopedAccount> => {
    const { account } = scopeOf(request);
    const id = field === undefined || field === '' ? undefined : Number(field);
    if (id === undefined || id === account.id || !Number.isInteger(id) || id < 0) return account;
    return accountInScope(db, requireAuth(request), id);
};
