import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, like, ne } from 'drizzle-orm';
import { dashboardReply } from '../../../contract/dashboard';
import { errorReply } from '../../../contract/api';
import { ROLES, type Role } from '../../../contract/roles';
import { can } from '../../../contract/rights';
import type { AppContext } from '../../context';
import { accounts, users } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { reachesDescendants, requestAccount } from '../../http/scope';
import { findAccount } from '../accounts/queries';
import { recentAuditLogs, signInsPerDay } from '../audit-logs/queries';
import { deviceTiles, eventTiles, profileTiles } from './queries';

/** GET /dashboard: what the current account and everything below it holds, and what happened lately. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/dashboard',
        {
            config: { access: ['dashboard', 'read'] },
            schema: {
                tags: ['dashboard'],
                summary: 'Counts and recent activity for the current account and below: accounts, users, devices, events, profiles',
                response: { 200: dashboardReply, 401: errorReply, 403: errorReply },
            },
        },
        async request => {
            const current = await requestAccount(ctx.db, request);
            // Managers and users do not see audit activity (SPEC 6.2, 6.3): no sign-ins, no recent activity.
            const readsAudit = can(requireAuth(request).user.role, 'auditLogs', 'read');
            const account = (await findAccount(ctx.db, current.id))!;
            // Only admin, dealer and installer see what lies below the account; other roles their account alone.
            const below = reachesDescendants(requireAuth(request)) ? like(accounts.path, `${account.path}%`) : eq(accounts.id, account.id);
            const accountTypes = await ctx.db
                .select({ type: accounts.type, n: count() })
                .from(accounts)
                .where(and(below, ne(accounts.id, account.id)))
                .groupBy(accounts.type);
            const roles = await ctx.db
                .select({ role: users.role, n: count(), tfa: count(users.tfa_secret) })
                .from(users)
                .innerJoin(accounts, eq(accounts.id, users.account_id))
                .where(below)
                .groupBy(users.role);
            const by_role = Object.fromEntries(ROLES.map(r => [r, 0])) as Record<Role, number>;
            for (const r of roles) by_role[r.role] = r.n;
            const scope = reachesDescendants(requireAuth(request)) ? { pathPrefix: account.path } : { accountId: account.id };
            const [devices, events, profiles] = await Promise.all([
                deviceTiles(ctx.db, scope),
                eventTiles(ctx.db, scope, ctx.now()),
                profileTiles(ctx.db, scope),
            ]);
            return {
                account: { id: account.id, name: account.name, type: account.type },
                accounts: {
                    dealers: accountTypes.find(t => t.type === 'dealer')?.n ?? 0,
                    customers: accountTypes.find(t => t.type === 'customer')?.n ?? 0,
                },
                users: { total: roles.reduce((s, r) => s + r.n, 0), by_role, with_tfa: roles.reduce((s, r) => s + r.tfa, 0) },
                ...(readsAudit ? { sign_ins: await signInsPerDay(ctx.db, scope, 30) } : {}),
                devices,
                events,
                profiles,
                ...(readsAudit
                    ? {
                          recent_activity: (await recentAuditLogs(ctx.db, scope, 10)).map(
                              ({ id, timestamp, user_name, action, resource, entity, entity_id }) => ({
                                  id,
                                  timestamp,
                                  user_name,
                                  action,
                                  resource,
                                  entity,
                                  entity_id,
                              }),
                          ),
                      }
                    : {}),
            };
        },
    );
};
