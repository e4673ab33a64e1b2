import { afterAll, expect } from 'vitest';
import type { DeviceEventsReply } from '../../../contract/device-events';
import type { EventRecord } from '../../../contract/events';
import { drawFrame } from '../../../server/demo/fleet/frames';
import { httpAdmin, httpReader, startServer, type ServerProcess } from './processes';

/**
 * "Acknowledges only what is durable": readers stream event batches with
 * images at a real server process, which is killed with SIGKILL in the middle
 * of it. After a restart, every event the server had acknowledged is there,
 * with its image.
 */
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
/** The test file's server processes and folders go when it ends. */
export const cleanUpAfterAll = () =>
    afterAll(async () => {
        for (const s of started) s.child.kill('SIGKILL');
        await Promise.all(started.map(s => s.exited));
        for (const c of cleanups) await c();
    });
export const cleanUp = (c: () => Promise<void>) => cleanups.push(c);

const frames = [drawFrame(1, 11), drawFrame(2, 12)];

export { freePort } from '../../../scripts/freePort';

export const killDuringStream = async (port: number, env: Record<string, string>) => {
    const first = startServer(port, env);
    started.push(first);
    await first.ready;
    const admin = await httpAdmin(first.url);
    const reader = await httpReader(first.url, admin, `HW-DURABLE-${port}-${process.pid}`);

    const acknowledged = new Map<number, Buffer>();
    let sequence = 0;
    let stop = false;
    const worker = async (w: number) => {
        while (!stop) {
            const batch = Array.from({ length: 10 }, (_, i) => ({
                device_event_id: `dur-${w}-${++sequence}-${i}`,
                event: i % 3 ? '1FAFaceAuthenticated' : 'TailgatingByUnknownUser',
                timestamp: new Date(Date.now() - 1000).toISOString(),
                image: `img${i}`,
            }));
            const form = new FormData();
            form.append('events', JSON.stringify(batch));
            batch.forEach((_, i) => form.append(`img${i}`, new Blob([new Uint8Array(frames[i % 2]!.jpeg)]), `img${i}.jpg`));
            try {
                const res = await fetch(`${first.url}/api/v2/device/events`, {
                    method: 'POST',
                    headers: { authorization: reader.authorization },
                    body: form,
                });
                if (res.status !== 200) continue;
                const reply = (await res.json()) as DeviceEventsReply;
                for (const a of reply.accepted) acknowledged.set(a.id, frames[Number(a.device_event_id.split('-')[3]) % 2]!.jpeg);
            } catch {
                return; // the server is gone
            }
        }
    };
    const workers = [0, 1, 2, 3].map(worker);
    // Let acknowledged batches pile up, then kill the process while requests are in flight.
    while (acknowledged.size < 200) await new Promise(r => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(workers);
    const acknowledgedIds = [...acknowledged.keys()];

    const second = startServer(port, env);
    started.push(second);
    await second.ready;
    const again = await httpAdmin(second.url);
    const stored = new Map<number, EventRecord>();
    for (let page = 1; ; page++) {
        const res = await again.call('GET', `/events?device_id=${reader.id}&per_page=200&page=${page}`);
        const body = res.body as { result: EventRecord[] };
        if (!body.result.length) break;
        for (const e of body.result) stored.set(e.id, e);
    }
    return { acknowledgedIds, acknowledged, stored, server: second, admin: again };
};

export const checkAllThere = async (run: Awaited<ReturnType<typeof killDuringStream>>) => {
    expect(run.acknowledgedIds.length).toBeGreaterThanOrEqual(200);
    const missing = run.acknowledgedIds.filter(id => !run.stored.has(id));
    expect(missing).toEqual([]);
    // Nothing acknowledged lost its image either.
    const check = async (id: number) => {
        const record = run.stored.get(id)!;
        expect(record.image, `event ${id}`).toEqual(expect.any(String));
        const image = await fetch(`${run.server.url}/api/v2/events/${id}/files/${record.image}`, {
            headers: { authorization: `Bearer ${run.admin.token}` },
        });
        expect(image.status, `event ${id}`).toBe(200);
        expect(Buffer.compare(Buffer.from(await image.arrayBuffer()), run.acknowledged.get(id)!), `event ${id}`).toBe(0);
    };
    for (let i = 0; i < run.acknowledgedIds.length; i += 20) await Promise.all(run.acknowledgedIds.slice(i, i + 20).map(check));
};
