// The baseline of bench/firmware-upload.ts --files s3: a bare Fastify server
// with @fastify/multipart taking a file upload as the platform's artifact
// route takes it (the same field, read as a stream) and only counting its
// bytes: no parsing, no storage, no database.
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: Number.MAX_SAFE_INTEGER, files: 1 } });
app.post('/api/v2/artifacts', async (request, reply) => {
    let size = 0;
    for await (const part of request.parts()) if (part.type === 'file') for await (const chunk of part.file) size += chunk.length;
    return reply.status(201).send({ size });
});
app.get('/api/v2/login_provider', async () => ({}));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
