import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/api';
import { profileCreateInput, profileRecord, profileUpdateInput } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { rowRoutes } from '../../http/rowRoutes';
import { mayActIn, scopeOf } from '../../http/scope';
import { findAccount } from '../accounts';
import { deleteProfilesFor } from './deletion';
import { findProfile, insertProfile, updateProfile, type ProfileValues } from './queries';
import { checkCards, checkGroups, errors, profileAudit, profileRecordOf, savingBadges, tags, visibleProfile } from './routeHelpers';

/** The columns a create or change sets, of the fields given. */
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

/**
 * Profiles and their badges (SPEC 3 Profile, 7.2): the data readers' access
 * lists are made of, with the profiles rights of SPEC 6.2. Every change
 * bumps the account's access version, so its readers pull a new list. This
 * module reads one profile, creates, changes and deletes them; the list is
 * listRoutes.ts, access groups and cards accessRoutes.ts, consent
 * consentRoutes.ts.
 */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = profileAudit(ctx);
    const rows = rowRoutes(app, {
        tags,
        errors,
        visible: (request, id) => visibleProfile(ctx, request, id),
        reply: profileRecord,
        record: profile => profileRecordOf(ctx, profile.id),
        audit,
    });

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

    rows.get('/profiles/:id', ['profiles', 'read'], 'One profile with its badges, access groups, last event and device');

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
            await checkGroups(ctx, account.id, body.access_group_ids);
            const cards = await checkCards(ctx, account.id, body.badges ?? [], i => `badges.${i}.`);
            const row = await savingBadges(() =>
                insertProfile(ctx.db, account.id, values(body), [...new Set(body.access_group_ids)], cards),
            );
            const created = await profileRecordOf(ctx, row.id);
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
            const profile = await visibleProfile(ctx, request, request.params.id);
            const body = request.body;
            if (body.access_group_ids) await checkGroups(ctx, profile.account_id, body.access_group_ids);
            const before = await profileRecordOf(ctx, profile.id);
            await updateProfile(ctx.db, profile, values(body), body.access_group_ids && [...new Set(body.access_group_ids)]);
            const after = await profileRecordOf(ctx, profile.id);
            await audit(request, 'update', profile, before, after);
            return after;
        },
    );

    rows.delete(
        '/profiles/:id',
        ['profiles', 'delete'],
        'Delete a profile and its badges; its events stay, showing "Profile deleted"',
        profile => deleteProfilesFor(ctx.db, ctx.storage, profile.account_id, [profile.id], 'deleted'),
    );
};
