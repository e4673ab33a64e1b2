import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentDeviceRecord, DeploymentLogLine, DeploymentRecord } from '../../../contract/firmware';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../../server/config';
import { rows as dbRows } from '../../../server/db/database';
import { devices } from '../../../server/db/schema';
import { deploymentPhases } from '../../../server/resources/deployments/jobs';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { rootfsArtifact, tempDir } from './artifacts';
import { approvedReader, upload, type TestReader } from './helpers';

/**
 * A reader that takes part in a deployment and then reports nothing for
 * DEPLOYMENT_READER_TIMEOUT fails that attempt, with the reason in its log,
 * so the deployment can finish. The phase job is run as the server runs it,
 * at chosen moments; readers report through the device API.
 */

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

let p: TestPlatform;
let admin: ApiCaller;
let dir: string;
let artifactId: number;
const customer = () => p.demo.customers[0].id;

beforeAll(async () => {
    p = await startPlatform();
    const token = await p.login(ADMIN.email);
    admin = (method, url, payload) => p.call(token, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
    dir = tempDir();
    const res = await upload(
        p,
        token,
        customer(),
        fs.readFileSync(rootfsArtifact(dir, { name: 'release-5.0', deviceTypes: ['rock-gen2'] })),
    );
    expect(res.statusCode).toBe(201);
    artifactId = res.json().id;
}, 120_000);
afterEach(() => {
    p.clock.offsetMs = 0;
});
afterAll(async () => {
    await p?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

/** Fresh readers for each test, so no other deployment of theirs is offered first. */
const readers = async (n: number) => {
    const list: TestReader[] = [];
    for (let i = 0; i < n; i++) list.push(await approvedReader(p, admin, customer(), 'rock-gen2'));
    return list;
};
/** Approved readers written straight to the database, that never call: a big deployment without registering each through the API. */
const silentDevices = (n: number) =>
    p.ctx.db
        .insert(devices)
        .values(
            Array.from({ length: n }, (_, i) => ({
                account_id: customer(),
                hardware_id: `SILENT-${process.pid}-${++silent}-${i}`,
                status: 'offline' as const,
                board_type: 'rock-gen2',
                release: '4.9',
                secret_hash: 'unused',
                approved_at: new Date(),
            })),
        )
        .returning({ id: devices.id });
let silent = 0;
const schedule = async (name: string, list: TestReader[], body: Record<string, unknown> = {}) => {
    const res = await admin('POST', '/deployments', {
        name,
        artifact_id: artifactId,
        device_ids: list.map(r => r.id),
        phases: [{}],
        account_id: customer(),
        ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as DeploymentRecord;
};
const deployment = async (id: number) => (await admin('GET', `/deployments/${id}`)).json() as DeploymentRecord;
/** The reader's line in the deployment's device list, as the Deployment status page reads it. */
const entryOf = async (id: number, reader: TestReader) =>
    ((await admin('GET', `/deployments/${id}/devices?q=${reader.hardwareId}&per_page=100`)).json().result as DeploymentDeviceRecord[]).find(
        e => e.device_id === reader.id,
    )!;
/** The reader's log as the status page's drawer shows it. */
const logOf = async (id: number, reader: TestReader) => {
    const entry = await entryOf(id, reader);
    return (await admin('GET', `/deployments/${id}/logs/${entry.id}`)).json().result as DeploymentLogLine[];
};
const next = (reader: TestReader) => reader.call('GET', '/deployments/next?artifact_name=release-4.9');
const report = (reader: TestReader, id: number, status: string) =>
    reader.call('PUT', `/deployments/${id}/status`, {
        status,
        log: [{ timestamp: p.ctx.now().toISOString(), level: 'info', message: status }],
    });
const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
/** One run of the deployment-phases job at that moment (the configuration changed as given). */
const runJob = (now: Date, config: Partial<Config> = {}) =>
    deploymentPhases.run({ ...p.ctx, now: () => now, config: { ...p.ctx.config, ...config } });

describe('a reader that stops reporting', () => {
    it('fails 24 hours after its phase started, not a second before; one that keeps reporting is left alone', async () => {
        const [quiet, busy] = (await readers(2)) as [TestReader, TestReader];
        const d = await schedule('silence', [quiet, busy]);
        const start = d.phases[0]!.start_at;
        // busy reports through the day; quiet never does.
        p.clock.offsetMs = HOUR;
        expect((await next(busy)).json().id).toBe(d.id);
        expect((await report(busy, d.id, 'downloading')).statusCode).toBe(204);
        p.clock.offsetMs = 23 * HOUR;
        expect((await report(busy, d.id, 'installing')).statusCode).toBe(204);

        await runJob(at(start, DAY - SECOND));
        expect(await entryOf(d.id, quiet)).toMatchObject({ status: 'pending', failures: 0 });
        expect(await logOf(d.id, quiet)).toEqual([]);

        await runJob(at(start, DAY));
        expect(await entryOf(d.id, quiet)).toMatchObject({
            status: 'failure',
            failures: 1,
            finished_at: at(start, DAY).toISOString(),
            failure_reason: 'No report from the reader for 24 hours.',
        });
        expect(await logOf(d.id, quiet)).toEqual([
            { timestamp: at(start, DAY).toISOString(), level: 'error', message: 'No report from the reader for 24 hours: marked failed.' },
        ]);
        expect(await entryOf(d.id, busy)).toMatchObject({ status: 'installing', failures: 0 });
        expect(await deployment(d.id)).toMatchObject({ status: 'in_progress', finished_at: null, stats: { failure: 1, installing: 1 } });

        // quiet comes back: the deployment has ended for it, as for any reader in a final state.
        p.clock.offsetMs = DAY + HOUR;
        const late = await report(quiet, d.id, 'downloading');
        expect(late.statusCode).toBe(409);
        expect(late.json().error).toBe('This deployment has ended for this reader (finished or aborted).');
        expect((await next(quiet)).statusCode).toBe(204);
        expect(await entryOf(d.id, quiet)).toMatchObject({ status: 'failure', failures: 1 });
        expect(await logOf(d.id, quiet)).toHaveLength(1);

        // busy falls silent in its turn: 24 hours after its last report it fails, and nothing is left open.
        const last = (await entryOf(d.id, busy)).updated_at;
        await runJob(at(last, DAY - SECOND));
        expect(await entryOf(d.id, busy)).toMatchObject({ status: 'installing' });
        expect((await deployment(d.id)).status).toBe('in_progress');
        await runJob(at(last, DAY));
        expect((await logOf(d.id, busy)).map(l => l.message)).toEqual([
            'downloading',
            'installing',
            'No report from the reader for 24 hours: marked failed.',
        ]);
        expect(await deployment(d.id)).toMatchObject({
            status: 'finished',
            finished_at: at(last, DAY).toISOString(),
            stats: { failure: 2, installing: 0, pending: 0 },
        });
    });

    it('with retries left, a timeout is one failed attempt: the reader gets the deployment again and 24 more hours', async () => {
        const [r] = (await readers(1)) as [TestReader];
        const d = await schedule('silence-retried', [r], { retries: 1 });
        const start = d.phases[0]!.start_at;

        await runJob(at(start, DAY));
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'pending', failures: 1, finished_at: null });
        expect(await logOf(d.id, r)).toEqual([
            {
                timestamp: at(start, DAY).toISOString(),
                level: 'warning',
                message: 'No report from the reader for 24 hours: attempt 1 failed; the reader will try again (1 retry left).',
            },
        ]);
        // Its new 24 hours run from the timeout, not from the phase's start.
        await runJob(at(start, DAY + 5 * SECOND));
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'pending', failures: 1 });
        expect((await deployment(d.id)).status).not.toBe('finished');
        p.clock.offsetMs = DAY + HOUR;
        expect((await next(r)).json()).toMatchObject({ id: d.id, attempt: 2 });

        await runJob(at(start, 2 * DAY - SECOND));
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'pending', failures: 1 });
        await runJob(at(start, 2 * DAY));
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'failure', failures: 2 });
        expect((await logOf(d.id, r)).map(l => [l.level, l.message])).toEqual([
            ['warning', 'No report from the reader for 24 hours: attempt 1 failed; the reader will try again (1 retry left).'],
            ['error', 'No report from the reader for 24 hours: failed 2 times; no retry left.'],
        ]);
        expect(await deployment(d.id)).toMatchObject({ status: 'finished', stats: { failure: 1 } });
    });

    it('a reader whose phase has not started waits; its 24 hours start with its phase', async () => {
        const [first, second] = (await readers(2)) as [TestReader, TestReader];
        const d = await schedule('silence-phased', [first, second], {
            phases: [{ share: 50 }, { start_at: new Date(Date.now() + 2 * DAY).toISOString() }],
        });
        const secondStart = d.phases[1]!.start_at;
        await runJob(at(secondStart, -SECOND));
        expect(await entryOf(d.id, first)).toMatchObject({ status: 'failure' });
        expect(await entryOf(d.id, second)).toMatchObject({ status: 'pending', failures: 0 });
        await runJob(at(secondStart, DAY - SECOND));
        expect(await entryOf(d.id, second)).toMatchObject({ status: 'pending', failures: 0 });
        expect((await deployment(d.id)).status).not.toBe('finished');
        await runJob(at(secondStart, DAY));
        expect(await entryOf(d.id, second)).toMatchObject({ status: 'failure' });
        expect((await deployment(d.id)).status).toBe('finished');
    });

    it('two instances running the job at the same moment fail each reader once, with one log line', async () => {
        // Enough readers that the two runs overlap on PostgreSQL; only two of them registered through the API.
        const registered = await readers(2);
        const rows = await silentDevices(2000);
        const d = await schedule('silence-twice', registered, { device_ids: [...registered.map(r => r.id), ...rows.map(r => r.id)] });
        const when = at(d.phases[0]!.start_at, DAY);
        await Promise.all([runJob(when), runJob(when)]);
        for (const r of registered) {
            expect(await entryOf(d.id, r)).toMatchObject({ status: 'failure', failures: 1 });
            expect(await logOf(d.id, r)).toHaveLength(1);
        }
        expect(await deployment(d.id)).toMatchObject({ status: 'finished', stats: { failure: 2002 } });
        const [lines] = await dbRows<{ n: number; most: number }>(
            p.ctx.db,
            sql`select count(*)::int as n, max(failures)::int as most from deployment_logs l
                join deployment_devices dd on dd.id = l.deployment_device_id where dd.deployment_id = ${d.id}`,
        );
        expect(lines).toEqual({ n: 2002, most: 1 });
    });

    it('a report that arrives as the reader times out wins or loses whole: never accepted and failed over', async () => {
        // The reports race a job kept busy with 1,990 silent readers, so some land while its statement runs.
        const rows = await silentDevices(990);
        const list = await readers(12);
        rows.push(...(await silentDevices(1000)));
        const d = await schedule('silence-raced', list, { device_ids: [...rows.map(r => r.id), ...list.map(r => r.id)] });
        const when = at(d.phases[0]!.start_at, DAY);
        p.clock.offsetMs = DAY;
        const [answers] = await Promise.all([Promise.all(list.map(r => report(r, d.id, 'downloading'))), runJob(when), runJob(when)]);
        for (const [i, r] of list.entries()) {
            const entry = await entryOf(d.id, r);
            const messages = (await logOf(d.id, r)).map(l => l.message);
            if (answers[i]!.statusCode === 204) {
                expect(entry).toMatchObject({ status: 'downloading', failures: 0 });
                expect(messages).toEqual(['downloading']);
            } else {
                expect(answers[i]!.statusCode).toBe(409);
                expect(entry).toMatchObject({ status: 'failure', failures: 1 });
                expect(messages).toEqual(['No report from the reader for 24 hours: marked failed.']);
            }
        }
    });

    it('the time is DEPLOYMENT_READER_TIMEOUT, said in the log in its own unit; 0 waits forever', async () => {
        expect(loadConfig({}).deploymentReaderTimeoutSeconds).toBe(24 * 3600);
        expect(loadConfig({ DEPLOYMENT_READER_TIMEOUT: '5400' }).deploymentReaderTimeoutSeconds).toBe(5400);
        const [r] = (await readers(1)) as [TestReader];
        const d = await schedule('silence-configured', [r]);
        const start = d.phases[0]!.start_at;
        await runJob(at(start, 365 * DAY), { deploymentReaderTimeoutSeconds: 0 });
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'pending', failures: 0 });
        await runJob(at(start, 90 * 60 * SECOND - SECOND), { deploymentReaderTimeoutSeconds: 5400 });
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'pending', failures: 0 });
        await runJob(at(start, 90 * 60 * SECOND), { deploymentReaderTimeoutSeconds: 5400 });
        expect(await entryOf(d.id, r)).toMatchObject({ status: 'failure' });
        expect((await logOf(d.id, r)).map(l => l.message)).toEqual(['No report from the reader for 90 minutes: marked failed.']);
    });
});
