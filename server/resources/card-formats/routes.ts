import { PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { cardFormatInput, cardFormatRecord, type WiegandFormat } from '../../../contract/card-formats';
import type { AppContext } from '../../context';
import { foreignKeyViolation } from '../../db/errors';
import { conflict } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { bumpAccessVersion } from '../../db/accessVersions';
import { badgesUsingFormat, visitorsWithFormat } from '../profiles';
import { deleteProfilesFor } from '../profiles';
import {
    deleteCardFormat,
    insertCardFormat,
    listCardFormats,
    nameTaken,
    toCardFormat,
    updateCardFormat,
    type CardFormatRow,
} from './queries';
import { cardFormatLookups } from './routeHelpers';

const tags = ['card formats'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
/** SPEC 4.8, in its words. */
export const FORMAT_IN_USE = 'The cards that use the format must be removed first.';

/** The card formats: the list, the predefined ones without sign-in, one format. */
export const cardFormatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = cardFormatLookups(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: cardFormatRecord, record: toCardFormat });

    app.get(
        '/card_formats',
        {
            config: { access: ['cardFormats', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The predefined card formats and the custom ones of the current account',
                querystring: z.object({ ...listParams(PICKER_PAGE_SIZE), type: z.enum(['predefined', 'custom']).optional() }),
                response: { 200: listReply(cardFormatRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listCardFormats(
                ctx.db,
                { scope: scopeOf(request).accounts, q: request.query.q, type: request.query.type, ids: idList(request.query.id) },
                request.query,
            );
            return { result: result.map(toCardFormat), count };
        },
    );

    app.get(
        '/card_formats/public',
        {
            config: { access: 'public' },
            schema: {
                tags,
                summary: 'The predefined card formats (no sign-in: enrollment pages use them)',
                response: { 200: listReply(cardFormatRecord) },
            },
        },
        async () => {
            const { result, count } = await listCardFormats(ctx.db, { scope: null, type: 'predefined' }, { page: 1, per_page: 100 });
            return { result: result.map(toCardFormat), count };
        },
    );

    rows.get('/card_formats/:id', ['cardFormats', 'read'], 'One card format');
};

/** Creating, changing and deleting custom card formats. */
export const cardFormatWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { custom } = cardFormatLookups(ctx);
    const rows = rowRoutes(app, {
        tags,
        errors,
        visible: custom,
        reply: cardFormatRecord,
        record: toCardFormat,
        audit: (request, action, row, before) =>
            recordAudit(ctx.db, request, {
                action,
                resource: 'cardFormats',
                entity: 'Card format',
                entity_id: row.id,
                account_id: row.account_id,
                before,
            }),
    });
    /** Deletes a custom format no profile's card uses (SPEC 4.8), with its visitor badges; list entries and ranges by cascade. */
    const remove = async (row: CardFormatRow) => {
        if ((await badgesUsingFormat(ctx.db, row.id, { visitors: false })) > 0) throw conflict(FORMAT_IN_USE);
        // SPEC 4.8: its visitor badges go with it (their profiles are visits of the day).
        const visits = await visitorsWithFormat(ctx.db, row.id);
        for (const [accountId, ids] of visits) await deleteProfilesFor(ctx.db, ctx.storage, accountId, ids, 'deleted');
        try {
            await deleteCardFormat(ctx.db, row.id);
        } catch (e) {
            // A card added meanwhile: the badges' foreign key keeps the format.
            if (foreignKeyViolation(e)) throw conflict(FORMAT_IN_USE);
            throw e;
        }
        // A reader's Wiegand output may have used it.
        await bumpAccessVersion(ctx.db, row.account_id);
    };

    app.post(
        '/card_formats',
        {
            config: { access: ['cardFormats', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create a custom card format in the current account',
                body: cardFormatInput,
                response: { 201: cardFormatRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            if (await nameTaken(ctx.db, account.id, request.body.name)) throw conflict('A card format with this name already exists.');
            const row = await insertCardFormat(ctx.db, account.id, request.body as WiegandFormat);
            await recordAudit(ctx.db, request, {
                action: 'create',
                resource: 'cardFormats',
                entity: 'Card format',
                entity_id: row.id,
                account_id: account.id,
                after: toCardFormat(row),
            });
            return reply.status(201).send(toCardFormat(row));
        },
    );

    app.put(
        '/card_formats/:id',
        {
            config: { access: ['cardFormats', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Change a custom card format',
                params: idParam,
                body: cardFormatInput,
                response: { 200: cardFormatRecord, ...errors },
            },
        },
        async request => {
            const before = await custom(request, request.params.id);
            if (await nameTaken(ctx.db, before.account_id!, request.body.name, before.id))
                throw conflict('A card format with this name already exists.');
            const after = await updateCardFormat(ctx.db, before.id, request.body as WiegandFormat);
            // The account's readers hold the bits of its cards in this format: they pull them again.
            await bumpAccessVersion(ctx.db, after.account_id);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'cardFormats',
                entity: 'Card format',
                entity_id: after.id,
                account_id: after.account_id,
                before: toCardFormat(before),
                after: toCardFormat(after),
            });
            return toCardFormat(after);
        },
    );

    // SPEC 6.2 gives card formats a write right only: deleting is writing.
    rows.delete(
        '/card_formats/:id',
        ['cardFormats', 'write'],
        "Delete a custom card format with its visitor badges, visitor ranges and badge-list entries (SPEC 4.8); profiles' cards must be removed first",
        remove,
    );
};
