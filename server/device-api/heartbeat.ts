import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heartbeatInput, heartbeatReply } from '../../contract/device-api';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { unauthorized } from '../http/errors';
import { configEtag, recordDeviceStateEvent, recordHeartbeat } from '../resources/devices/queries';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

export const heartbeatRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/heartbeat',
        {
            config: { access: 'device', whenDiskLow: 'serve' },
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
            const device = requireDevice(request);
            const seen = await recordHeartbeat(ctx.db, { id: device.id, report: request.body });
            if (!seen) throw unauthorized('Device is not approved');
            if (seen.previous_status === 'offline')
                await recordDeviceStateEvent(ctx.db, 'DeviceOnline', {
                    id: device.id,
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
