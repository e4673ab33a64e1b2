import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_BASE } from '../contract/constants';
import { API_KEY_HEADER } from '../contract/apiKeys';
import type { AppContext } from './context';
import { authPlugin } from './http/auth';
import { diskLowPlugin } from './http/diskLow';
import { afterReplyPlugin } from './http/afterReply';
import { errorsPlugin, newRequestId } from './http/errors';
import { scopePlugin } from './http/scope';
import { metricsPlugin } from './metrics/http';
import { healthPlugin } from './http/health';
import { features } from './features';
import { platformVersion } from './version';

export interface BuildOptions {
    logger?: boolean | object;
}

/** The whole server without listening: tests use inject, main.ts listens. */
export const buildApp = async (ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> => {
    const app = Fastify({
        logger: options.logger ?? false,
        genReqId: newRequestId,
        requestIdHeader: false,
        bodyLimit: 2 * 1024 * 1024,
        trustProxy: process.env.TRUST_PROXY === '1',
        // A client that trickles its headers (slowloris) is cut after headersTimeout, checked every second;
        // past maxConnections new connections are refused, so held sockets cannot exhaust the process (docs/ops.md).
        http: { headersTimeout: ctx.config.headersTimeoutSeconds * 1000, connectionsCheckingInterval: 1000 },
        // The router's own refusals (a malformed or too long address part) answer {error, request_id} like every error.
        frameworkErrors: (error, request, reply) => {
            const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
            const message = status === 414 ? 'A value in the address is too long.' : 'Request is not valid.';
            void (reply as FastifyReply).status(status).header('X-Request-Id', request.id).send({ error: message, request_id: request.id });
        },
    }).withTypeProvider<ZodTypeProvider>();
    app.server.maxConnections = ctx.config.maxConnections;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    await app.register(errorsPlugin);
    // At the root, not under /api/v2: a scraper's address (docs/ops.md "Metrics").
    await app.register(metricsPlugin, { metrics: ctx.metrics, token: ctx.config.metricsToken });
    await app.register(healthPlugin, { ctx });
    for (const feature of features)
        for (const reading of feature.gauges ?? []) ctx.metrics.readGauge(`${feature.name}:${reading.gauge}`, reading);
    await app.register(afterReplyPlugin);
    await app.register(helmet, {
        // Sent only over TLS (below): on plain http, as an on-premise install on a LAN is often served,
        // upgrade-insecure-requests sent the browser to an https:// that does not exist.
        hsts: false,
        contentSecurityPolicy: {
            directives: {
                upgradeInsecureRequests: null,
                defaultSrc: ["'self'"],
                // MUI (emotion) writes style elements at run time.
                styleSrc: ["'self'", "'unsafe-inline'"],
                imgSrc: ["'self'", 'data:', 'blob:'],
                // and the console's own inline boot script, by its hash (scripts/bootPreload.ts)
                scriptSrc: [scriptSources(ctx.config.staticDir)],
                connectSrc: ["'self'"],
            },
        },
    });
    app.addHook('onSend', async (request, reply) => {
        // request.protocol is https over TLS, or behind a trusted proxy (TRUST_PROXY=1) that says X-Forwarded-Proto: https.
        if (request.protocol !== 'https') return;
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
        const csp = reply.getHeader('Content-Security-Policy');
        if (typeof csp === 'string') reply.header('Content-Security-Policy', `${csp};upgrade-insecure-requests`);
    });
    await app.register(rateLimit, { global: false });
    await app.register(swagger, {
        openapi: {
            info: { title: 'Access-control platform API', version: platformVersion() },
            components: {
                securitySchemes: {
                    bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
                    apiKey: {
                        type: 'apiKey',
                        in: 'header',
                        name: API_KEY_HEADER,
                        description: "An account's API key (account settings, API keys): the rights of its role in its account",
                    },
                    device: {
                        type: 'apiKey',
                        in: 'header',
                        name: 'Authorization',
                        description: 'Readers only: `Device <device_id>.<device_key>` (contract/device-api.ts)',
                    },
                },
            },
            security: [{ bearer: [] }],
        },
        transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: `${API_BASE}/swagger`, staticCSP: true });
    // SPEC 9 names the docs page /api/v2/swagger/index.html.
    app.get(`${API_BASE}/swagger/index.html`, { schema: { hide: true } }, (_request, reply) => reply.redirect(`${API_BASE}/swagger`));
    await app.register(authPlugin, { db: ctx.db, signer: ctx.signer, now: ctx.now });
    await app.register(scopePlugin, { db: ctx.db });
    await app.register(diskLowPlugin, { ctx });

    await app.register(
        async api => {
            for (const feature of features)
                for (const entry of feature.routes)
                    if ('plugins' in entry)
                        await api.register(async scope => {
                            await entry.bodies(scope, ctx);
                            for (const plugin of entry.plugins) await scope.register(plugin, ctx);
                        });
                    else await api.register(entry, ctx);
        },
        { prefix: API_BASE },
    );

    serveConsole(app, ctx.config.staticDir, ctx.config.serveSourceMaps);
    return app;
};

/**
 * script-src: the server's own files and, by their CSP hashes, the inline scripts of the built console's index.html (none
 * before a build), read again when the file changes: the page is read from disk at each request, so a console rebuilt
 * under a running server (an upgrade in place) had its boot script refused by the browser until a restart.
 */
const scriptSources = (dir: string) => {
    const index = path.join(dir, 'index.html');
    let read: { mtimeMs: number; size: number; sources: string } | undefined;
    return () => {
        const stat = fs.statSync(index, { throwIfNoEntry: false });
        if (!stat) return "'self'";
        if (read?.mtimeMs !== stat.mtimeMs || read.size !== stat.size)
            read = {
                mtimeMs: stat.mtimeMs,
                size: stat.size,
                sources: [
                    "'self'",
                    ...[...fs.readFileSync(index, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
                        m => `'sha256-${crypto.createHash('sha256').update(m[1]!).digest('base64')}'`,
                    ),
                ].join(' '),
            };
        return read.sources;
    };
};

/** The built console, with browser routes: any non-API GET that is not a file gets index.html. */
const serveConsole = (app: FastifyInstance, dir: string, serveSourceMaps: boolean) => {
    const index = path.join(dir, 'index.html');
    const present = fs.existsSync(index);
    // The build writes source maps beside the scripts (vite.config.ts); they give our whole source away, so only on request.
    const hidden = (url: string) => !serveSourceMaps && url.endsWith('.map');
    if (present)
        app.register(fastifyStatic, {
            root: dir,
            wildcard: false,
            index: false,
            // the .br and .gz copies the build writes beside each script and style (vite.config.ts)
            preCompressed: true,
            cacheControl: false,
            allowedPath: pathName => !hidden(pathName),
            // Built files are named by their content: a browser keeps them; anything else it asks again.
            setHeaders: (reply, file) =>
                reply.header(
                    'Cache-Control',
                    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
                ),
        });
    const methodsOf = allowedMethods(app);
    app.setNotFoundHandler((request, reply) => {
        const url = request.url.split('?')[0] ?? '/';
        if (present && request.method === 'GET' && !url.startsWith('/api/') && !hidden(url)) {
            const file = path.join(dir, path.normalize(url));
            if (file.startsWith(dir) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
                return reply.sendFile(path.relative(dir, file));
            }
            return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(index));
        }
        // A known address asked with another method: 405 with the methods it takes (the router's own replies, SPEC 8.5).
        const allowed = methodsOf(url);
        if (allowed.length)
            return reply
                .status(405)
                .header('Allow', allowed.join(', '))
                .send({ error: `Method ${request.method} is not allowed on ${url}`, request_id: request.id });
        return reply.status(404).send({ error: `Route ${request.method} ${url} not found`, request_id: request.id });
    });
};

/** The methods the API routes take at a concrete address ('/api/v2/users/7' matches '/api/v2/users/:id'). */
const allowedMethods = (app: FastifyInstance) => {
    let routes: { pattern: RegExp; method: string }[] | undefined;
    return (url: string): string[] => {
        // Read once, after every route is declared.
        routes ??= app.routeAccess.map(r => ({
            method: r.method,
            pattern: new RegExp(
                `^${r.url
                    .split('/')
                    .map(part => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
                    .join('/')}/?$`,
            ),
        }));
        const methods = new Set(routes.filter(r => r.pattern.test(url)).map(r => r.method));
        if (methods.has('GET')) methods.add('HEAD');
        return [...methods].sort();
    };
};
