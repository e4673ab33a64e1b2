import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
    isFinalDeviceStatus,
    type DeploymentDeviceRecord,
    type DeploymentRecord,
    type DeviceDeploymentStatus,
} from '../../../contract/firmware';
import { Fleet } from '../../../server/demo/fleet/fleet';
import { firmwarePlugin, type FirmwarePlugin } from '../../../server/demo/fleet/firmware';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { rootfsArtifact, tempDir } from './artifacts';
import { upload } from './helpers';

/**
 * A deployment in two phases to 20 simulated readers, end to end over HTTP:
 * the readers poll, download, verify, install (some fail), reboot and report
 * as the firmware plugin of the simulator makes them. It must finish with
 * the second phase's readers starting only once their phase began, failed
 * installs retried up to the limit and no further, and the status page's
 * figures equal to what the readers themselves reported.
 */

const READERS = 20;
const PHASE_GAP_MS = 6000;
let p: TestPlatform;
let admin: ApiCaller;
let token: string;
let fleet: Fleet;
let plugin: FirmwarePlugin;
let dir: string;

/** Readers that fail every attempt, and readers that fail their first only (by hardware id). */
const ALWAYS_FAILS = new Set(['FLT-00003', 'FLT-00014']);
const FAILS_ONCE = new Set(['FLT-00005', 'FLT-00011', 'FLT-00018']);

const waitFor = async <T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
        const value = await check();
        if (value !== undefined) return value;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise(r => setTimeout(r, 250));
    }
};

beforeAll(async () => {
    p = await startPlatform({ deviceHeartbeatSeconds: 1 });
    token = await p.login(ADMIN.email);
    admin = (method, url, payload) => p.call(token, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
    await p.app.listen({ port: 0, host: '127.0.0.1' });
    const address = p.app.server.address() as { port: number };
    dir = tempDir();
    const account = p.demo.customers[0].id;
    const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code;
    plugin = firmwarePlugin({
        installMs: 200,
        rebootMs: 1500,
        fails: (reader, attempt) =>
            ALWAYS_FAILS.has(reader.identity.hardwareId) || (FAILS_ONCE.has(reader.identity.hardwareId) && attempt === 1),
    });
    fleet = new Fleet({
        url: `http://127.0.0.1:${address.port}`,
        devices: READERS,
        seed: 'firmware-fleet-test',
        prefix: 'FLT',
        registrationCode: code,
        rampMs: 500,
        readerPlugins: [plugin],
    }).start();
    // The readers register and wait; the administrator approves them.
    const pending = await waitFor('the readers to register', async () => {
        const list = (await admin('GET', `/devices?account_id=${account}&status=pending&per_page=100`)).json().result as { id: number }[];
        return list.length === READERS ? list : undefined;
    });
    for (const device of pending)
        expect((await admin('PUT', `/devices/${device.id}/approve`, { account_id: account })).statusCode).toBe(200);
    await waitFor('the readers to get their keys', async () => (fleet.readers.every(r => r.approved) ? true : undefined));
}, 120_000);

afterAll(async () => {
    await fleet?.stop();
    await plugin?.idle();
    await p?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('runs to finished: phases on time, failures retried to the limit, the status page equal to the readers’ reports', async () => {
    const account = p.demo.customers[0].id;
    const file = fs.readFileSync(
        rootfsArtifact(dir, { name: 'release-5.0', deviceTypes: ['rock-gen2', 'rock-gen3', 'rock-mini'], payloadBytes: 256 * 1024 }),
    );
    const artifact = (await upload(p, token, account, file)).json();
    const devices = (await admin('GET', `/devices?account_id=${account}&per_page=100&sort=%2Bid`)).json().result as {
        id: number;
        hardware_id: string;
    }[];
    const secondStart = new Date(Date.now() + PHASE_GAP_MS);
    const created = await admin('POST', '/deployments', {
        name: 'release-5.0-rollout',
        artifact_id: artifact.id,
        device_ids: devices.map(d => d.id),
        phases: [{ share: 50 }, { start_at: secondStart.toISOString() }],
        retries: 1,
        account_id: account,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as DeploymentRecord).id;

    const finished = await waitFor(
        'the deployment to finish',
        async () => {
            const d = (await admin('GET', `/deployments/${id}`)).json() as DeploymentRecord;
            return d.status === 'finished' ? d : undefined;
        },
        90_000,
    );
    await plugin.idle();

    const entries = (await admin('GET', `/deployments/${id}/devices?per_page=100`)).json().result as DeploymentDeviceRecord[];
    expect(entries).toHaveLength(READERS);
    const mine = plugin.reports.filter(r => r.deploymentId === id && r.reply === 204);

    // Phase times: phase 0 readers started before phase 1 was due; no phase 1 reader asked before its start.
    const firstReport = (hardwareId: string) => Math.min(...mine.filter(r => r.hardwareId === hardwareId).map(r => r.at));
    const second = entries.filter(e => e.phase === 1);
    expect(second).toHaveLength(READERS / 2);
    for (const e of second) {
        expect(firstReport(e.hardware_id), e.hardware_id).toBeGreaterThanOrEqual(secondStart.getTime());
        expect(Date.parse(e.started_at!), e.hardware_id).toBeGreaterThanOrEqual(secondStart.getTime());
    }
    expect(Math.min(...entries.filter(e => e.phase === 0).map(e => firstReport(e.hardware_id)))).toBeLessThan(secondStart.getTime());
    expect(finished.phases.map(ph => ph.device_count)).toEqual([10, 10]);

    // Retries: the ones that always fail tried twice (1 retry) and stopped; the ones that failed once succeeded on their second attempt.
    const attempts = (hardwareId: string) =>
        mine.filter(r => r.hardwareId === hardwareId && r.status === 'downloading').map(r => r.attempt);
    for (const hw of ALWAYS_FAILS) {
        expect(attempts(hw), hw).toEqual([1, 2]);
        expect(entries.find(e => e.hardware_id === hw)).toMatchObject({ status: 'failure', failures: 2 });
    }
    for (const hw of FAILS_ONCE) {
        expect(attempts(hw), hw).toEqual([1, 2]);
        expect(entries.find(e => e.hardware_id === hw)).toMatchObject({ status: 'success', failures: 1 });
    }
    for (const e of entries.filter(e => !ALWAYS_FAILS.has(e.hardware_id) && !FAILS_ONCE.has(e.hardware_id)))
        expect(attempts(e.hardware_id), e.hardware_id).toEqual([1]);

    // The figures: each reader's last report is its status on the page, and the counts add up.
    const lastReport = new Map<string, DeviceDeploymentStatus>();
    for (const r of mine) lastReport.set(r.hardwareId, r.status);
    const counted: Partial<Record<DeviceDeploymentStatus, number>> = {};
    for (const status of lastReport.values()) counted[status] = (counted[status] ?? 0) + 1;
    for (const e of entries) {
        expect(e.status, e.hardware_id).toBe(lastReport.get(e.hardware_id));
        expect(isFinalDeviceStatus(e.status)).toBe(true);
    }
    expect(finished.stats).toMatchObject({ success: 18, failure: 2, pending: 0, downloading: 0, installing: 0, rebooting: 0 });
    expect(counted).toEqual({ success: finished.stats.success, failure: finished.stats.failure });
    for (const phase of finished.phases) {
        const inPhase = entries.filter(e => e.phase === phase.number);
        expect(phase.stats.success + phase.stats.failure).toBe(inPhase.length);
        expect(phase.stats.success).toBe(inPhase.filter(e => lastReport.get(e.hardware_id) === 'success').length);
    }

    // The readers run what they reported, and the platform's installed-firmware counts say so after their next heartbeat.
    for (const reader of fleet.readers)
        expect(reader.release, reader.identity.hardwareId).toBe(
            ALWAYS_FAILS.has(reader.identity.hardwareId) ? reader.identity.release : 'release-5.0',
        );
    const installed = await waitFor(
        'the releases to be heartbeated',
        async () => {
            // One row per release and board type.
            const counts = (await admin('GET', `/devices/installed_firmware?account_id=${account}`)).json().result as {
                release: string;
                count: number;
            }[];
            return counts.filter(c => c.release === 'release-5.0').reduce((n, c) => n + c.count, 0) === 18 ? counts : undefined;
        },
        15_000,
    );
    expect(installed.reduce((n, c) => n + c.count, 0)).toBe(READERS);
}, 150_000);
