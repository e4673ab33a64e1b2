import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandAckInput, deviceCommand } from '../../contract/device-api';
import { idParam } from '../../contract/api';
import type { AppContext } from '../context';
import { requireDevice } from '../http/deviceAuth';
import { notFound } from '../http/errors';
import { ackCommand, takeCommands } from '../resources/devices';
import { deviceErrors, deviceSecurity, deviceTags } from './shared';

export const commandRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/commands',
        {
            config: { access: 'device' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'Commands queued for the reader (reboot, log upload); each is handed over until acknowledged',
                response: { 200: z.object({ result: z.array(deviceCommand) }), ...deviceErrors },
            },
        },
        async request => {
            const taken = await takeCommands(ctx.db, requireDevice(request).id);
            return {
                result: taken
                    .sort((a, b) => a.id - b.id)
                    .map(c => ({ id: c.id, type: c.type, payload: c.payload, created_at: c.created_at.toISOString() })),
            };
        },
    );

    app.put(
        '/commands/:id/ack',
        {
            config: { access: 'device', whenDiskLow: 'serve' },
            schema: {
                tags: deviceTags,
                security: deviceSecurity,
                summary: 'The reader reports a command done or failed',
                params: idParam,
                body: commandAckInput,
                response: { 204: z.null(), ...deviceErrors },
            },
        },
        async (request, reply) => {
            const acked = await ackCommand(ctx.db, requireDevice(request).id, request.params.id, request.body.status, request.body.message);
            if (!acked) throw notFound('command');
            return reply.status(204).send(null);
        },
    );
};
