import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { approvedReader, type TestReader } from '../events/helpers';
import { tcpProxy } from './tcpProxy';

// The platform's PostgreSQL goes away for a while (restart, failover): requests answer 503 with
// Retry-After, so readers and the console try again, and the server carries on when it is back.
let p: TestPlatform;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let token: string;
let reader: TestReader;

beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    p = await startPlatform({}, { routeDatabase: async url => proxy.route(url) });
    token = await p.login(ADMIN.email);
    reader = await approvedReader(p, await p.as(ADMIN.email), p.demo.customers[0].id);
});
afterAll(async () => {
    await p?.close();
    await proxy?.close();
});

describe('a database outage', () => {
    it('answers 503 with Retry-After to the console and to readers, then serves again when the database is back', async () => {
        const base = await p.listen();
        const users = () => fetch(`${base}/api/v2/users`, { headers: { authorization: `Bearer ${token}` } });
        expect((await users()).status).toBe(200);

        proxy.cut();
        const during = await users();
        expect(during.status).toBe(503);
        expect(during.headers.get('retry-after')).toBe('5');
        const body = await during.json();
        expect(body).toEqual({
            error: 'The database is unavailable just now. Try again in a few seconds.',
            request_id: during.headers.get('x-request-id'),
        });
        expect(await reader.heartbeat()).toBe(503);

        proxy.restore();
        expect((await users()).status).toBe(200);
        expect(await reader.heartbeat()).toBe(200);
    });

    it('fails a transaction whose connection dies between its statements, and the process carries on', async () => {
        const uncaught: unknown[] = [];
        const onUncaught = (error: unknown) => uncaught.push(error);
        process.prependListener('uncaughtException', onUncaught);
        try {
            const transaction = p.ctx.db.transaction(async tx => {
                await tx.execute(sql`select 1`);
                // The connection dies while the transaction holds it and no statement runs.
                proxy.cut();
                await new Promise(resolve => setTimeout(resolve, 300));
                await tx.execute(sql`select 2`);
            });
            await expect(transaction).rejects.toThrow();
            expect(uncaught).toEqual([]);
        } finally {
            process.removeListener('uncaughtException', onUncaught);
            proxy.restore();
        }
        const base = await p.listen();
        expect((await fetch(`${base}/api/v2/users`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    });
});
