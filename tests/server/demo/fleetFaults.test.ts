import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsPlugin } from '../../../server/demo/fleet/events';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { httpAdmin, startServer, type ServerProcess } from '../events/processes';

/**
 * The demo's simulated readers run inside the server (DEMO is on by default).
 * A post that fails (its reader deleted, the database away, a full disk) used
 * to leave a promise rejection unhandled, and the first one ended the server.
 */
let dir: string;
let server: ServerProcess;
let admin: Awaited<ReturnType<typeof httpAdmin>>;
const unhandled = /Unhandled|unhandledRejection|triggerUncaughtException/;
const port = 18_200 + (process.pid % 500);
const start = () =>
    startServer(port, {
        DATA_DIR: dir,
        DEMO: '1',
        DEMO_FLEET: '4',
        DEMO_EVENT_RATE: '10',
        DEMO_PASSWORD: 'Demo#Pass1',
        DEVICE_HEARTBEAT_SECONDS: '1',
        JOBS: '1',
    });

beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-demo-'));
    server = start();
    await server.ready;
    admin = await httpAdmin(server.url);
}, 120_000);
afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

describe('the demo server with its simulated readers', () => {
    it('survives deleting a reader that is online and posting events', async () => {
        let online: { id: number; account_id: number } | undefined;
        for (let i = 0; i < 40 && !online; i++) {
            const list = await admin.call('GET', '/devices?cross_account=true&per_page=100');
            online = (list.body.result as { id: number; account_id: number; status: string }[]).find(d => d.status === 'online');
            if (!online) await sleep(500);
        }
        expect(online, server.output()).toBeDefined();
        const deleted = await admin.call('DELETE', `/devices/${online!.id}`, { account_id: online!.account_id });
        expect(deleted.status).toBeLessThan(300);
        // Its heartbeats and event posts now fail (401) for several rounds.
        await sleep(6000);
        let exitCode: number | null | 'running' = 'running';
        void server.exited.then(code => (exitCode = code));
        await sleep(50);
        expect(exitCode, server.output()).toBe('running');
        expect((await admin.call('GET', '/devices?cross_account=true')).status).toBe(200);
        expect(server.output()).not.toMatch(unhandled);
    }, 60_000);

    it('a simulated reader keeps its events while the server is down and delivers each once after it restarts', async () => {
        const accounts = (await admin.call('GET', '/accounts?per_page=100')).body.result as { id: number; name: string }[];
        const account = accounts.find(a => a.name === 'Fabrikam Labs')!.id;
        const code = (await admin.call('GET', `/devices/registration_code?account_id=${account}`)).body.code as string;
        const events = eventsPlugin({ ratePerSecond: 8, everyMs: 250 });
        const fleet = new Fleet({
            url: server.url,
            devices: 2,
            seed: 'restart',
            prefix: 'HOLD',
            registrationCode: code,
            rampMs: 100,
            fleetPlugins: [events],
        }).start();
        try {
            // Approved in the console, then posting.
            for (let i = 0; i < 60 && fleet.online.length < 2; i++) {
                for (const reader of fleet.readers.filter(r => r.state === 'pending' && r.id !== undefined))
                    await admin.call('PUT', `/devices/${reader.id}/approve`, { account_id: account });
                await sleep(250);
            }
            expect(fleet.online).toHaveLength(2);
            for (let i = 0; i < 40 && events.stats.accepted < 5; i++) await sleep(250);

            server.child.kill('SIGTERM');
            await server.exited;
            // the readers go on producing while the server is down (a loaded machine may take a few ticks to show it)
            await sleep(3000);
            for (let i = 0; i < 40 && events.waiting() === 0; i++) await sleep(250);
            expect(events.waiting()).toBeGreaterThan(0);

            server = start();
            await server.ready;
            admin = await httpAdmin(server.url);
            for (let i = 0; i < 120 && events.waiting() > 0; i++) await sleep(250);
            await fleet.stop();
            expect(events.waiting()).toBe(0);
        } finally {
            await fleet.stop();
        }
        // What the readers posted, not what the platform recorded of them (DeviceOffline, DeviceOnline).
        let stored = 0;
        for (const reader of fleet.readers) {
            const list = (await admin.call('GET', `/events?cross_account=true&device_id=${reader.id}&per_page=200`)).body.result as {
                event: string;
            }[];
            stored += list.filter(e => e.event !== 'DeviceOffline' && e.event !== 'DeviceOnline').length;
        }
        expect(stored).toBe(events.stats.produced);
    }, 90_000);
});
