import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listReply } from '../../../contract/api';
import { cardFormatRecord } from '../../../contract/card-formats';
import { accountBadge, BADGE_AUTOCOMPLETE_MAX } from '../../../contract/cards';
import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { idList, listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { listCardFormats, toCardFormat } from '../card-formats';
import { listBadges } from './queries';
import { access, errors, listQuery, tags } from './routeHelpers';

/**
 * The badges of the account scope with their holders, the badge picker, and
 * the card formats a badge may use. The badge lists are listRoutes.ts,
 * adaptiveRoutes.ts and optOutRoutes.ts; visitors visitorRangeRoutes.ts and
 * visitorRoutes.ts.
 */
export const cardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/cards',
        {
            config: access('profiles', 'read', 'list'),
            schema: {
                tags,
                summary: "Every badge of the account with its holder; q finds a number or FC:NUMBER, else part of the holder's ACS ID",
                querystring: listQuery,
                response: { 200: listReply(accountBadge), ...errors },
            },
        },
        async request => {
            return listBadges(
                ctx.db,
                { scope: scopeOf(request).accounts, q: request.query.q, card_format_id: request.query.card_format_id },
                request.query,
            );
        },
    );

    app.get(
        '/cards/autocomplete',
        {
            config: access('profiles', 'read', 'list'),
            schema: {
                tags,
                summary: `The badge picker: at most ${BADGE_AUTOCOMPLETE_MAX} badges of the account for the text typed (number, FC:NUMBER or ACS ID)`,
                querystring: z.object({ q: z.string().max(200).optional() }),
                response: { 200: listReply(accountBadge), ...errors },
            },
        },
        async request =>
            listBadges(ctx.db, { scope: scopeOf(request).accounts, q: request.query.q }, { page: 1, per_page: BADGE_AUTOCOMPLETE_MAX }),
    );

    app.get(
        '/cards/formats',
        {
            config: access('profiles', 'read', 'list'),
            schema: {
                tags,
                summary:
                    "The card formats a badge of the account may use (predefined and the account's own), for the badge fields of every role that handles profiles; GET /card_formats is for those who manage formats",
                querystring: z.object({
                    ...listParams(PICKER_PAGE_SIZE),
                    id: z
                        .string()
                        .regex(/^\d+(,\d+)*$/)
                        .optional(),
                }),
                response: { 200: listReply(cardFormatRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listCardFormats(
                ctx.db,
                { scope: scopeOf(request).accounts, q: request.query.q, ids: idList(request.query.id) },
                request.query,
            );
            return { result: result.map(toCardFormat), count };
        },
    );
};
