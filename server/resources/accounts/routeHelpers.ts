import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { accountInScope, scopeOf } from '../../http/scope';
import { findAccount } from './queries';

/** How the account route plugins of routes.ts find the account a request names. */
export const accountLookups = (ctx: AppContext) => {
    /** An account the caller may act in, or 404 when it does not exist, 403 outside the scope. */
    const inScope = async (request: FastifyRequest, id: number) => {
        await accountInScope(ctx.db, requireAuth(request), id);
        return (await findAccount(ctx.db, id))!;
    };
    /** The account /accounts/:id/… names, which the kernel found in the caller's scope. */
    const scoped = async (request: FastifyRequest) => (await findAccount(ctx.db, scopeOf(request).account.id))!;
    return { inScope, scoped };
};
