import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database';
import { createRealtime, type Realtime } from '../../../server/realtime';
import { tcpProxy } from '../db/tcpProxy';

// The realtime listening connection through a database that drops every connection while it is
// being opened (a restart, a failover): the listener keeps retrying without ending the process,
// and hears notifications again once the database is back.
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let pool: pg.Pool;
let realtime: Realtime;
const log: string[] = [];
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    pool = new pg.Pool({ connectionString: proxy.route(process.env.TEST_DATABASE_URL!), connectionTimeoutMillis: 2000 });
    pool.on('error', () => undefined);
    realtime = createRealtime(drizzle({ client: pool }) as unknown as Db, message => log.push(message));
    process.prependListener('uncaughtException', onUncaught);
});
afterAll(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await realtime?.close();
    await pool?.end();
    await proxy?.close();
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const heard = (payloads: string[], payload: string) => async () => {
    for (let i = 0; i < 100 && !payloads.includes(payload); i++) {
        await realtime.publish('outage_test', payload).catch(() => undefined);
        await sleep(100);
    }
    return payloads.includes(payload);
};

describe('the realtime listener across a database outage', () => {
    it('retries connections that die while opening, without an unhandled error, and hears notifications again', async () => {
        const payloads: string[] = [];
        let reconnects = 0;
        realtime.onReconnect(() => reconnects++);
        realtime.subscribe('outage_test', payload => payloads.push(payload));
        expect(await heard(payloads, 'before')()).toBe(true);

        // Every connection is accepted and then dropped mid-handshake, for several retries.
        proxy.flap();
        await sleep(3000);
        expect(uncaught).toEqual([]);
        expect(log.some(line => line.startsWith('realtime: cannot listen'))).toBe(true);

        proxy.restore();
        expect(await heard(payloads, 'after')()).toBe(true);
        expect(reconnects).toBe(1);
        expect(uncaught).toEqual([]);
    }, 30_000);
});
