import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceLogsInput } from '../../contract/device-api';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { insertDeviceLogs } from '../resources/devices';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

export const logRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/logs',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'The reader uploads log lines (at most 1000 a call)',
                body: deviceLogsInput,
                response: { 204: z.null(), ...deviceErrors },
            },
        },
        async (request, reply) => {
            await insertDeviceLogs(ctx.db, requireDevice(request).id, request.body.entries);
            return reply.status(204).send(null);
        },
    );
};
