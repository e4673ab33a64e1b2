import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, accountInput, accountOption, accountOptionsInput, ACCOUNT_TYPES } from '../../../contract/accounts';
import { errorReply, idParam, listReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { reachesDescendants, scopeOf, scopePath } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import {
    accountOptions,
    childCount,
    deleteAccount,
    insertAccount,
    listAccounts,
    mainAccount,
    setMainAccount,
    toAccount,
    updateAccount,
    updateOptions,
} from './queries';
import { accountLookups } from './routeHelpers';

const tags = ['accounts'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const optionsReply = z.object({ options: z.array(accountOption) });

/** The accounts below the current one, and the platform's main account. */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { inScope } = accountLookups(ctx);

    app.get(
        '/accounts',
        {
            config: { access: ['accounts', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Accounts below the current account; with cross_account=true every account the caller may act in',
                querystring: z.object({
                    ...listParams(PICKER_PAGE_SIZE),
                    type: z.enum(ACCOUNT_TYPES).optional(),
                    parent_id: z.coerce.number().int().positive().optional(),
                }),
                response: { 200: listReply(account), ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const q = request.query;
            const { account: current, cross } = scopeOf(request);
            const filters = cross ? { pathPrefix: scopePath(auth) } : { pathPrefix: current.path, excludeId: current.id };
            // Roles that act in their own account only see that account, whatever lies below it.
            const wanted = idList(q.id);
            const ids = reachesDescendants(auth) ? wanted : (wanted ?? [auth.account.id]).filter(id => id === auth.account.id);
            const { result, count } = await listAccounts(ctx.db, { ...filters, q: q.q, type: q.type, parent_id: q.parent_id, ids }, q);
            return { result: result.map(r => toAccount(r, auth.user.role)), count };
        },
    );

    app.get(
        '/accounts/main',
        {
            config: { access: ['mainAccount', 'read'], scope: 'none' },
            schema: { tags, summary: 'The platform main account', response: { 200: account, ...errors } },
        },
        async request => {
            const main = await mainAccount(ctx.db);
            if (!main) throw notFound('account');
            return toAccount(main, requireAuth(request).user.role);
        },
    );

    app.put(
        '/accounts/main',
        {
            config: { access: ['mainAccount', 'write'], scope: 'none' },
            schema: {
                tags,
                summary: 'Make another account the platform main account (only the main account can use SSO login)',
                body: z.object({ id: z.number().int().positive() }),
                response: { 200: account, ...errors },
            },
        },
        async request => {
            const before = await mainAccount(ctx.db);
            const target = await inScope(request, request.body.id);
            const after = await setMainAccount(ctx.db, target.id);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'accounts',
                entity: 'Main account',
                entity_id: after.id,
                account_id: after.id,
                before: { main_account_id: before?.id ?? null },
                after: { main_account_id: after.id },
            });
            return toAccount(after, requireAuth(request).user.role);
        },
    );
};

/** One account: reading, creating, changing and deleting it. */
export const singleAccountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { inScope, scoped } = accountLookups(ctx);

    app.get(
        '/accounts/:id',
        {
            config: { access: ['accounts', 'read'], scope: 'account' },
            schema: { tags, summary: 'One account', params: idParam, response: { 200: account, ...errors } },
        },
        async request => toAccount(await scoped(request), requireAuth(request).user.role),
    );

    app.post(
        '/accounts',
        {
            config: { access: ['accounts', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create an account below parent_id (or the current account)',
                body: accountInput,
                response: { 201: account, ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const parent = await inScope(request, request.body.parent_id ?? scopeOf(request).account.id);
            if (parent.type === 'customer') throw badRequest('A customer account cannot hold other accounts.');
            const row = await insertAccount(ctx.db, parent, request.body);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'accounts',
                entity: 'Account',
                entity_id: row.id,
                account_id: row.id,
                after: toAccount(row, 'admin'),
            });
            return reply.status(201).send(toAccount(row, auth.user.role));
        },
    );

    app.put(
        '/accounts/:id',
        {
            config: { access: ['accounts', 'edit'], scope: 'account' },
            schema: { tags, summary: 'Update an account', params: idParam, body: accountInput, response: { 200: account, ...errors } },
        },
        async request => {
            const before = await scoped(request);
            const after = await updateAccount(ctx.db, before.id, request.body);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'accounts',
                entity: 'Account',
                entity_id: after.id,
                account_id: after.id,
                before: toAccount(before, 'admin'),
                after: toAccount(after, 'admin'),
            });
            return toAccount(after, requireAuth(request).user.role);
        },
    );

    app.delete(
        '/accounts/:id',
        {
            config: { access: ['accounts', 'delete'], scope: 'account' },
            schema: {
                tags,
                summary: 'Delete an account with its users; refused while it holds accounts',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const target = await scoped(request);
            if (target.main) throw conflict('The platform main account cannot be deleted.');
            if (target.id === auth.account.id) throw conflict('You cannot delete your own account.');
            if ((await childCount(ctx.db, target.id)) > 0)
                throw conflict('This account still holds other accounts. Delete or move them first.');
            await deleteAccount(ctx.db, target.id);
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'accounts',
                entity: 'Account',
                entity_id: target.id,
                account_id: target.parent_id,
                before: toAccount(target, 'admin'),
            });
            return reply.status(204).send(null);
        },
    );
};

/** An account's options, which decide the feature flags (SPEC 4.1). */
export const accountOptionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { scoped } = accountLookups(ctx);

    // Every signed-in user needs its current account's options: they decide the feature flags (SPEC 4.1).
    app.get(
        '/accounts/:id/options',
        {
            config: { access: 'signedIn', scope: 'account', beforePasswordSetup: true },
            schema: { tags, summary: "An account's options", params: idParam, response: { 200: optionsReply, ...errors } },
        },
        async request => {
            const target = scopeOf(request).account;
            return { options: await accountOptions(ctx.db, target.id) };
        },
    );

    app.put(
        '/accounts/:id/options',
        {
            config: { access: ['accounts', 'edit'], scope: 'account' },
            schema: {
                tags,
                summary: "Replace an account's options",
                params: idParam,
                body: accountOptionsInput,
                response: { 200: optionsReply, ...errors },
            },
        },
        async request => {
            const before = await scoped(request);
            const after = await updateOptions(ctx.db, before.id, request.body.options);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'accounts',
                entity: 'Account options',
                entity_id: after.id,
                account_id: after.id,
                before: { options: before.options },
                after: { options: after.options },
            });
            return { options: after.options };
        },
    );
};
