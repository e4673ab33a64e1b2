import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../contract/api';
import type { AppContext } from '../../context';
import { attachment } from '../../http/attachments';
import { notFound } from '../../http/errors';
import { buildDeviceConfig } from './config';
import { deviceRouteKit, tags } from './routeKit';

/** The admin's copy of a reader's configuration: everything but its secrets. */
const withoutSecrets = <T extends { onvif: { password: string | null }; sip: { password: string | null } }>(config: T): T => ({
    ...config,
    onvif: { ...config.onvif, password: config.onvif.password ? '********' : null },
    sip: { ...config.sip, password: config.sip.password ? '********' : null },
});

/** The configuration file of one reader, as the reader receives it (the CSV of many is bulkRoutes.ts). */
export const deviceConfigRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = deviceRouteKit(ctx);

    app.get(
        '/devices/:id/config',
        {
            config: { access: ['devices', 'download_config'], scope: 'row' },
            schema: { tags, summary: 'The configuration file the reader receives (secrets masked)', params: idParam },
        },
        async (request, reply) => {
            const device = await visible(request, request.params.id);
            const config = await buildDeviceConfig(ctx.db, device.id, ctx.config.deviceHeartbeatSeconds, ctx.now());
            if (!config) throw notFound('device');
            return reply
                .type('application/json; charset=utf-8')
                .header('Content-Disposition', attachment(`device-${device.id}-config.json`))
                .send(JSON.stringify(withoutSecrets(config), null, 2));
        },
    );
};
