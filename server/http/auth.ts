import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import { can, type Action, type Resource } from '../../contract/rights';
import type { Role } from '../../contract/roles';
import type { AccountOption } from '../../contract/session';
import { API_BASE } from '../../contract/constants';
import type { Db } from '../db/database';
import { accounts, sessions, users } from '../db/schema';
import { authenticateDevice } from './deviceAuth';
import { forbidden, unauthorized } from './errors';
import type { TokenKind, TokenSigner } from './tokens';

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
    }
    interface FastifyRequest {
        auth: AuthContext | null;
    }
    interface FastifyInstance {
        /** every /api/v2 route with its access rule, for the rights-coverage test and the docs */
        routeAccess: { method: string; url: string; access: RouteAccess }[];
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
export interface AuthContext {
    user: AuthUser;
    account: AuthAccount;
    sessionId: string;
    kind: TokenKind;
}

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
    return { user: row.user, account: row.account, sessionId, kind };
};

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; signer: TokenSigner }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('device', null);
    const routeAccess: FastifyInstance['routeAccess'] = [];
    app.decorate('routeAccess', routeAccess);

    app.addHook('onRoute', route => {
        const url = route.url ?? route.path;
        if (!url.startsWith(API_BASE) || url.startsWith(`${API_BASE}/swagger`)) return;
        if (!route.config?.access) throw new Error(`Route ${route.method} ${url} declares no access rule`);
        for (const method of [route.method].flat()) if (method !== 'HEAD') routeAccess.push({ method, url, access: route.config.access });
    });

    app.addHook('onRequest', async request => {
        const access = request.routeOptions.config?.access;
        if (!access || access === 'public') return;
        if (access === 'device') {
            request.device = await authenticateDevice(opts.db, request);
            return;
        }
        const token = bearer(request);
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
