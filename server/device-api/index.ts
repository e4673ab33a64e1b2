import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import type { Feature } from '../feature';
import { commandRoutes } from './commands';
import { configRoutes } from './config';
import { deploymentRoutes } from './deployments';
import { eventRoutes } from './events';
import { heartbeatRoutes } from './heartbeat';
import { logRoutes } from './logs';
import { registerRoutes } from './register';

/** What readers call, under /api/v2/device/ (DESIGN.md "Readers and the device API"). Adding a part is one line here. */
export const deviceApiParts: FastifyPluginAsyncZod<AppContext>[] = [
    registerRoutes,
    heartbeatRoutes,
    configRoutes,
    commandRoutes,
    logRoutes,
    deploymentRoutes,
    eventRoutes,
];

export const deviceApiRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(
        async device => {
            for (const part of deviceApiParts) await device.register(part, ctx);
        },
        // Readers call every few seconds each: their routine requests log at DEVICE_LOG_LEVEL (warn), failures still show.
        { prefix: '/device', logLevel: ctx.config.deviceLogLevel },
    );
};

export const deviceApiFeature: Feature = { name: 'device-api', routes: [deviceApiRoutes] };
