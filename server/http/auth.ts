import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { can, type Action, type Resource } from '../../contract/rights';
import { API_KEY_MESSAGES, API_KEY_REQUESTS_PER_MINUTE, apiKeyActorName, apiKeyStatus } from '../../contract/apiKeys';
import type { Role } from '../../contract/roles';
import type { AccountOption } from '../../contract/session';
import { API_BASE } from '../../contract/constants';
import type { Db } from '../db/database';
import { accounts, sessions, users } from '../db/schema';
import { apiKeyHeader, hashApiKey, keyByHash, keyStillValid, touchApiKey, wellFormedApiKey } from './apiKeys';
import { authenticateDevice, deviceCredential } from './deviceAuth';
import { forbidden, tooMany, unauthorized } from './errors';
import type { TokenKind, TokenSigner } from '../crypto/tokens';

/**
 * Who may call a route. Every route under /api/v2 declares one; the server
 * refuses to start otherwise, so no route is left unguarded by mistake.
 * - 'public': no token (login, reset password...)
 * - 'signedIn': any signed-in user (me, tos...)
 * - 'tfaStep': the short token issued by login when a second factor is due
 * - 'anySignIn': either of the two above (two-factor setup and reset)
 * - 'device': a reader's own credential (the device API)
 * - [resource, action]: the right of SPEC 6.2 the caller's role must hold
 */
export type RouteAccess = 'public' | 'signedIn' | 'tfaStep' | 'anySignIn' | 'device' | readonly [Resource, Action];

declare module 'fastify' {
    interface FastifyContextConfig {
        access?: RouteAccess;
        /** reachable while the user must still set a first password (SPEC 2.1) */
        beforePasswordSetup?: boolean;
        /**
         * access 'device' only: the hook reads the credential and the handler checks the key in the statement that does
         * the work, one round trip instead of two on the call every reader makes most (docs/performance.md "Readers fleet")
         */
        deviceKeyInStatement?: boolean;
    }
    interface FastifyRequest {
        auth: AuthContext | null;
    }
    interface FastifyInstance {
        /** every /api/v2 route with its access rule and account scope, for the rights-coverage and scope tests and the docs */
        routeAccess: { method: string; url: string; access: RouteAccess; scope?: FastifyContextConfig['scope'] }[];
    }
}

export interface AuthUser {
    id: number;
    name: string;
    email: string;
    role: Role;
    account_id: number;
    password_changed: boolean;
    accepted_tos: boolean;
    tfa_enabled: boolean;
    external_user: boolean;
}
export interface AuthAccount {
    id: number;
    name: string;
    path: string;
    main: boolean;
    type: 'platform' | 'dealer' | 'customer';
    options: AccountOption[];
}
/** The API key a request was authenticated by (docs/decisions.md "API keys"). */
export interface ApiKeyIdentity {
    id: number;
    description: string;
    /** the user who created it: the audit log's user_id for what the key does (docs/decisions.md) */
    created_by: number;
}
export interface AuthContext {
    user: AuthUser;
    account: AuthAccount;
    /** '' for an API key, which has no session */
    sessionId: string;
    kind: TokenKind;
    /** set when an API key, not a user's token, authenticated the request */
    apiKey: ApiKeyIdentity | null;
}

/**
 * The user an API key acts as: its role in its account, under its description.
 * Its id is 0, which no user has (ids start at 1), so that no "oneself" rule
 * (edit one's own user, one's own password...) ever applies to a key; a key
 * never acts as its creator. It is past the first password and the terms,
 * which are a person's steps.
 */
export const API_KEY_USER_ID = 0;
const apiKeyUser = (key: { description: string; role: Role; account_id: number }): AuthUser => ({
    id: API_KEY_USER_ID,
    name: apiKeyActorName(key.description),
    email: '',
    role: key.role,
    account_id: key.account_id,
    password_changed: true,
    accepted_tos: true,
    tfa_enabled: false,
    external_user: false,
});

/** The user_id the audit log records for a request: the user, or for an API key the user who created it. */
export const auditUserId = (auth: AuthContext): number => (auth.apiKey ? auth.apiKey.created_by : auth.user.id);

/** Still allowed to act: its session (a user) or its key (not revoked, not expired) stands; a live stream asks on its heartbeat. */
export const reloadAuth = async (db: Db, auth: AuthContext, now: Date): Promise<AuthContext | undefined> => {
    if (!auth.apiKey) return loadAuth(db, auth.user.id, auth.sessionId, auth.kind);
    return (await keyStillValid(db, auth.apiKey.id, now)) ? auth : undefined;
};

const bearer = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const [scheme, token] = header.split(' ');
    return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/** Loads the signed-in user, its account and session in one query; undefined when any is gone or revoked. */
export const loadAuth = async (db: Db, userId: number, sessionId: string, kind: TokenKind): Promise<AuthContext | undefined> => {
    // Every signed-in request runs this: only the columns the request needs, not the password hash or 2FA secrets.
    const [row] = await db
        .select({
            user: {
                id: users.id,
                name: users.name,
                email: users.email,
                role: users.role,
                account_id: users.account_id,
                password_changed: users.password_changed,
                accepted_tos: users.accepted_tos,
                tfa_enabled: users.tfa_enabled,
                external_user: users.external_user,
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
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.account_id))
        .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.user_id, users.id), isNull(sessions.revoked_at)))
        .where(and(eq(users.id, userId), eq(users.disabled, false)))
        .limit(1);
    if (!row) return undefined;
    return { user: row.user, account: row.account, sessionId, kind, apiKey: null };
};

/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_EVERY_MS = 60_000;

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; signer: TokenSigner; now?: () => Date }) => {
    const now = opts.now ?? (() => new Date());
    app.decorateRequest('auth', null);
    app.decorateRequest('device', null);
    app.decorateRequest('deviceCredential', null);
    const routeAccess: FastifyInstance['routeAccess'] = [];
    app.decorate('routeAccess', routeAccess);

    app.addHook('onRoute', route => {
        const url = route.url ?? route.path;
        if (!url.startsWith(API_BASE) || url.startsWith(`${API_BASE}/swagger`)) return;
        if (!route.config?.access) throw new Error(`Route ${route.method} ${url} declares no access rule`);
        for (const method of [route.method].flat())
            if (method !== 'HEAD') routeAccess.push({ method, url, access: route.config.access, scope: route.config.scope });
        // The OpenAPI document: a route guarded by a right takes a user's token or an account's API key.
        if (Array.isArray(route.config.access)) route.schema = { ...route.schema, security: [{ bearer: [] }, { apiKey: [] }] };
    });

    // Each key has its own budget, all routes together (app.ts registers @fastify/rate-limit first; a bare app has none).
    const keyBudget = app.hasDecorator('createRateLimit')
        ? app.createRateLimit({
              max: API_KEY_REQUESTS_PER_MINUTE,
              timeWindow: '1 minute',
              keyGenerator: request => `api-key:${request.auth?.apiKey?.id}`,
          })
        : undefined;

    /**
     * `X-API-Key` without a bearer token: the key acts as a user of its role in
     * its account. Unknown, revoked and expired keys get the same 401, so the
     * reply tells nothing of a key that was once good.
     */
    const authenticateKey = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<AuthContext> => {
        const found = wellFormedApiKey(key) ? await keyByHash(opts.db, hashApiKey(key)) : undefined;
        const at = now();
        if (!found || apiKeyStatus(found.key, at) !== 'active') throw unauthorized(API_KEY_MESSAGES.invalidKey);
        const auth: AuthContext = {
            user: apiKeyUser(found.key),
            account: found.account,
            sessionId: '',
            kind: 'access',
            apiKey: { id: found.key.id, description: found.key.description, created_by: found.key.created_by },
        };
        request.auth = auth;
        if (keyBudget) {
            const budget = await keyBudget(request);
            if (!budget.isAllowed && budget.isExceeded) {
                reply.header('Retry-After', String(budget.ttlInSeconds));
                throw tooMany(API_KEY_MESSAGES.tooMany);
            }
        }
        // The key's row read above says when it was last recorded: no write at all on most requests.
        if (!found.key.last_used_at || at.getTime() - found.key.last_used_at.getTime() >= LAST_USED_EVERY_MS)
            await touchApiKey(opts.db, found.key.id, at, request.ip);
        return auth;
    };

    app.addHook('onRequest', async (request, reply) => {
        const access = request.routeOptions.config?.access;
        if (!access || access === 'public') return;
        if (access === 'device') {
            if (request.routeOptions.config.deviceKeyInStatement) request.deviceCredential = deviceCredential(request);
            else request.device = await authenticateDevice(opts.db, request);
            return;
        }
        const token = bearer(request);
        const key = token ? undefined : apiKeyHeader(request);
        if (key) {
            // Signing in, the terms, one's password and second factor are a person's: a key has only rights of the matrix.
            if (!Array.isArray(access)) throw unauthorized(API_KEY_MESSAGES.notForKeys);
            const auth = await authenticateKey(request, reply, key);
            const [resource, action] = access as readonly [Resource, Action];
            if (!can(auth.user.role, resource, action)) throw forbidden();
            return;
        }
        if (!token) throw unauthorized();
        let kind: TokenKind = access === 'tfaStep' ? 'tfa' : 'access';
        let claims = await opts.signer.verify(kind, token);
        if (!claims && access === 'anySignIn') {
            kind = 'tfa';
            claims = await opts.signer.verify(kind, token);
        }
        if (!claims) throw unauthorized('Invalid or expired token');
        const auth = await loadAuth(opts.db, Number(claims.sub), claims.sid, kind);
        if (!auth) throw unauthorized('Session has ended');
        request.auth = auth;
        if (kind === 'access' && !auth.user.password_changed && !request.routeOptions.config.beforePasswordSetup) {
            throw forbidden('Password change required');
        }
        if (Array.isArray(access)) {
            const [resource, action] = access as readonly [Resource, Action];
            if (!can(auth.user.role, resource, action)) throw forbidden();
        }
    });
});

/** The signed-in caller of a route that is not public. */
export const requireAuth = (request: FastifyRequest): AuthContext => {
    if (!request.auth) throw unauthorized();
    return request.auth;
};
