import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
    accessGroupEmbedded,
    accessGroupInput,
    accessGroupRecord,
    groupDevicesInput,
    groupProfilesInput,
} from '../../../contract/access-groups';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE, PICKER_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { foreignKeyViolation } from '../../db/errors';
import { conflict, conflictOnDuplicate, notFound, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { scopeOf } from '../../http/scope';
import { schedulesOfAccount } from '../schedules';
import { addProfilesToGroup, groupMembers, profilesOfAccount, removeProfileFromGroup } from '../profiles';
import {
    addGroupDevices,
    createAccessGroup,
    deleteAccessGroup,
    descriptionTaken,
    devicesOfAccount,
    groupDevices,
    listAccessGroups,
    removeGroupDevice,
    toAccessGroup,
    updateAccessGroup,
    type AccessGroupListRow,
} from './queries';
import { groupLookups } from './routeHelpers';

const tags = ['access groups'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The 409 texts: sentences, which the console shows one per line (SPEC 8.4). */
export const ACCESS_GROUP_CONFLICTS = {
    isDefault: 'The default access group cannot be deleted. Choose another default first.',
    keepDefault: 'An account always has one default access group. Make another group the default instead.',
    descriptionTaken: 'An access group with this description already exists in this account.',
    inUse: (devices: number, profiles: number) =>
        `The access group is still used by ${[devices ? plural(devices, 'device') : '', profiles ? plural(profiles, 'profile') : ''].filter(Boolean).join(' and ')}. Remove them from the group first.`,
    inUseNow: 'The access group is still used by devices or profiles. Remove them from the group first.',
};

const memberParams = (key: 'deviceId' | 'profileId') =>
    z.object({ id: z.coerce.number().int().positive(), [key]: z.coerce.number().int().positive() });

/**
 * Access groups (SPEC 3, 4.8, 7.2). SPEC 6.2 has no row for them: every role
 * reads them with the profiles read right (every role puts profiles into
 * groups, with profiles write), and staff who configure devices (device
 * config write) create, change and delete them and choose which devices serve them.
 * Reading them here; changing them in accessGroupWriteRoutes, their devices and
 * members in accessGroupMemberRoutes.
 */
export const accessGroupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = groupLookups(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: accessGroupRecord, record: toAccessGroup });

    app.get(
        '/access_groups',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary:
                    'Access groups of the current account (cross_account=true: of every account in scope), the default first unless sorted otherwise',
                querystring: z.object({ ...listParams(PICKER_PAGE_SIZE), default_group: z.enum(['true', 'false']).optional() }),
                response: { 200: listReply(accessGroupRecord), ...errors },
            },
        },
        async request => {
            const q = request.query;
            const { result, count } = await listAccessGroups(
                ctx.db,
                {
                    scope: scopeOf(request).accounts,
                    q: q.q,
                    ids: idList(q.id),
                    default_group: q.default_group === undefined ? undefined : q.default_group === 'true',
                },
                q,
            );
            return { result: result.map(toAccessGroup), count };
        },
    );

    rows.get('/access_groups/:id', ['profiles', 'read'], 'One access group with how many devices serve it and how many profiles it holds');

    app.get(
        '/access_groups/:id/embedded',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: {
                tags,
                summary:
                    "The group with its devices and a page of its members (profiles with their badges); q searches the members' ACS IDs",
                params: idParam,
                querystring: z.object({
                    page: z.coerce.number().int().min(1).default(1),
                    per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(20),
                    q: z.string().max(200).optional(),
                }),
                response: { 200: accessGroupEmbedded, ...errors },
            },
        },
        async request => {
            const group = await visible(request, request.params.id);
            const [devices, members] = await Promise.all([groupDevices(ctx.db, group.id), groupMembers(ctx.db, group.id, request.query)]);
            return { ...toAccessGroup(group), profiles_count: members.count, devices, profiles: members.result };
        },
    );
};

/** Creating, changing and deleting access groups. */
export const accessGroupWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, reload, audit } = groupLookups(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: accessGroupRecord, record: toAccessGroup, audit });
    /** Deletes a group that is not the default and that no device or profile uses (409 otherwise, saying which). */
    const remove = async (group: AccessGroupListRow) => {
        let outcome;
        try {
            outcome = await deleteAccessGroup(ctx.db, group);
        } catch (e) {
            // A member added while the group was being deleted: the foreign key keeps the group.
            if (foreignKeyViolation(e)) throw conflict(ACCESS_GROUP_CONFLICTS.inUseNow);
            throw e;
        }
        if (!outcome.deleted)
            throw conflict(
                outcome.isDefault ? ACCESS_GROUP_CONFLICTS.isDefault : ACCESS_GROUP_CONFLICTS.inUse(outcome.devices, outcome.profiles),
            );
    };
    // the unique index settles two requests at once: the loser gets the same 409
    const saving = conflictOnDuplicate(ACCESS_GROUP_CONFLICTS.descriptionTaken);
    /** A schedule of the group's own account, or none (docs/decisions.md "Schedules"). */
    const checkSchedule = async (accountId: number, scheduleId: number | null | undefined) => {
        if (scheduleId != null && !(await schedulesOfAccount(ctx.db, accountId, [scheduleId])).length)
            throw validationError({ schedule_id: "Choose a schedule of the access group's account" });
    };

    app.post(
        '/access_groups',
        {
            config: { access: ['deviceConfig', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: "Create an access group; the account's first one, or one made default, is its default",
                body: accessGroupInput,
                response: { 201: accessGroupRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const { description, default_group, schedule_id } = request.body;
            await checkSchedule(account.id, schedule_id);
            if (await descriptionTaken(ctx.db, account.id, description.trim())) throw conflict(ACCESS_GROUP_CONFLICTS.descriptionTaken);
            const id = await saving(() => createAccessGroup(ctx.db, account.id, description, default_group === true, schedule_id ?? null));
            const created = await reload(id);
            await audit(request, 'create', created, undefined, created);
            return reply.status(201).send(created);
        },
    );

    app.put(
        '/access_groups/:id',
        {
            config: { access: ['deviceConfig', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Rename an access group or make it the default (the previous default stops being one)',
                params: idParam,
                body: accessGroupInput,
                response: { 200: accessGroupRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const { description, default_group, schedule_id } = request.body;
            await checkSchedule(before.account_id, schedule_id);
            if (before.default_group && default_group === false) throw conflict(ACCESS_GROUP_CONFLICTS.keepDefault);
            if (await descriptionTaken(ctx.db, before.account_id, description.trim(), before.id))
                throw conflict(ACCESS_GROUP_CONFLICTS.descriptionTaken);
            await saving(() =>
                updateAccessGroup(ctx.db, before, { description, makeDefault: default_group === true, scheduleId: schedule_id }),
            );
            const after = await reload(before.id);
            await audit(
                request,
                before.default_group !== after.default_group ? 'make_default' : 'update',
                before,
                toAccessGroup(before),
                after,
            );
            return after;
        },
    );

    rows.delete(
        '/access_groups/:id',
        ['deviceConfig', 'write'],
        'Delete an access group that is not the default and that no device or profile uses (SPEC 4.8)',
        remove,
    );
};

/** The devices that serve a group and the profiles it holds. */
export const accessGroupMemberRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, reload, audit } = groupLookups(ctx);

    app.post(
        '/access_groups/:id/devices',
        {
            config: { access: ['deviceConfig', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: "Devices of the group's account start serving the group; they pull it at their next heartbeat",
                params: idParam,
                body: groupDevicesInput,
                response: { 200: accessGroupRecord, ...errors },
            },
        },
        async request => {
            const group = await visible(request, request.params.id);
            const ids = [...new Set(request.body.device_ids)];
            if ((await devicesOfAccount(ctx.db, group.account_id, ids)).length !== ids.length)
                throw validationError({ device_ids: "Choose devices of the access group's account" });
            await addGroupDevices(ctx.db, group, ids);
            const after = await reload(group.id);
            await audit(request, 'add_devices', group, undefined, { device_ids: ids });
            return after;
        },
    );

    app.delete(
        '/access_groups/:id/devices/:deviceId',
        {
            config: { access: ['deviceConfig', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'The device stops serving the group',
                params: memberParams('deviceId'),
                response: { 200: accessGroupRecord, ...errors },
            },
        },
        async request => {
            const group = await visible(request, request.params.id);
            const deviceId = (request.params as { deviceId: number }).deviceId;
            if (!(await removeGroupDevice(ctx.db, group, deviceId))) throw notFound('device of the access group');
            await audit(request, 'remove_device', group, { device_id: deviceId });
            return reload(group.id);
        },
    );

    app.post(
        '/access_groups/:id/profiles',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: "Profiles of the group's account become members; readers serving the group let them through",
                params: idParam,
                body: groupProfilesInput,
                response: { 200: accessGroupRecord, ...errors },
            },
        },
        async request => {
            const group = await visible(request, request.params.id);
            const ids = [...new Set(request.body.profile_ids)];
            if ((await profilesOfAccount(ctx.db, group.account_id, ids)).length !== ids.length)
                throw validationError({ profile_ids: "Choose profiles of the access group's account" });
            await addProfilesToGroup(ctx.db, group.account_id, group.id, ids);
            const after = await reload(group.id);
            await audit(request, 'add_profiles', group, undefined, { profile_ids: ids });
            return after;
        },
    );

    app.delete(
        '/access_groups/:id/profiles/:profileId',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'The profile leaves the group',
                params: memberParams('profileId'),
                response: { 200: accessGroupRecord, ...errors },
            },
        },
        async request => {
            const group = await visible(request, request.params.id);
            const profileId = (request.params as { profileId: number }).profileId;
            if (!(await removeProfileFromGroup(ctx.db, group.account_id, group.id, profileId)))
                throw notFound('member of the access group');
            await audit(request, 'remove_profile', group, { profile_id: profileId });
            return reload(group.id);
        },
    );
};
