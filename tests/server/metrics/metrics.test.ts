import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { startJobs } from '../../../server/jobs/runner';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from '../events/helpers';
import { openStream } from '../events/sse';
import { parseExposition, valueOf } from './exposition';

const TOKEN = 'scrape-me-7f3a9c';

/** Two platforms in one process: each has its own registry, so their metrics neither clash nor mix. */
let p: TestPlatform;
let bare: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;

beforeAll(async () => {
    // no built console (its index.html answers unknown addresses when dist/ holds one): a 404 is a 404
    const staticDir = path.join(os.tmpdir(), `ac-no-console-${process.pid}`);
    [p, bare] = await Promise.all([startPlatform({ metricsToken: TOKEN, staticDir }), startPlatform({ staticDir })]);
    admin = await p.as(ADMIN.email);
    await seedDemoDevices(
        p.ctx.db,
        p.demo.customers.map(c => c.name),
        6,
    );
    reader = await approvedReader(p, admin, p.demo.customers[0].id, 'Metrics lobby');
}, 120_000);
afterAll(async () => {
    await p?.close();
    await bare?.close();
});

const scrape = (platform: TestPlatform, authorization?: string) =>
    platform.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

const samples = async () => {
    const res = await scrape(p, `Bearer ${TOKEN}`);
    expect(res.statusCode, res.body).toBe(200);
    return parseExposition(res.body);
};

describe('GET /metrics', () => {
    it('does not exist without METRICS_TOKEN: 404 as any unknown address, whatever is sent', async () => {
        for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
            const res = await scrape(bare, authorization);
            expect(res.statusCode).toBe(404);
            expect(res.json()).toMatchObject({ error: 'Route GET /metrics not found' });
        }
    });

    it('answers 401 without the token or with another one', async () => {
        for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
            const res = await scrape(p, authorization);
            expect(res.statusCode, authorization).toBe(401);
            expect(res.body).not.toContain('process_');
        }
    });

    it("answers the text exposition with the token, with the process's and Node.js's own metrics", async () => {
        const res = await scrape(p, `Bearer ${TOKEN}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        for (const family of [
            'process_resident_memory_bytes gauge',
            'nodejs_eventloop_lag_seconds gauge',
            'nodejs_gc_duration_seconds histogram',
            'http_request_duration_seconds histogram',
            'readers gauge',
            'events_ingested_total counter',
            'events_refused_total counter',
            'event_image_bytes_stored_total counter',
            'webhook_deliveries gauge',
            'mails gauge',
            'jobs_run_total counter',
            'jobs_failed_total counter',
            'db_pool_connections_in_use gauge',
            'db_pool_waiting gauge',
            'live_consoles gauge',
        ])
            expect(res.body).toContain(`# TYPE ${family}`);
    });
});

describe('what the metrics count', () => {
    it("labels a request's duration with its route pattern, never the address asked", async () => {
        const route = { method: 'GET', route: '/api/v2/devices/:id', status_code: '200' };
        const before = valueOf(await samples(), 'http_request_duration_seconds_count', route) ?? 0;
        for (let i = 0; i < 3; i++) expect((await admin('GET', `/devices/${reader.id}`)).statusCode).toBe(200);
        const after = await samples();
        expect(valueOf(after, 'http_request_duration_seconds_count', route)).toBe(before + 3);
        expect(after.filter(s => s.name.startsWith('http_') && Object.values(s.labels).some(v => v.includes(`/${reader.id}`)))).toEqual([]);
        // no route matched: one label for them all
        await p.app.inject({ method: 'GET', url: `/no/such/address/${reader.id}` });
        expect(valueOf(await samples(), 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThan(
            0,
        );
    });

    it("counts a reader's stored events by group, its refused ones, and the image bytes stored", async () => {
        const before = await samples();
        const image = frame(1).jpeg;
        const posted = await reader.post(
            [
                deviceEvent({ event: 'TailgatingByUnknownUser', image: 'shot' }),
                deviceEvent({ event: '1FAFaceAuthenticated' }),
                { device_event_id: 'broken', event: 'NoSuchEvent', timestamp: new Date().toISOString() },
            ],
            { shot: image },
        );
        expect(posted.statusCode).toBe(200);
        expect(posted.body.accepted).toHaveLength(2);
        expect(posted.body.rejected).toHaveLength(1);
        const after = await samples();
        const grew = (name: string, labels: Record<string, string> = {}) =>
            (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
        expect(grew('events_ingested_total', { group: 'tailgating' })).toBe(1);
        expect(grew('events_ingested_total', { group: 'authenticated' })).toBe(1);
        expect(grew('events_refused_total')).toBe(1);
        expect(grew('event_image_bytes_stored_total')).toBe(image.length);

        // sent again: acknowledged, not stored twice, not counted twice
        const once = deviceEvent({ event: '1FAFaceAuthenticated' });
        const again = await reader.post({ events: [once] });
        const twice = await reader.post({ events: [once] });
        expect([again.body.accepted[0]?.duplicate, twice.body.accepted[0]?.duplicate]).toEqual([false, true]);
        expect(
            (valueOf(await samples(), 'events_ingested_total', { group: 'authenticated' }) ?? 0) -
                (valueOf(after, 'events_ingested_total', { group: 'authenticated' }) ?? 0),
        ).toBe(1);
    });

    it("reports the demo platform's readers online, offline and pending as the devices page counts them", async () => {
        expect(await reader.heartbeat()).toBe(200);
        const states = (await admin('GET', '/devices/aggregate/state?cross_account=true')).json().result as {
            status: string;
            count: number;
        }[];
        const count = (status: string) => states.find(s => s.status === status)!.count;
        expect(count('online') + count('offline') + count('pending')).toBeGreaterThan(2);
        const now = await samples();
        for (const state of ['online', 'offline', 'pending']) expect(valueOf(now, 'readers', { state }), state).toBe(count(state));
        expect(valueOf(now, 'readers', { state: 'online' })).toBeGreaterThan(0);
    });

    it('reports webhook deliveries and mails waiting and failed, and one database connection for the embedded database', async () => {
        const now = await samples();
        for (const state of ['waiting', 'failed']) {
            expect(valueOf(now, 'webhook_deliveries', { state }), state).toBeGreaterThanOrEqual(0);
            for (const kind of ['alert', 'invitation'])
                expect(valueOf(now, 'mails', { kind, state }), `${kind} ${state}`).toBeGreaterThanOrEqual(0);
        }
        if (!process.env.TEST_DATABASE_URL) {
            expect(valueOf(now, 'db_pool_connections_in_use')).toBe(1);
            expect(valueOf(now, 'db_pool_waiting')).toBe(0);
        }
    });

    it('counts the scheduled jobs run and failed, by job', async () => {
        let runs = 0;
        const jobs = startJobs(
            p.ctx,
            [
                { name: 'metrics-works', everyMs: 60_000, atStart: true, run: async () => void runs++ },
                {
                    name: 'metrics-fails',
                    everyMs: 60_000,
                    atStart: true,
                    run: async () => {
                        runs++;
                        throw new Error('on purpose');
                    },
                },
            ],
            p.app.log,
        );
        try {
            await expect.poll(() => runs, { timeout: 5000 }).toBe(2);
        } finally {
            await jobs.stop();
        }
        const now = await samples();
        expect(valueOf(now, 'jobs_run_total', { job: 'metrics-works' })).toBe(1);
        expect(valueOf(now, 'jobs_failed_total', { job: 'metrics-works' })).toBeUndefined();
        expect(valueOf(now, 'jobs_run_total', { job: 'metrics-fails' })).toBe(1);
        expect(valueOf(now, 'jobs_failed_total', { job: 'metrics-fails' })).toBe(1);
    });

    it('reports the consoles connected to the live events stream', async () => {
        const base = await p.listen();
        const stream = await openStream(`${base}/api/v2/events/live`, await p.login(ADMIN.email));
        try {
            await stream.next(m => m.event === 'ready');
            expect(valueOf(await samples(), 'live_consoles')).toBe(1);
        } finally {
            await stream.close();
        }
        await expect.poll(async () => valueOf(await samples(), 'live_consoles')).toBe(0);
    });
});
