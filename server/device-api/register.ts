import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { registerInput, registerReply } from '../../contract/device-api';
import type { AppContext } from '../context';
import { badRequest, conflict, unauthorized } from '../http/errors';
import { opaqueToken, sha256 } from '../http/tokens';
import { recordAudit } from '../resources/audit-logs/record';
import {
    accountByRegistrationCode, findDeviceByHardwareId, holdForAuthentication, insertPendingDevice, mainAccountId, setDeviceKey, updateRegistrationInfo,
} from '../resources/devices/queries';
import { deviceErrors, deviceTags } from './shared';

const same = (hash: string | null, value: string) => !!hash && hash.length === value.length && timingSafeEqual(Buffer.from(hash), Buffer.from(value));

export const registerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post('/register', {
        config: {
            access: 'public',
            // A reader retries registration while it waits for approval; a flood from one address is cut off.
            rateLimit: { max: 120, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: request => `${request.ip}|${(request.body as { hardware_id?: string } | undefined)?.hardware_id ?? ''}` },
        },
        schema: {
            tags: deviceTags,
            summary: 'A reader registers (pending until approved), then fetches its key here once approved',
            security: [],
            body: registerInput,
            response: { 200: registerReply, 202: registerReply, ...deviceErrors },
        },
    }, async (request, reply) => {
        const body = request.body;
        const secretHash = sha256(body.secret);
        const info = { board_type: body.board_type, release: body.release, ip_address: body.ip_address ?? request.ip, mac_address: body.mac_address };
        const interval = ctx.config.deviceHeartbeatSeconds;
        let device = await findDeviceByHardwareId(ctx.db, body.hardware_id);

        if (!device) {
            const accountId = body.registration_code ? (await accountByRegistrationCode(ctx.db, body.registration_code))?.id : await mainAccountId(ctx.db);
            if (!accountId) throw badRequest('Unknown registration code. Check the code shown on the Devices page of the account.');
            device = await insertPendingDevice(ctx.db, { account_id: accountId, hardware_id: body.hardware_id, secret_hash: secretHash, ...info });
            if (!device) throw conflict('This reader is registering already; try again.');
            await recordAudit(ctx.db, request, { action: 'register', resource: 'devices', entity: 'Device', entity_id: device.id, account_id: accountId, after: { hardware_id: device.hardware_id, board_type: device.board_type, release: device.release, ip_address: device.ip_address } });
            return reply.status(202).send({ device_id: device.id, status: 'pending', heartbeat_interval_seconds: interval });
        }
        if (device.status === 'rejected') throw unauthorized('This reader was rejected by an administrator.');

        if (!same(device.secret_hash, secretHash)) {
            if (device.status === 'pending') throw conflict('Another reader registered with this hardware_id and waits for approval.');
            // A reader back with another secret: held until an administrator authenticates it with the code it shows.
            await holdForAuthentication(ctx.db, device.id, secretHash, sha256(body.pairing_code));
            return reply.status(202).send({ device_id: device.id, status: 'authentication_required', heartbeat_interval_seconds: interval });
        }

        await updateRegistrationInfo(ctx.db, device.id, info);
        if (device.status === 'pending') return reply.status(202).send({ device_id: device.id, status: 'pending', heartbeat_interval_seconds: interval });
        const key = opaqueToken();
        await setDeviceKey(ctx.db, device.id, sha256(key));
        return reply.status(200).send({ device_id: device.id, status: 'approved', device_key: key, heartbeat_interval_seconds: interval });
    });
};
