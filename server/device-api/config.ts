import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceConfig } from '../../contract/device-api';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { notFound } from '../http/errors';
import { buildDeviceConfig } from '../resources/devices';
import { configEtag } from '../resources/devices';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

export const configRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/config',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: "The reader's configuration and access list; with If-None-Match, 304 when unchanged",
                headers: z.object({ 'if-none-match': z.string().max(200).optional() }).passthrough(),
                response: { 200: deviceConfig, 304: z.null(), ...deviceErrors },
            },
        },
        async (request, reply) => {
            const device = requireDevice(request);
            // The versions come with the credential check: an unchanged configuration costs one indexed read.
            const etag = configEtag(device.config_version, device.access_version);
            reply.header('ETag', etag).header('Cache-Control', 'no-cache');
            if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
            const config = await buildDeviceConfig(ctx.db, device.id, ctx.config.deviceHeartbeatSeconds, ctx.now());
            if (!config) throw notFound('device');
            // The body carries the ETag of what it holds, which may be newer than the one checked above.
            reply.header('ETag', config.etag);
            return config;
        },
    );
};
