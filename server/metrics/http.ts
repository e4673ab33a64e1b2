import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNMATCHED_ROUTE, type Metrics } from '.';

/** Compared as digests: equal lengths whatever was sent, and timingSafeEqual tells nothing of how much matched. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Times every request into http_request_duration_seconds by its route's pattern ('/api/v2/users/:id', never the
 * address asked), and serves GET /metrics at the root to a scraper with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a token set the route does not exist: 404, as any unknown address (docs/ops.md "Metrics").
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics; token: string | undefined }) => {
    const { metrics, token } = opts;
    app.addHook('onResponse', async (request, reply) => {
        metrics.httpRequestDuration.observe(
            { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
            reply.elapsedTime / 1000,
        );
    });
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
            return reply
                .status(401)
                .header('WWW-Authenticate', 'Bearer')
                .send({ error: 'A valid metrics token is required.', request_id: request.id });
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
});
