import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heartbeatInput, heartbeatReply } from '../../contract/device-api';
import type { AppContext } from '../context';
import { authenticateDevice, requireDeviceCredential } from '../http/deviceAuth';
import { unauthorized } from '../http/errors';
import { configEtag, recordDeviceStateEvent, recordHeartbeat } from '../resources/devices';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

export const heartbeatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/heartbeat',
        {
            config: { access: 'device', deviceKeyInStatement: true, whenDiskLow: 'serve' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary:
                    'The reader is alive: it reports its address, release and mode, and learns whether its configuration or commands changed',
                body: heartbeatInput,
                response: { 200: heartbeatReply, ...deviceErrors },
            },
        },
        async request => {
            const credential = requireDeviceCredential(request);
            const seen = await recordHeartbeat(ctx.db, { ...credential, report: request.body });
            if (!seen) {
                // Nothing was written: the usual check says why (a wrong key, a reader not approved).
                await authenticateDevice(ctx.db, request);
                throw unauthorized('Device is not approved');
            }
            if (seen.previous_status === 'offline')
                await recordDeviceStateEvent(ctx.db, 'DeviceOnline', {
                    id: credential.id,
                    account_id: seen.account_id,
                    description: seen.description,
                    device_mode: seen.device_mode,
                });
            return {
                config_etag: configEtag(seen.config_version, seen.access_version),
                pending_commands: seen.pending_commands,
                heartbeat_interval_seconds: ctx.config.deviceHeartbeatSeconds,
                server_time: ctx.now().toISOString(),
            };
        },
    );
};
