import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply } from '../../../contract/api';
import { listedCard, listedCardInput, type CardList } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { rowInScope, scopeOf } from '../../http/scope';
import { unlistEntry } from './listQueries';
import { findListed, listCards } from './queries';
import { access, addToList, errors, listQuery, LISTS, optOutOn, tags } from './routeHelpers';

/**
 * The badge lists of the Profiles group (SPEC 2.2 /opt_out, /adaptive, 4.7,
 * 7.2): opt-out, adaptive two-factor and exclusion, each read, added to and
 * taken from alike. Every change bumps the account's access version, so
 * readers pull the new lists. The adaptive list's bulk change is
 * adaptiveRoutes.ts, the opt-out import optOutRoutes.ts.
 */
export const cardListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    for (const [list, { path, right, audit, entity }] of Object.entries(LISTS) as [CardList, (typeof LISTS)[CardList]][]) {
        app.get(
            path,
            {
                config: access(right, 'read', 'list'),
                schema: {
                    tags,
                    summary: `The ${entity.toLowerCase()}s of the account; q finds a badge by number or FC:NUMBER`,
                    querystring: listQuery,
                    response: { 200: listReply(listedCard), ...errors },
                },
            },
            async request => {
                const { account, accounts, cross } = scopeOf(request);
                // Across accounts the list holds what each account's option let in; one account answers as its option says.
                if (!cross) await optOutOn(ctx, list, account.id);
                return listCards(
                    ctx.db,
                    { scope: accounts, list, q: request.query.q, card_format_id: request.query.card_format_id },
                    request.query,
                );
            },
        );

        app.post(
            path,
            {
                config: access(right, 'write', 'account'),
                schema: {
                    tags,
                    summary:
                        list === 'opt_out'
                            ? 'Add a badge to the bio opt-out list: the profile holding it is deleted with its biometric data'
                            : `Add a badge to the ${entity.toLowerCase()} list`,
                    body: listedCardInput,
                    response: { 201: listedCard.extend({ profiles_deleted: z.number().int() }), ...errors },
                },
            },
            async (request, reply) => {
                const { account } = scopeOf(request);
                await optOutOn(ctx, list, account.id);
                const { entry, profiles_deleted } = await addToList(ctx, request, account.id, list, request.body);
                return reply.status(201).send({ ...entry, profiles_deleted });
            },
        );

        app.delete(
            `${path}/:id`,
            {
                config: access(right, 'write', 'row'),
                schema: {
                    tags,
                    summary: `Take a badge out of the ${entity.toLowerCase()} list`,
                    params: idParam,
                    response: { 204: z.null(), ...errors },
                },
            },
            async (request, reply) => {
                const entry = await rowInScope(
                    ctx.db,
                    request,
                    findListed(ctx.db, undefined, list, request.params.id),
                    entity.toLowerCase(),
                );
                const account = { id: entry.account_id };
                await optOutOn(ctx, list, account.id);
                await unlistEntry(ctx.db, account.id, list, entry.id);
                await recordAudit(ctx.db, request, {
                    action: 'delete',
                    resource: audit,
                    entity,
                    entity_id: entry.id,
                    account_id: account.id,
                    before: entry,
                });
                return reply.status(204).send(null);
            },
        );
    }
};
