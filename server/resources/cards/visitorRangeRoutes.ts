import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply } from '../../../contract/api';
import { visitorRange, visitorRangeInput } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { HttpError, notFound, validationError } from '../../http/errors';
import { rowInScope, scopeOf } from '../../http/scope';
import { checkBadge } from '../profiles';
import { deleteRange, findRange, listRanges, upsertRange } from './queries';
import { access, errors, tags } from './routeHelpers';

/** A badge check's error, told on the range field it came from. */
const rename = (field: string) => (error: unknown) => {
    if (error instanceof HttpError && error.fields?.badge_number) throw validationError({ [field]: error.fields.badge_number });
    throw error;
};

/** The visitor badge ranges of an account (SPEC 2.2 /visitors): the badges a visitor may be issued. */
export const visitorRangeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/cards/visitors/range',
        {
            config: access('visitors', 'read', 'list'),
            schema: {
                tags,
                summary: 'The visitor badge ranges of the account, with how many visitors hold a badge of each',
                response: { 200: listReply(visitorRange), ...errors },
            },
        },
        async request => {
            const result = await listRanges(ctx.db, scopeOf(request).accounts);
            return { result, count: result.length };
        },
    );

    app.patch(
        '/cards/visitors/range',
        {
            config: access('visitors', 'write', 'account'),
            schema: {
                tags,
                summary:
                    'Set the visitor range of a card format and facility code (one each): first and last number, both within the format',
                body: visitorRangeInput,
                response: { 200: visitorRange, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const body = request.body;
            const first = await checkBadge(ctx.db, account.id, { ...body, badge_number: body.first_number }).catch(rename('first_number'));
            await checkBadge(ctx.db, account.id, { ...body, badge_number: body.last_number }).catch(rename('last_number'));
            const before = (await listRanges(ctx.db, { accountId: account.id })).find(
                r => r.card_format_id === first.card_format_id && r.facility_code === first.facility_code,
            );
            const id = await upsertRange(ctx.db, account.id, { ...first, first_number: body.first_number, last_number: body.last_number });
            const after = (await listRanges(ctx.db, { accountId: account.id })).find(r => r.id === id)!;
            await recordAudit(ctx.db, request, {
                action: before ? 'update' : 'create',
                resource: 'visitors',
                entity: 'Visitor range',
                entity_id: id,
                account_id: account.id,
                before,
                after,
            });
            return after;
        },
    );

    app.delete(
        '/cards/visitors/range/:id',
        {
            config: access('visitors', 'write', 'row'),
            schema: {
                tags,
                summary: 'Delete a visitor range; visitors already issued keep their badge until midnight',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const range = await rowInScope(ctx.db, request, findRange(ctx.db, request.params.id), 'visitor range');
            const account = { id: range.account_id };
            const gone = await deleteRange(ctx.db, account.id, range.id);
            if (!gone) throw notFound('visitor range');
            await recordAudit(ctx.db, request, {
                action: 'delete',
                resource: 'visitors',
                entity: 'Visitor range',
                entity_id: gone.id,
                account_id: account.id,
                before: gone,
            });
            return reply.status(204).send(null);
        },
    );
};
