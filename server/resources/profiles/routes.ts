import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import {
    PROFILE_STATUSES,
    profileAccess,
    profileAccessInput,
    profileAccessRemoval,
    profileCreateInput,
    profileRecord,
    profileStatusAggregate,
    profileUpdateInput,
    type BadgeInput,
    type ProfileRecord,
} from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, conflictOnDuplicate, HttpError, notFound, validationError } from '../../http/errors';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvStream } from '../../http/csv';
import { accountTimeZone, expirationTime, nextMidnight, profileInactivityDays } from '../../../contract/cards';
import { accountOptions } from '../accounts';
import { deleteProfilesFor } from './deletion';
import { idList, listParams } from '../../http/lists';
import { mayActIn, rowInScope, scopeOf } from '../../http/scope';
import { findAccount } from '../accounts';
import { auditTrail } from '../../http/audit';
import { BADGE_TAKEN, checkBadge, whyNotForProfile } from './badges';
import {
    accessGroupsOfAccount,
    badgeTaken,
    exclusionCount,
    deleteBadge,
    findProfile,
    grantAccess,
    groupsOfProfiles,
    badgesOf,
    insertProfile,
    listProfiles,
    removeProfileFromGroup,
    toProfiles,
    updateProfile,
    consentOfProfile,
    profileRows,
    profileStatusCounts,
    recordConsent,
    type CheckedBadge,
    type ProfileFilters,
    type ProfileRow,
    type ProfileValues,
} from './queries';

const tags = ['profiles'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
export { BADGE_TAKEN };

const filterQuery = {
    status: z.enum(PROFILE_STATUSES).optional(),
    enabled: z.enum(['true', 'false']).optional(),
    acs_id: z.string().max(100).optional(),
    access_group_id: z.coerce.number().int().positive().optional(),
    badge_number: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    card_format_id: z.coerce.number().int().positive().optional(),
    last_activity_from: z.iso.datetime({ offset: true }).optional(),
    last_activity_to: z.iso.datetime({ offset: true }).optional(),
    consent_accepted: z.enum(['true', 'false']).optional(),
    visitor: z.enum(['true', 'false']).optional(),
};
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

const EXPORT_COLUMNS = [
    'id',
    'acs_id',
    'status',
    'enabled',
    'visitor',
    'badges',
    'access_groups',
    'created_at',
    'last_activity_at',
    'expires_at',
    'consent_accepted_at',
] as const;
/** A profile as a CSV line: badges as 'FC:NUMBER (format)' or 'NUMBER (format)', separated by '; '. */
const exportLine = (p: ProfileRecord): Record<(typeof EXPORT_COLUMNS)[number], unknown> => ({
    id: p.id,
    acs_id: p.acs_id ?? '',
    status: p.status,
    enabled: p.enabled,
    visitor: p.visitor,
    badges: p.badges
        .map(b => `${b.facility_code === null ? '' : `${b.facility_code}:`}${b.badge_number} (${b.card_format_name})`)
        .join('; '),
    access_groups: p.access_groups.map(g => g.description).join('; '),
    created_at: p.created_at,
    last_activity_at: p.last_activity_at ?? '',
    expires_at: p.expires_at ?? '',
    consent_accepted_at: p.consent?.accepted_at ?? '',
});

const CONSENT_MAX_BYTES = 10 * 1024 * 1024;
const CONSENT_MESSAGES = {
    fileRequired: 'Attach the signed consent as a PDF file',
    oneFile: 'Send one file, in the field "file".',
    pdfOnly: 'Upload PDF, not Word files',
    tooLarge: `The consent document is larger than ${CONSENT_MAX_BYTES / (1024 * 1024)} MB`,
} as const;

/** A stream's bytes, or undefined past the limit (the rest is drained). */
const readBounded = async (stream: Readable, max: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size <= max) chunks.push(chunk as Buffer);
    }
    return size > max ? undefined : Buffer.concat(chunks);
};

const cardParams = z.object({ id: z.coerce.number().int().positive(), cardId: z.coerce.number().int().positive() });

/**
 * Profiles and their badges (SPEC 3 Profile, 7.2): the data readers' access
 * lists are made of, with the profiles rights of SPEC 6.2. Every change
 * bumps the account's access version, so its readers pull a new list.
 */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, { limits: { fileSize: CONSENT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 } });
    /** A profile the caller may act on; ids of other tenants do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<ProfileRow> =>
        rowInScope(ctx.db, request, findProfile(ctx.db, id), 'profile');
    const record = async (id: number) => (await toProfiles(ctx.db, [(await findProfile(ctx.db, id))!]))[0]!;
    /** Access groups must be the profile's account's own. */
    const checkGroups = async (accountId: number, ids: number[], field = 'access_group_ids') => {
        const own = await accessGroupsOfAccount(ctx.db, accountId, ids);
        if (own.length !== new Set(ids).size) throw validationError({ [field]: "Choose access groups of the profile's account" });
    };
    /** Badges checked against their formats, none already used in the account, none twice in the request. */
    const checkCards = async (accountId: number, cards: BadgeInput[], prefix: (i: number) => string): Promise<CheckedBadge[]> => {
        const checked: CheckedBadge[] = [];
        for (const [i, card] of cards.entries()) {
            const badge = await checkBadge(ctx.db, accountId, card, prefix(i));
            const twice = checked.some(
                c =>
                    c.card_format_id === badge.card_format_id &&
                    c.badge_number === badge.badge_number &&
                    c.facility_code === badge.facility_code,
            );
            if (twice || (await badgeTaken(ctx.db, accountId, badge))) throw conflict(BADGE_TAKEN);
            // SPEC 2.2 /opt_out: the holder of an opted-out badge refused biometric enrollment.
            const refusal = await whyNotForProfile(ctx.db, accountId, badge);
            if (refusal) throw conflict(refusal);
            checked.push(badge);
        }
        return checked;
    };
    // the unique index settles two requests at once: the loser gets the same 409
    const saving = conflictOnDuplicate(BADGE_TAKEN);
    const values = (body: {
        acs_id?: string | null;
        status?: ProfileValues['status'];
        enabled?: boolean;
        expires_at?: string | null;
    }): ProfileValues => ({
        ...(body.acs_id !== undefined ? { acs_id: body.acs_id || null } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.expires_at !== undefined ? { expires_at: body.expires_at ? new Date(body.expires_at) : null } : {}),
    });
    const audit = auditTrail(ctx.db, 'profiles', 'Profile');
    const filtersOf = async (request: FastifyRequest): Promise<ProfileFilters> => {
        const q = request.query as z.infer<z.ZodObject<typeof filterQuery>> & { q?: string; id?: string };
        return {
            scope: scopeOf(request).accounts,
            q: q.q,
            acs_id: q.acs_id,
            status: q.status,
            enabled: flag(q.enabled),
            access_group_id: q.access_group_id,
            badge_number: q.badge_number,
            card_format_id: q.card_format_id,
            last_activity_from: q.last_activity_from,
            last_activity_to: q.last_activity_to,
            consent_accepted: flag(q.consent_accepted),
            visitor: flag(q.visitor),
            ids: idList(q.id),
        };
    };
    const accessOf = async (profileId: number) => ({
        access_groups: (await groupsOfProfiles(ctx.db, [profileId])).get(profileId) ?? [],
        cards: (await badgesOf(ctx.db, [profileId])).get(profileId) ?? [],
    });

    app.get(
        '/profiles',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Profiles of the current account; q finds an ACS ID containing the text, or the holder of a badge number or FC:NUMBER; the other filters match exactly',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                response: { 200: listReply(profileRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listProfiles(ctx.db, await filtersOf(request), request.query);
            return { result: await toProfiles(ctx.db, result), count };
        },
    );

    app.get(
        '/profiles/export',
        {
            config: { access: ['profiles', 'export'], scope: 'list' },
            schema: {
                tags,
                summary: 'The profiles of the filter as CSV (the list filters apply), streamed',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const rows = profileRows(ctx.db, await filtersOf(request));
            const csv = csvStream({ columns: [...EXPORT_COLUMNS] });
            Readable.from(
                (async function* () {
                    for await (const page of rows) for (const profile of page) yield exportLine(profile);
                })(),
            ).pipe(csv);
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('profiles', 'csv', ctx.now())))
                .send(csv);
        },
    );

    app.get(
        '/profiles/aggregate/status',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: "The account's profiles by status, with how many are disabled, visitors and consented (the dashboard's tile)",
                response: { 200: profileStatusAggregate, ...errors },
            },
        },
        async request => profileStatusCounts(ctx.db, scopeOf(request).accounts),
    );

    app.get(
        '/profiles/expiration_time',
        {
            config: { access: ['profiles', 'read'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "The account's profile expiration policy: its time zone, days of inactivity before deletion, and when visits made now end",
                response: { 200: expirationTime, ...errors },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            const options = await accountOptions(ctx.db, account.id);
            const zone = accountTimeZone(options);
            return {
                time_zone: zone,
                inactivity_days: profileInactivityDays(options),
                visitor_expiry: nextMidnight(ctx.now(), zone).toISOString(),
                exclusions: await exclusionCount(ctx.db, account.id),
            };
        },
    );

    app.delete(
        '/profiles/bulk',
        {
            config: { access: ['profiles', 'bulk_delete'], scope: 'row' },
            schema: {
                tags,
                summary: 'Delete many profiles of the account; their events stay, showing "Profile deleted"',
                body: z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }),
                response: { 200: z.object({ deleted: z.number().int() }), ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const found = await Promise.all([...new Set(request.body.ids)].map(id => findProfile(ctx.db, id)));
            const byAccount = new Map<number, number[]>();
            for (const profile of found) {
                if (!profile) continue;
                const account = await findAccount(ctx.db, profile.account_id);
                if (!account || !mayActIn(auth, account)) continue;
                byAccount.set(profile.account_id, [...(byAccount.get(profile.account_id) ?? []), profile.id]);
            }
            let deleted = 0;
            for (const [accountId, ids] of byAccount) {
                const gone = await deleteProfilesFor(ctx.db, ctx.storage, accountId, ids, 'deleted');
                for (const profile of gone) await audit(request, 'delete', profile, profile);
                deleted += gone.length;
            }
            return { deleted };
        },
    );

    app.get(
        '/profiles/:id',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'One profile with its badges, access groups, last event and device',
                params: idParam,
                response: { 200: profileRecord, ...errors },
            },
        },
        async request => record((await visible(request, request.params.id)).id),
    );

    app.post(
        '/profiles',
        {
            config: { access: ['profiles', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create a profile in at least one access group, with its badges',
                body: profileCreateInput,
                response: { 201: profileRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const body = request.body;
            await checkGroups(account.id, body.access_group_ids);
            const cards = await checkCards(account.id, body.badges ?? [], i => `badges.${i}.`);
            const row = await saving(() => insertProfile(ctx.db, account.id, values(body), [...new Set(body.access_group_ids)], cards));
            const created = await record(row.id);
            await audit(request, 'create', created, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/profiles/:id',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Change a profile; access_group_ids, when given, replaces its groups',
                params: idParam,
                body: profileUpdateInput,
                response: { 200: profileRecord, ...errors },
            },
        },
        async request => {
            const profile = await visible(request, request.params.id);
            const body = request.body;
            if (body.access_group_ids) await checkGroups(profile.account_id, body.access_group_ids);
            const before = await record(profile.id);
            await updateProfile(ctx.db, profile, values(body), body.access_group_ids && [...new Set(body.access_group_ids)]);
            const after = await record(profile.id);
            await audit(request, 'update', profile, before, after);
            return after;
        },
    );

    app.delete(
        '/profiles/:id',
        {
            config: { access: ['profiles', 'delete'], scope: 'row' },
            schema: {
                tags,
                summary: 'Delete a profile and its badges; its events stay, showing "Profile deleted"',
                params: idParam,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const profile = await visible(request, request.params.id);
            const before = await record(profile.id);
            await deleteProfilesFor(ctx.db, ctx.storage, profile.account_id, [profile.id], 'deleted');
            await audit(request, 'delete', profile, before);
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/profiles/:id/access',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: "The profile's access groups and cards",
                params: idParam,
                response: { 200: profileAccess, ...errors },
            },
        },
        async request => accessOf((await visible(request, request.params.id)).id),
    );

    app.post(
        '/profiles/:id/access',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Put the profile into an access group, with a new card when given (SPEC 7.2)',
                params: idParam,
                body: profileAccessInput,
                response: { 200: profileAccess, ...errors },
            },
        },
        async request => {
            const profile = await visible(request, request.params.id);
            const { access_group_id, card } = request.body;
            await checkGroups(profile.account_id, [access_group_id], 'access_group_id');
            const [checked] = card ? await checkCards(profile.account_id, [card], () => 'card.') : [];
            const before = await accessOf(profile.id);
            await saving(() => grantAccess(ctx.db, profile, access_group_id, checked));
            const after = await accessOf(profile.id);
            await audit(request, 'grant_access', profile, before, after);
            return after;
        },
    );

    app.delete(
        '/profiles/:id/access',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Take the profile out of an access group and/or remove one of its cards (SPEC 7.2)',
                params: idParam,
                body: profileAccessRemoval,
                response: { 200: profileAccess, ...errors },
            },
        },
        async request => {
            const profile = await visible(request, request.params.id);
            const { access_group_id, card_id } = request.body;
            const before = await accessOf(profile.id);
            if (access_group_id !== undefined && !before.access_groups.some(g => g.id === access_group_id))
                throw notFound('access group of the profile');
            if (card_id !== undefined && !before.cards.some(c => c.id === card_id)) throw notFound('card');
            if (access_group_id !== undefined) await removeProfileFromGroup(ctx.db, profile.account_id, access_group_id, profile.id);
            if (card_id !== undefined) await deleteBadge(ctx.db, profile, card_id);
            const after = await accessOf(profile.id);
            await audit(request, 'revoke_access', profile, before, after);
            return after;
        },
    );

    app.delete(
        '/profiles/:id/card/:cardId',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Remove one card of the profile (SPEC 7.2)',
                params: cardParams,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const profile = await visible(request, request.params.id);
            const card = ((await badgesOf(ctx.db, [profile.id])).get(profile.id) ?? []).find(c => c.id === request.params.cardId);
            if (!card || !(await deleteBadge(ctx.db, profile, card.id))) throw notFound('card');
            await audit(request, 'delete', { id: card.id, account_id: profile.account_id }, card, undefined, 'Badge');
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/profiles/:id/download_consent',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: "The profile's signed consent (consent.pdf), when one was recorded with a document",
                params: idParam,
                produces: ['application/pdf'],
            },
        },
        async (request, reply) => {
            const profile = await visible(request, request.params.id);
            const consent = await consentOfProfile(ctx.db, profile.id);
            const file = consent?.file_key ? await ctx.storage.get(consent.file_key) : undefined;
            if (!file) throw notFound('consent document');
            return reply.type('application/pdf').header('Content-Disposition', attachment('consent.pdf')).send(file);
        },
    );

    app.post(
        '/profiles/:id/consent',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary:
                    'Record the consent a person signed on paper: multipart, the signed PDF in the field "file", and the fields accepted_at (ISO time, default now) and document_version first',
                consumes: ['multipart/form-data'],
                params: idParam,
                response: { 200: profileRecord, ...errors, 413: errorReply },
            },
        },
        async request => {
            const profile = await visible(request, request.params.id);
            if (!request.isMultipart()) throw new HttpError(400, CONSENT_MESSAGES.fileRequired, { file: CONSENT_MESSAGES.fileRequired });
            const fields: Record<string, string> = {};
            let key: string | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== 'file' || key) {
                    part.file.resume();
                    throw new HttpError(400, CONSENT_MESSAGES.oneFile);
                }
                const data = await readBounded(part.file, CONSENT_MAX_BYTES);
                if (!data) throw new HttpError(413, CONSENT_MESSAGES.tooLarge);
                // SPEC 5: PDF, not Word files; the bytes say what a file is, not its name.
                if (!data.subarray(0, 5).equals(Buffer.from('%PDF-')))
                    throw new HttpError(400, CONSENT_MESSAGES.pdfOnly, { file: CONSENT_MESSAGES.pdfOnly });
                key = `consents/${profile.account_id}/${profile.id}-${randomUUID()}.pdf`;
                await ctx.storage.put(key, data);
            }
            if (!key) throw new HttpError(400, CONSENT_MESSAGES.fileRequired, { file: CONSENT_MESSAGES.fileRequired });
            const acceptedAt = fields.accepted_at ? new Date(fields.accepted_at) : ctx.now();
            if (Number.isNaN(acceptedAt.getTime()) || acceptedAt.getTime() > ctx.now().getTime() + 60_000) {
                await ctx.storage.delete(key);
                throw validationError({ accepted_at: 'Give the time the consent was signed, not later than now' });
            }
            const before = await record(profile.id);
            const previous = await recordConsent(ctx.db, profile.id, {
                accepted_at: acceptedAt,
                method: 'paper',
                document_version: fields.document_version?.trim().slice(0, 100) || null,
                file_key: key,
                recorded_by: requireAuth(request).user.name,
            });
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            const after = await record(profile.id);
            await audit(request, 'consent', profile, before.consent, after.consent);
            return after;
        },
    );
};
