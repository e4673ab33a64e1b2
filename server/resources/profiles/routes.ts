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
    profileUpdateInput,
    type BadgeInput,
} from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, conflictOnDuplicate, notFound, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { mayActIn, requestAccount } from '../../http/scope';
import { findAccount } from '../accounts/queries';
import { groupsOfAccount } from '../access-groups/queries';
import { auditTrail } from '../audit-logs/record';
import { checkBadge } from './badges';
import {
    badgeTaken,
    deleteBadge,
    deleteProfile,
    findProfile,
    grantAccess,
    groupsOfProfiles,
    badgesOf,
    insertProfile,
    listProfiles,
    removeProfileFromGroup,
    toProfiles,
    updateProfile,
    type CheckedBadge,
    type ProfileRow,
    type ProfileValues,
} from './queries';

const tags = ['profiles'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
export const BADGE_TAKEN = 'A badge with this number, facility code and card format already belongs to a profile of this account.';

const cardParams = z.object({ id: z.coerce.number().int().positive(), cardId: z.coerce.number().int().positive() });

/**
 * Profiles and their badges (SPEC 3 Profile, 7.2): the data readers' access
 * lists are made of, with the profiles rights of SPEC 6.2. Every change
 * bumps the account's access version, so its readers pull a new list.
 */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /** A profile the caller may act on; ids of other tenants do not exist for the caller (404). */
    const visible = async (request: FastifyRequest, id: number): Promise<ProfileRow> => {
        const profile = await findProfile(ctx.db, id);
        if (!profile) throw notFound('profile');
        const account = await findAccount(ctx.db, profile.account_id);
        if (!account || !mayActIn(requireAuth(request), account)) throw notFound('profile');
        return profile;
    };
    const record = async (id: number) => (await toProfiles(ctx.db, [(await findProfile(ctx.db, id))!]))[0]!;
    /** Access groups must be the profile's account's own. */
    const checkGroups = async (accountId: number, ids: number[], field = 'access_group_ids') => {
        const own = await groupsOfAccount(ctx.db, accountId, ids);
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
    const accessOf = async (profileId: number) => ({
        access_groups: (await groupsOfProfiles(ctx.db, [profileId])).get(profileId) ?? [],
        cards: (await badgesOf(ctx.db, [profileId])).get(profileId) ?? [],
    });

    app.get(
        '/profiles',
        {
            config: { access: ['profiles', 'read'] },
            schema: {
                tags,
                summary: 'Profiles of the current account; q searches the ACS ID, the other filters match exactly',
                querystring: z.object({
                    ...listParams(LIST_MAX_PAGE_SIZE),
                    status: z.enum(PROFILE_STATUSES).optional(),
                    enabled: z.enum(['true', 'false']).optional(),
                    acs_id: z.string().max(100).optional(),
                    access_group_id: z.coerce.number().int().positive().optional(),
                    badge_number: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
                }),
                response: { 200: listReply(profileRecord), ...errors },
            },
        },
        async request => {
            const account = await requestAccount(ctx.db, request);
            const q = request.query;
            const { result, count } = await listProfiles(
                ctx.db,
                {
                    accountId: account.id,
                    q: q.q,
                    acs_id: q.acs_id,
                    status: q.status,
                    enabled: q.enabled === undefined ? undefined : q.enabled === 'true',
                    access_group_id: q.access_group_id,
                    badge_number: q.badge_number,
                    ids: idList(q.id),
                },
                q,
            );
            return { result: await toProfiles(ctx.db, result), count };
        },
    );

    app.get(
        '/profiles/:id',
        {
            config: { access: ['profiles', 'read'] },
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
            config: { access: ['profiles', 'write'] },
            schema: {
                tags,
                summary: 'Create a profile in at least one access group, with its badges',
                body: profileCreateInput,
                response: { 201: profileRecord, ...errors },
            },
        },
        async (request, reply) => {
            const account = await requestAccount(ctx.db, request);
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
            config: { access: ['profiles', 'write'] },
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
            config: { access: ['profiles', 'delete'] },
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
            await deleteProfile(ctx.db, profile);
            await audit(request, 'delete', profile, before);
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/profiles/:id/access',
        {
            config: { access: ['profiles', 'read'] },
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
            config: { access: ['profiles', 'write'] },
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
            config: { access: ['profiles', 'write'] },
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
            config: { access: ['profiles', 'write'] },
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
};
