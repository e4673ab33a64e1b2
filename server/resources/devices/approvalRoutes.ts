import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/api';
import { approveInput, authenticateInput, deviceRecord } from '../../../contract/devices';
import type { AppContext } from '../../context';
import { sha256 } from '../../crypto/tokens';
import { bumpAccessVersion } from '../../db/accessVersions';
import { requireAuth } from '../../http/auth';
import { conflict, HttpError } from '../../http/errors';
import { accountInScope } from '../../http/scope';
import { defaultAccessGroupId } from '../access-groups';
import { approveDevice, completeAuthentication, rejectDevice, updateDeviceParameters } from './queries';
import { deviceRouteKit, errors, tags } from './routeKit';

/** A registered reader waits for an admin: approve or reject it, and accept it again when it comes back with new credentials. */
export const deviceApprovalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { audit, record, reload, visible } = deviceRouteKit(ctx);

    app.put(
        '/devices/:id/approve',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Approve a pending reader, optionally into another account in scope; it then fetches its key',
                params: idParam,
                body: approveInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const before = await visible(request, request.params.id);
            const target = request.body.assign_account_id ? await accountInScope(ctx.db, auth, request.body.assign_account_id) : undefined;
            const done = await approveDevice(ctx.db, before.id, auth.user.id, {
                account_id: target?.id,
                description: request.body.description,
            });
            if (!done) throw conflict('Only a pending or rejected device can be approved.');
            // A new reader serves its account's default access group until told otherwise.
            const accountId = target?.id ?? before.account_id;
            const defaultGroup = await defaultAccessGroupId(ctx.db, accountId);
            if (defaultGroup && !(before.access_group_ids ?? []).length)
                await updateDeviceParameters(ctx.db, before.id, {}, [defaultGroup]);
            await bumpAccessVersion(ctx.db, accountId);
            const after = await reload(before.id);
            await audit(request, 'approve', after, record(before), after);
            return after;
        },
    );

    app.put(
        '/devices/:id/reject',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Reject a pending reader: its calls get 401 until it is approved',
                params: idParam,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            if (!(await rejectDevice(ctx.db, before.id))) throw conflict('Only a pending device can be rejected.');
            const after = await reload(before.id);
            await audit(request, 'reject', after, record(before), after);
            return after;
        },
    );

    app.put(
        '/devices/:id/authenticate',
        {
            config: { access: ['devices', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Accept a reader that came back with new credentials, with the pairing code it shows',
                params: idParam,
                body: authenticateInput,
                response: { 200: deviceRecord, ...errors },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            if (!device.auth_required || !device.pairing_code_hash) throw conflict('This device does not wait for authentication.');
            if (sha256(request.body.pairing_code) !== device.pairing_code_hash)
                throw new HttpError(422, 'The pairing code does not match the one the reader shows.');
            if (!(await completeAuthentication(ctx.db, device.id))) throw conflict('This device does not wait for authentication.');
            const after = await reload(device.id);
            await audit(request, 'authenticate', after);
            return after;
        },
    );
};
