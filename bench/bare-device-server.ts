// The baseline of bench/fleet.ts: a bare Fastify server answering the two
// calls a reader makes every interval with the same bytes the platform
// answers, and nothing else (no auth, no database).
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const heartbeat = process.env.HEARTBEAT_REPLY ?? '{}';
const etag = process.env.CONFIG_ETAG ?? '"c1-a1"';

const app = Fastify({ logger: false, genReqId: () => crypto.randomUUID() });
app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
});
app.post('/api/v2/device/heartbeat', async (_request, reply) => reply.type('application/json; charset=utf-8').send(heartbeat));
app.get('/api/v2/device/config', async (request, reply) => {
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    return reply
        .status(request.headers['if-none-match'] === etag ? 304 : 200)
        .send(request.headers['if-none-match'] === etag ? null : '{}');
});
app.get('/api/v2/login_provider', async () => ({}));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
