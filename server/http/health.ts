import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { migrationJournal } from '../db/database';

/** What a readiness check may find failing: each named in the 503's body. */
export type ReadinessPart = 'database' | 'migrations' | 'files';

/** A check that has not answered by then has failed: a balancer polls every few seconds and must not queue. */
const CHECK_MS = 2000;

const within = <T>(work: Promise<T>, ms = CHECK_MS) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

/** This process's probe object: one key an instance, so instances sharing a bucket or a folder do not meet. */
const probeKey = `health/${randomUUID()}.probe`;

const readBack = async (ctx: AppContext, key: string) => {
    const data = await ctx.storage.get(key);
    if (!data) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
};

/**
 * The parts that keep this instance from serving: the database does not answer, it lacks migrations this server
 * carries, or the file store cannot write, read back and remove a probe object.
 */
export const readinessProblems = async (ctx: AppContext): Promise<{ part: ReadinessPart; reason: string }[]> => {
    const problems: { part: ReadinessPart; reason: string }[] = [];
    const database = within(
        ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`) as unknown as Promise<{ rows: { n: number }[] }>,
    );
    const files = within(
        (async () => {
            const written = new Date().toISOString();
            await ctx.storage.put(probeKey, Buffer.from(written));
            try {
                if ((await readBack(ctx, probeKey)) !== written) throw new Error('the probe read back differs');
            } finally {
                await ctx.storage.delete(probeKey);
            }
        })(),
    );
    const [applied, stored] = await Promise.allSettled([database, files]);
    if (applied.status === 'rejected') problems.push({ part: 'database', reason: (applied.reason as Error).message });
    else {
        const carried = migrationJournal().length;
        const count = applied.value.rows[0]?.n ?? 0;
        if (count < carried) problems.push({ part: 'migrations', reason: `${count} of the ${carried} migrations are applied` });
    }
    if (stored.status === 'rejected') problems.push({ part: 'files', reason: (stored.reason as Error).message });
    return problems;
};

/**
 * GET /health/live (the process serves) and GET /health/ready (it can do its work), at the root, without a
 * session, for a balancer or an orchestrator (docs/ops.md "Health checks"). Polled every few seconds: logged only
 * when something fails, and not in the API's document.
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
    app.get('/health/live', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'live' }));
    app.get('/health/ready', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
        const problems = await readinessProblems(opts.ctx);
        if (!problems.length) return { status: 'ready' };
        request.log.warn({ problems }, 'not ready');
        return reply
            .status(503)
            .header('Retry-After', '5')
            .send({ status: 'unavailable', failing: problems.map(p => p.part), problems, request_id: request.id });
    });
});
