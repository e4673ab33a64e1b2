import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/api';
import { profileAccess, profileAccessInput, profileAccessRemoval } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { badgesOf, deleteBadge, grantAccess, groupsOfProfiles, removeProfileFromGroup } from './queries';
import { checkCards, checkGroups, errors, profileAudit, savingBadges, tags, visibleProfile } from './routeHelpers';

const cardParams = z.object({ id: z.coerce.number().int().positive(), cardId: z.coerce.number().int().positive() });

/** A profile's access groups and cards. */
const accessOf = async (ctx: AppContext, profileId: number) => ({
    access_groups: (await groupsOfProfiles(ctx.db, [profileId])).get(profileId) ?? [],
    cards: (await badgesOf(ctx.db, [profileId])).get(profileId) ?? [],
});

/** A profile's access (SPEC 7.2): into and out of access groups, with its cards. */
export const profileAccessRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = profileAudit(ctx);

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
        async request => accessOf(ctx, (await visibleProfile(ctx, request, request.params.id)).id),
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
            const profile = await visibleProfile(ctx, request, request.params.id);
            const { access_group_id, card } = request.body;
            await checkGroups(ctx, profile.account_id, [access_group_id], 'access_group_id');
            const [checked] = card ? await checkCards(ctx, profile.account_id, [card], () => 'card.') : [];
            const before = await accessOf(ctx, profile.id);
            await savingBadges(() => grantAccess(ctx.db, profile, access_group_id, checked));
            const after = await accessOf(ctx, profile.id);
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
            const profile = await visibleProfile(ctx, request, request.params.id);
            const { access_group_id, card_id } = request.body;
            const before = await accessOf(ctx, profile.id);
            if (access_group_id !== undefined && !before.access_groups.some(g => g.id === access_group_id))
                throw notFound('access group of the profile');
            if (card_id !== undefined && !before.cards.some(c => c.id === card_id)) throw notFound('card');
            if (access_group_id !== undefined) await removeProfileFromGroup(ctx.db, profile.account_id, access_group_id, profile.id);
            if (card_id !== undefined) await deleteBadge(ctx.db, profile, card_id);
            const after = await accessOf(ctx, profile.id);
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
            const profile = await visibleProfile(ctx, request, request.params.id);
            const card = ((await badgesOf(ctx.db, [profile.id])).get(profile.id) ?? []).find(c => c.id === request.params.cardId);
            if (!card || !(await deleteBadge(ctx.db, profile, card.id))) throw notFound('card');
            await audit(request, 'delete', { id: card.id, account_id: profile.account_id }, card, undefined, 'Badge');
            return reply.status(204).send(null);
        },
    );
};
