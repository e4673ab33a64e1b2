import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { or, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import type { Action, Resource } from '../../../contract/rights';
import {
    accountBadge,
    adaptiveBulkInput,
    BADGE_AUTOCOMPLETE_MAX,
    CARD_MESSAGES,
    listedCard,
    listedCardInput,
    optOutImportResult,
    visitorInput,
    visitorRange,
    visitorRangeInput,
    visitorRecord,
    accountTimeZone,
    nextMidnight,
    OPT_OUT_OFF,
    type CardList,
} from '../../../contract/cards';
import { LIST_MAX_PAGE_SIZE, PICKER_PAGE_SIZE } from '../../../contract/constants';
import { cardFormatRecord } from '../../../contract/card-formats';
import { listCardFormats, toCardFormat } from '../card-formats';
import { profileRecord } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { cardFormats } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden, HttpError, notFound, validationError } from '../../http/errors';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import { idList, listParams } from '../../http/lists';
import { formAccount, rowInScope, scopeOf, type RouteScope } from '../../http/scope';
import { accountOptions } from '../accounts';
import { defaultAccessGroupId } from '../access-groups';
import { recordAudit, recordAudits } from '../../http/audit';
import { removeImages } from '../../storage/images';
import { bumpAccessVersion } from '../../db/accessVersions';
import { deleteProfilesFor, deleteProfilesIn, type DeletedProfile } from '../profiles';
import { BADGE_TAKEN, checkBadge, whyNotForProfile } from '../profiles';
import { accessGroupsOfAccount, badgeTaken, findProfile, insertProfile, toProfiles } from '../profiles';
import { DEFAULT_OPT_OUT_FORMAT_KEY, importOptOutCsv } from './optOutImport';
import {
    deleteListed,
    deleteRange,
    findRange,
    findListed,
    findVisitorBadge,
    holdersOf,
    insertListed,
    listBadges,
    listCards,
    listRanges,
    listVisitors,
    rangeOf,
    upsertRange,
} from './queries';
import { clearOtherLists, whyNotListed } from './rules';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const listQuery = z.object({ ...listParams(LIST_MAX_PAGE_SIZE), card_format_id: z.coerce.number().int().positive().optional() });
const OPT_OUT_FILE_FIELD = 'file';
/** An opt-out file larger than this is refused: 100,000 lines of badges are about 3 MB. */
const OPT_OUT_MAX_BYTES = 64 * 1024 * 1024;

/** The list, its rights (SPEC 6.2: opt-out, adaptive, visitors; the exclusion list follows profiles) and its audit resource. */
const LISTS: Record<CardList, { path: string; right: Resource; audit: 'optOut' | 'adaptive' | 'profiles'; entity: string }> = {
    opt_out: { path: '/opt_out', right: 'optOut', audit: 'optOut', entity: 'Bio opt-out badge' },
    adaptive: { path: '/cards/adaptive', right: 'adaptive', audit: 'adaptive', entity: 'Adaptive badge' },
    exclusion: { path: '/exclusion', right: 'profiles', audit: 'profiles', entity: 'Exclusion badge' },
};

/**
 * The badge lists of the Profiles group (SPEC 2.2 /opt_out, /adaptive,
 * /visitors, 4.7, 7.2): opt-out with its CSV import, adaptive two-factor,
 * exclusion, visitor ranges and visitors. Every change bumps the account's
 * access version, so readers pull the new lists.
 */
export const cardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, { limits: { fileSize: OPT_OUT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });
    const tags = ['cards'];
    const auditDeleted = (request: FastifyRequest | null, gone: DeletedProfile[], cause: string) =>
        recordAudits(
            ctx.db,
            request,
            gone.map(p => ({
                action: 'delete' as const,
                resource: 'profiles' as const,
                entity: 'Profile',
                entity_id: p.id,
                account_id: p.account_id,
                before: p,
                after: { deletion_cause: cause },
            })),
        );
    const access = (resource: Resource, action: Action, scope: RouteScope) => ({ access: [resource, action] as const, scope });
    const by = (request: FastifyRequest) => requireAuth(request).user.name;
    /** SPEC 3 acs/opt_out_enabled: the opt-out list is the account's only when the option is on. */
    const optOutOn = async (list: CardList, accountId: number) => {
        if (list === 'opt_out' && !optionOn(await accountOptions(ctx.db, accountId), ACCOUNT_OPTIONS.optOutEnabled))
            throw forbidden(OPT_OUT_OFF);
    };

    /** Adding a badge to a list: checked against its format and the SPEC 4.7 rules; opting out deletes its holder. */
    const addToList = async (request: FastifyRequest, accountId: number, list: CardList, input: z.infer<typeof listedCardInput>) => {
        const key = await checkBadge(ctx.db, accountId, input);
        const refusal = await whyNotListed(ctx.db, accountId, list, key);
        if (refusal) throw conflict(refusal);
        let gone: DeletedProfile[] = [];
        let files: string[] = [];
        const id = await ctx.db.transaction(async tx => {
            const id = await insertListed(tx, accountId, list, key, by(request));
            if (id === undefined) throw conflict(CARD_MESSAGES.alreadyListed);
            if (list === 'opt_out') {
                await clearOtherLists(tx, accountId, [key]);
                const deleted = await deleteProfilesIn(tx, accountId, await holdersOf(tx, accountId, [key]), 'opt_out');
                gone = deleted.gone;
                files = deleted.files;
            }
            await bumpAccessVersion(tx, accountId);
            return id;
        });
        await removeImages(ctx.storage, files);
        const entry = (await findListed(ctx.db, accountId, list, id))!;
        await recordAudit(ctx.db, request, {
            action: 'create',
            resource: LISTS[list].audit,
            entity: LISTS[list].entity,
            entity_id: id,
            account_id: accountId,
            after: entry,
        });
        await auditDeleted(request, gone, 'opt_out');
        return { entry, profiles_deleted: gone.length };
    };

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
                if (!cross) await optOutOn(list, account.id);
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
                await optOutOn(list, account.id);
                const { entry, profiles_deleted } = await addToList(request, account.id, list, request.body);
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
                await optOutOn(list, account.id);
                await ctx.db.transaction(async tx => {
                    await deleteListed(tx, account.id, list, [entry.id]);
                    await bumpAccessVersion(tx, account.id);
                });
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

    app.post(
        '/cards/adaptive/bulk',
        {
            config: access('adaptive', 'write', 'account'),
            schema: {
                tags,
                summary: 'Add badges to and take entries out of the adaptive two-factor list at once; each badge refused says why',
                body: adaptiveBulkInput,
                response: {
                    200: z.object({
                        added: z.number().int(),
                        removed: z.number().int(),
                        refused: z.array(z.object({ index: z.number().int(), reason: z.string() })),
                    }),
                    ...errors,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const refused: { index: number; reason: string }[] = [];
            let added = 0;
            for (const [index, card] of request.body.add.entries()) {
                try {
                    await addToList(request, account.id, 'adaptive', card);
                    added++;
                } catch (error) {
                    if (!(error instanceof HttpError)) throw error;
                    refused.push({ index, reason: Object.values(error.fields ?? {})[0] ?? error.message });
                }
            }
            const removed = await ctx.db.transaction(async tx => {
                const removed = await deleteListed(tx, account.id, 'adaptive', request.body.remove);
                if (removed.length) await bumpAccessVersion(tx, account.id);
                return removed;
            });
            await recordAudits(
                ctx.db,
                request,
                removed.map(id => ({
                    action: 'delete' as const,
                    resource: 'adaptive' as const,
                    entity: LISTS.adaptive.entity,
                    entity_id: id,
                    account_id: account.id,
                })),
            );
            return { added, removed: removed.length, refused };
        },
    );

    app.post(
        '/opt_out/csv',
        {
            config: access('optOut', 'write', 'account'),
            schema: {
                tags,
                summary:
                    'Import badges into the bio opt-out list: multipart, the CSV in the field "file" (header badge_number,facility_code[,card_format]); a field card_format_id before it names the format of lines without one (default 26-bit H10301)',
                consumes: ['multipart/form-data'],
                response: { 200: optOutImportResult, ...errors, 413: errorReply },
            },
        },
        async request => {
            if (!request.isMultipart()) throw new HttpError(400, `Send the CSV file in the multipart field "${OPT_OUT_FILE_FIELD}".`);
            const auth = requireAuth(request);
            const fields: Record<string, string> = {};
            let result: z.infer<typeof optOutImportResult> | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== OPT_OUT_FILE_FIELD || result) {
                    part.file.resume();
                    throw new HttpError(400, `Send one file, in the field "${OPT_OUT_FILE_FIELD}".`);
                }
                const account = await formAccount(ctx.db, request, fields.account_id);
                await optOutOn('opt_out', account.id).catch(error => {
                    part.file.resume();
                    throw error;
                });
                const formats = await ctx.db
                    .select()
                    .from(cardFormats)
                    .where(or(isNull(cardFormats.account_id), eq(cardFormats.account_id, account.id)));
                const chosen = fields.card_format_id
                    ? formats.find(f => f.id === Number(fields.card_format_id))
                    : formats.find(f => f.key === DEFAULT_OPT_OUT_FORMAT_KEY);
                if (fields.card_format_id && !chosen) {
                    part.file.resume();
                    throw validationError({ card_format_id: 'Choose a card format of the account' });
                }
                result = await importOptOutCsv(ctx.db, ctx.storage, part.file, {
                    accountId: account.id,
                    formats,
                    defaultFormat: chosen,
                    createdBy: auth.user.name,
                    onDeleted: gone => auditDeleted(request, gone, 'opt_out'),
                });
                if (part.file.truncated)
                    throw new HttpError(413, `The file is larger than ${OPT_OUT_MAX_BYTES / (1024 * 1024)} MB: split it.`);
                await recordAudit(ctx.db, request, {
                    action: 'import',
                    resource: 'optOut',
                    entity: LISTS.opt_out.entity,
                    account_id: account.id,
                    after: { ...result, refused: result.refused.slice(0, 20) },
                });
            }
            if (!result) throw new HttpError(400, `Send the CSV file in the multipart field "${OPT_OUT_FILE_FIELD}".`);
            return result;
        },
    );

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

    // ---- visitors ----

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
            await auditDeleted(request, gone, 'deleted');
            return reply.status(204).send(null);
        },
    );
};

/** A badge check's error, told on the range field it came from. */
const rename = (field: string) => (error: unknown) => {
    if (error instanceof HttpError && error.fields?.badge_number) throw validationError({ [field]: error.fields.badge_number });
    throw error;
};
