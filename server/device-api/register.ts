import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { registerInput, registerReply } from '../../contract/device-api';
import type { AppContext } from '../context';
import { badRequest, conflict, tooMany, unauthorized } from '../http/errors';
import { opaqueToken, sha256 } from '../crypto/tokens';
import { recordAudit } from '../http/audit';
import {
    accountByRegistrationCode,
    findDeviceByHardwareId,
    holdForAuthentication,
    insertPendingDevice,
    mainAccountId,
    pendingDeviceCount,
    registrationsFrom,
    setDeviceKey,
    updateRegistrationInfo,
} from '../resources/devices';
import { deviceErrors, deviceTags } from './shared';

const same = (hash: string | null, value: string) =>
    !!hash && hash.length === value.length && timingSafeEqual(Buffer.from(hash), Buffer.from(value));

export const registerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/register',
        {
            config: {
                access: 'public',
                // Readers retry registration while they wait for approval, a site's readers often from one address
                // (NAT): per address, whatever hardware_id each request names (made-up ones would pass a per-id limit).
                rateLimit: { max: 600, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: request => request.ip },
            },
            schema: {
                tags: deviceTags,
                summary: 'A reader registers (pending until approved), then fetches its key here once approved',
                security: [],
                body: registerInput,
                response: { 200: registerReply, 202: registerReply, ...deviceErrors },
            },
        },
        async (request, reply) => {
            const body = request.body;
            const secretHash = sha256(body.secret);
            const info = {
                board_type: body.board_type,
                release: body.release,
                ip_address: body.ip_address ?? request.ip,
                mac_address: body.mac_address,
            };
            const interval = ctx.config.deviceHeartbeatSeconds;
            let device = await findDeviceByHardwareId(ctx.db, body.hardware_id);

            if (!device) {
                const accountId = body.registration_code
                    ? (await accountByRegistrationCode(ctx.db, body.registration_code))?.id
                    : await mainAccountId(ctx.db);
                if (!accountId) throw badRequest('Unknown registration code. Check the code shown on the Devices page of the account.');
                await admitNewReader(ctx, request.ip, accountId, !!body.registration_code);
                device = await insertPendingDevice(ctx.db, {
                    account_id: accountId,
                    hardware_id: body.hardware_id,
                    secret_hash: secretHash,
                    ...info,
                });
                if (!device) throw conflict('This reader is registering already; try again.');
                await recordAudit(ctx.db, request, {
                    action: 'register',
                    resource: 'devices',
                    entity: 'Device',
                    entity_id: device.id,
                    account_id: accountId,
                    after: {
                        hardware_id: device.hardware_id,
                        board_type: device.board_type,
                        release: device.release,
                        ip_address: device.ip_address,
                    },
                });
                return reply.status(202).send({ device_id: device.id, status: 'pending', heartbeat_interval_seconds: interval });
            }
            if (device.status === 'rejected') throw unauthorized('This reader was rejected by an administrator.');

            if (!same(device.secret_hash, secretHash)) {
                if (device.status === 'pending') throw conflict('Another reader registered with this hardware_id and waits for approval.');
                // A reader back with another secret: held until an administrator authenticates it with the code it shows.
                // Knowing a hardware_id is not enough: the hold needs the account's registration code, and does not
                // replace a hold already waiting (that one is authenticated or rejected first).
                const account = body.registration_code ? await accountByRegistrationCode(ctx.db, body.registration_code) : undefined;
                if (account?.id !== device.account_id)
                    throw unauthorized(
                        'This reader is registered with another secret: register it with the registration code of its account.',
                    );
                if (device.auth_required)
                    throw conflict('This reader already waits to be authenticated with its pairing code on the Devices page.');
                await holdForAuthentication(ctx.db, device.id, secretHash, sha256(body.pairing_code));
                return reply
                    .status(202)
                    .send({ device_id: device.id, status: 'authentication_required', heartbeat_interval_seconds: interval });
            }

            await updateRegistrationInfo(ctx.db, device.id, info);
            if (device.status === 'pending')
                return reply.status(202).send({ device_id: device.id, status: 'pending', heartbeat_interval_seconds: interval });
            const key = opaqueToken();
            await setDeviceKey(ctx.db, device.id, sha256(key));
            return reply
                .status(200)
                .send({ device_id: device.id, status: 'approved', device_key: key, heartbeat_interval_seconds: interval });
        },
    );
};

const REGISTRATION_WINDOW_MS = 10 * 60_000;

/**
 * New pending readers are bounded: per address (recent registrations), per
 * account, and fewer in the main account, where readers without a
 * registration code land. A flood of made-up hardware_ids cannot fill the
 * Devices page or the audit log (docs/decisions.md, Security).
 */
const admitNewReader = async (ctx: AppContext, ip: string, accountId: number, withCode: boolean) => {
    const since = new Date(ctx.now().getTime() - REGISTRATION_WINDOW_MS);
    if ((await registrationsFrom(ctx.db, ip, since)) >= ctx.config.deviceRegistrationsPerAddress) {
        throw tooMany('Too many new readers registered from this address in the last 10 minutes; try again later.');
    }
    const cap = withCode ? ctx.config.devicePendingMax : ctx.config.devicePendingWithoutCodeMax;
    if ((await pendingDeviceCount(ctx.db, accountId)) >= cap) {
        throw tooMany(`${cap} readers already wait for approval in this account: approve or reject them on the Devices page first.`);
    }
};
