import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tcpProxy } from '../db/tcpProxy';
import { freshPostgres, httpAdmin, startServer, type ServerProcess } from '../events/processes';

/**
 * The demo server on PostgreSQL through a proxy the test cuts for a few
 * seconds: a database restart as the server sees one. Its simulated readers'
 * posts fail meanwhile (503); the server used to end at the first.
 */
let database: Awaited<ReturnType<typeof freshPostgres>>;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let server: ServerProcess;
const port = 18_700 + (process.pid % 250);

beforeAll(async () => {
    database = await freshPostgres(process.env.TEST_DATABASE_URL!);
    const target = new URL(database.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = startServer(port, {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ac-demo-pg-')),
        DATABASE_URL: proxy.route(database.url),
        DEMO: '1',
        DEMO_FLEET: '4',
        DEMO_EVENT_RATE: '10',
        DEMO_PASSWORD: 'Demo#Pass1',
        DEVICE_HEARTBEAT_SECONDS: '1',
        JOBS: '1',
    });
    await server.ready;
}, 180_000);
afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await database?.drop();
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

describe('the demo server during a database outage', () => {
    it("keeps running while its readers' posts fail, and their events flow again once the database is back", async () => {
        const admin = await httpAdmin(server.url);
        const count = async () => (await admin.call('GET', '/events?cross_account=true&per_page=1')).body.count as number;
        const before = await count();
        let exitCode: number | null | 'running' = 'running';
        void server.exited.then(code => (exitCode = code));

        proxy.cut();
        await sleep(4000);
        expect(exitCode, server.output()).toBe('running');
        expect((await admin.call('GET', '/devices?cross_account=true')).status).toBe(503);
        proxy.restore();

        let after = before;
        for (let i = 0; i < 60 && after <= before; i++) {
            await sleep(500);
            after = await count();
        }
        expect(after, server.output()).toBeGreaterThan(before);
        expect(exitCode).toBe('running');
        expect(server.output()).not.toMatch(/Unhandled|unhandledRejection|triggerUncaughtException/);
    }, 90_000);
});
