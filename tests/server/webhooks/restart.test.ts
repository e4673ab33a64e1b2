import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeviceEventsReply } from '../../../contract/device-events';
import { freePort } from '../../../scripts/freePort';
import { freshPostgres, httpAdmin, httpReader, startServer, type ServerProcess } from '../events/processes';
import { signatureValid, startReceiver, type Receiver } from './receiver';

/**
 * Deliveries live in the database: a server process killed (SIGKILL) while
 * a reader streams events and its webhook's receiver fails loses none. The
 * restarted process sends every acknowledged event, under the X-Delivery-Id
 * its first tries had. On PGlite, and on PostgreSQL in the TEST_DATABASE_URL run.
 */
const SECRET = 'restart-secret-0123456789abcdef';
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
    for (const s of started) s.child.kill('SIGKILL');
    await Promise.all(started.map(s => s.exited));
    await receiver?.close();
    for (const c of cleanups) await c();
});

describe('a restart in the middle of failing deliveries', () => {
    it('loses no delivery of an acknowledged event', async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-webhooks-'));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        const env: Record<string, string> = {
            DATA_DIR: dataDir,
            JOBS: '1',
            WEBHOOK_TIMEOUT_SECONDS: '0.5',
            WEBHOOK_RETRY_BASE_SECONDS: '0.2',
            WEBHOOK_RETRY_MAX_SECONDS: '0.5',
        };
        if (process.env.TEST_DATABASE_URL) {
            const database = await freshPostgres(process.env.TEST_DATABASE_URL);
            cleanups.push(() => database.drop());
            env.DATABASE_URL = database.url;
        }
        receiver = await startReceiver();
        receiver.otherwise(500);
        const first = startServer(await freePort(), env);
        started.push(first);
        await first.ready;
        const admin = await httpAdmin(first.url);
        const reader = await httpReader(first.url, admin, `HW-WEBHOOK-${process.pid}`);
        const hook = await admin.call('POST', '/webhooks', { url: receiver.url, secret: SECRET, event_types: ['1FAFaceAuthenticated'] });
        expect(hook.status).toBe(201);

        const acknowledged = new Set<number>();
        let sequence = 0;
        let stop = false;
        const stream = async () => {
            while (!stop) {
                const events = Array.from({ length: 10 }, () => ({
                    device_event_id: `wh-${++sequence}`,
                    event: '1FAFaceAuthenticated',
                    timestamp: new Date(Date.now() - 1000).toISOString(),
                }));
                try {
                    const res = await fetch(`${first.url}/api/v2/device/events`, {
                        method: 'POST',
                        headers: { authorization: reader.authorization, 'content-type': 'application/json' },
                        body: JSON.stringify({ events }),
                    });
                    if (res.status !== 200) continue;
                    for (const a of ((await res.json()) as DeviceEventsReply).accepted) acknowledged.add(a.id);
                } catch {
                    return; // the server is gone
                }
            }
        };
        const streams = [stream(), stream()];
        // Killed once the sender has been failing for a while, with events still coming in.
        while (receiver.received.length < 30 || acknowledged.size < 100) await new Promise(r => setTimeout(r, 50));
        first.child.kill('SIGKILL');
        await first.exited;
        stop = true;
        await Promise.all(streams);
        const idsBefore = new Map(receiver.received.map(r => [JSON.parse(r.body).id as number, r.deliveryId]));

        receiver.otherwise(200);
        const second = startServer(await freePort(), env);
        started.push(second);
        await second.ready;
        const delivered = () => new Set(receiver!.received.filter(r => r.answer === 200).map(r => JSON.parse(r.body).id as number));
        const deadline = Date.now() + 60_000;
        while ([...acknowledged].some(id => !delivered().has(id)) && Date.now() < deadline) await new Promise(r => setTimeout(r, 200));

        expect([...acknowledged].filter(id => !delivered().has(id))).toEqual([]);
        for (const r of receiver.received) {
            expect(signatureValid(SECRET, r.body, r.signature)).toBe(true);
            const id = JSON.parse(r.body).id as number;
            // Every try of one event's delivery, before and after the restart, has the same X-Delivery-Id.
            if (idsBefore.has(id)) expect(r.deliveryId, `event ${id}`).toBe(idsBefore.get(id));
        }
    }, 180_000);
});
