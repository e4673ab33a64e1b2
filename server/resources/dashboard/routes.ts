import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardReply } from '../../../contract/dashboard';
import { errorReply } from '../../../contract/api';
import { can } from '../../../contract/rights';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { reachesDescendants, scopeOf, scopePath } from '../../http/scope';
import { findAccount } from '../accounts';
import { recentAuditLogs, signInsPerDay } from '../audit-logs';
import { accountTiles, deviceTiles, eventTiles, profileTiles, userTiles } from './queries';

/** GET /dashboard: what the lists its tiles open hold, and what happened lately. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/dashboard',
        {
            config: { access: ['dashboard', 'read'], scope: 'list' },
            schema: {
                tags: ['dashboard'],
                summary:
                    'Counts and recent activity of the account, or with cross_account of every account in reach: accounts below, users, devices, events, profiles',
                response: { 200: dashboardReply, 401: errorReply, 403: errorReply },
            },
        },
        async request => {
            const auth = requireAuth(request);
            // The same rows as the lists the tiles open: the account, or with cross_account every account in reach.
            const { account: current, accounts: scope, cross } = scopeOf(request);
            // Managers and users do not see audit activity (SPEC 6.2, 6.3): no sign-ins, no recent activity.
            const readsAudit = can(auth.user.role, 'auditLogs', 'read');
            const account = (await findAccount(ctx.db, current.id))!;
            // As the accounts list counts them: below the account, or with cross_account every account in reach but one's own.
            const below = reachesDescendants(auth) ? { pathPrefix: cross ? scopePath(auth) : account.path } : { accountId: account.id };
            const [accountCounts, userCounts, devices, events, profiles] = await Promise.all([
                accountTiles(ctx.db, below, cross ? auth.account.id : account.id),
                userTiles(ctx.db, scope),
                deviceTiles(ctx.db, scope),
                eventTiles(ctx.db, scope, ctx.now()),
                profileTiles(ctx.db, scope),
            ]);
            return {
                account: { id: account.id, name: account.name, type: account.type },
                accounts: accountCounts,
                users: userCounts,
                ...(readsAudit ? { sign_ins: await signInsPerDay(ctx.db, { scope }, 30) } : {}),
                devices,
                events,
                profiles,
                ...(readsAudit
                    ? {
                          recent_activity: (await recentAuditLogs(ctx.db, { scope }, 10)).map(
                              ({ id, timestamp, user_name, action, resource, entity, entity_id, target_name }) => ({
                                  id,
                                  timestamp,
                                  user_name,
                                  action,
                                  resource,
                                  entity,
                                  entity_id,
                                  target_name,
                              }),
                          ),
                      }
                    : {}),
            };
        },
    );
};
