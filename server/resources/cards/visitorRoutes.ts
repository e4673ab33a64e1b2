import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply } from '../../../contract/api';
import { accountTimeZone, CARD_MESSAGES, nextMidnight, visitorInput, visitorRecord } from '../../../contract/cards';
import { profileRecord } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { conflict, validationError } from '../../http/errors';
import { rowInScope, scopeOf } from '../../http/scope';
import { defaultAccessGroupId } from '../access-groups';
import { accountOptions } from '../accounts';
import {
    accessGroupsOfAccount,
    BADGE_TAKEN,
    badgeTaken,
    checkBadge,
    deleteProfilesFor,
    findProfile,
    insertProfile,
    toProfiles,
    whyNotForProfile,
} from '../profiles';
import { findVisitorBadge, listVisitors, rangeOf } from './queries';
import { access, auditDeleted, errors, listQuery, tags } from './routeHelpers';

/** Visitors (SPEC 2.2 /visitors, 4.7): a profile with a badge of a visitor range, until the next midnight. */
export const visitorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/cards/visitors',
        {
            config: access('visitors', 'read', 'list'),
            schema: {
                tags,
                summary: "The account's visitors: their badge and when it expires; q finds a badge by number or FC:NUMBER, or an ACS ID",
                querystring: listQuery,
                response: { 200: listReply(visitorRecord), ...errors },
            },
        },
        async request => {
            return listVisitors(
                ctx.db,
                { scope: scopeOf(request).accounts, q: request.query.q, card_format_id: request.query.card_format_id },
                request.query,
            );
        },
    );

    app.post(
        '/cards/visitors',
        {
            config: access('visitors', 'write', 'account'),
            schema: {
                tags,
                summary:
                    "Issue a visitor badge: a profile with a badge of a visitor range, in the given groups (else the default group), until the next midnight of the account's time zone",
                body: visitorInput,
                response: { 201: profileRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const body = request.body;
            const key = await checkBadge(ctx.db, account.id, body);
            if (!(await rangeOf(ctx.db, account.id, key))) throw validationError({ badge_number: CARD_MESSAGES.notInRange });
            const refusal = await whyNotForProfile(ctx.db, account.id, key);
            if (refusal) throw conflict(refusal);
            // SPEC 4.7: a badge someone holds (an exclusion profile among them) stays theirs.
            if (await badgeTaken(ctx.db, account.id, key)) throw conflict(BADGE_TAKEN);
            const fallback = await defaultAccessGroupId(ctx.db, account.id);
            const groupIds = body.access_group_ids?.length ? body.access_group_ids : fallback ? [fallback] : [];
            const own = await accessGroupsOfAccount(ctx.db, account.id, groupIds);
            if (!groupIds.length || own.length !== new Set(groupIds).size)
                throw validationError({ access_group_ids: "Choose access groups of the visitor's account" });
            const zone = accountTimeZone(await accountOptions(ctx.db, account.id));
            const row = await insertProfile(
                ctx.db,
                account.id,
                { acs_id: body.acs_id || null, visitor: true, expires_at: nextMidnight(ctx.now(), zone) },
                [...new Set(groupIds)],
                [key],
            );
            const created = (await toProfiles(ctx.db, [(await findProfile(ctx.db, row.id))!]))[0]!;
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'visitors',
                entity: 'Visitor',
                entity_id: row.id,
                account_id: account.id,
                after: created,
            });
            return reply.status(201).send(created);
        },
    );

    app.delete(
        '/cards/visitors/:id',
        {
            config: access('visitors', 'write', 'row'),
            schema: {
                tags,
                summary: "End a visit: the visitor's profile and badge are deleted now",
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const found = await findVisitorBadge(ctx.db, request.params.id);
            const { badge } = await rowInScope(
                ctx.db,
                request,
                Promise.resolve(found?.visitor ? { ...found, account_id: found.badge.account_id } : undefined),
                'visitor',
            );
            const gone = await deleteProfilesFor(ctx.db, ctx.storage, badge.account_id, [badge.profile_id], 'deleted');
            await auditDeleted(ctx, request, gone, 'deleted');
            return reply.status(204).send(null);
        },
    );
};
