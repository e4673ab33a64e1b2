import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_MESSAGES, FIRMWARE_MESSAGES, type DeploymentRecord } from '../../../contract/firmware';
import { advanceDeployments } from '../../../server/resources/deployments/queries';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { rootfsArtifact, tempDir } from './artifacts';
import { approvedReader, upload, type TestReader } from './helpers';

/**
 * Scheduling an update and what readers see of it through the device API:
 * phases, compatibility, the download link only the reader it is deployed
 * to can use, reports, retries, already-installed and noartifact, abort.
 */

let p: TestPlatform;
let admin: ApiCaller;
let token: string;
let dir: string;
let file: Buffer;
let artifactId: number;
let gen2: TestReader[];
let mini: TestReader;
let elsewhere: TestReader;
const customer = () => p.demo.customers[0].id;

beforeAll(async () => {
    p = await startPlatform();
    token = await p.login(ADMIN.email);
    admin = (method, url, payload) => p.call(token, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
    dir = tempDir();
    file = fs.readFileSync(rootfsArtifact(dir, { name: 'release-4.0', deviceTypes: ['rock-gen2', 'rock-gen3'] }));
    const res = await upload(p, token, p.demo.dealer.id, file);
    expect(res.statusCode).toBe(201);
    artifactId = res.json().id;
    gen2 = [];
    for (let i = 0; i < 6; i++) gen2.push(await approvedReader(p, admin, customer(), 'rock-gen2'));
    mini = await approvedReader(p, admin, customer(), 'rock-mini');
    elsewhere = await approvedReader(p, admin, p.demo.customers[1].id, 'rock-gen2');
}, 120_000);
afterAll(async () => {
    await p?.close();
    fs.rmSync(dir, { recursive: true, force: true });
});

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const schedule = (body: Record<string, unknown>) =>
    admin('POST', '/deployments', { name: 'rollout-4.0', artifact_id: artifactId, phases: [{}], account_id: customer(), ...body });
const deployment = async (id: number) => (await admin('GET', `/deployments/${id}`)).json() as DeploymentRecord;
const entries = async (id: number) =>
    (await admin('GET', `/deployments/${id}/devices?per_page=100`)).json().result as {
        id: number;
        device_id: number;
        status: string;
        failures: number;
        phase: number;
    }[];
const statusOf = async (id: number, reader: TestReader) => (await entries(id)).find(e => e.device_id === reader.id)!;
const next = (reader: TestReader, release = '1.0.0', type?: string) =>
    reader.call('GET', `/deployments/next?artifact_name=${release}${type ? `&device_type=${type}` : ''}`);
const report = (reader: TestReader, id: number, status: string, message = status) =>
    reader.call('PUT', `/deployments/${id}/status`, { status, log: [{ timestamp: new Date().toISOString(), level: 'info', message }] });

describe('scheduling', () => {
    it('checks the form: name, devices, phases (SPEC 5)', async () => {
        const named = await schedule({ name: 'rollout 4.0', device_ids: [gen2[0]!.id] });
        expect(named.statusCode).toBe(400);
        expect(named.json().fields.name).toBe(DEPLOYMENT_MESSAGES.name);
        expect((await schedule({ device_ids: [] })).json().fields.device_ids).toBe(DEPLOYMENT_MESSAGES.devicesRequired);
        expect((await schedule({ device_ids: [gen2[0]!.id], phases: [{ share: 60 }, { share: 40 }, {}] })).json().fields.phases).toBe(
            DEPLOYMENT_MESSAGES.shares,
        );
        expect(
            (await schedule({ device_ids: [gen2[0]!.id], phases: [{ start_at: later(60_000) }, { start_at: later(1000) }] })).json().fields[
                'phases.1.start_at'
            ],
        ).toBe(DEPLOYMENT_MESSAGES.startOrder);
        const firmwareMissing = await admin('POST', '/deployments', {
            name: 'x',
            device_ids: [gen2[0]!.id],
            phases: [{}],
            account_id: customer(),
        });
        expect(firmwareMissing.json().fields.artifact_id).toBe(DEPLOYMENT_MESSAGES.firmwareRequired);
    });

    it('only compatible, approved devices of the account can be chosen', async () => {
        const incompatible = await schedule({ device_ids: [gen2[0]!.id, mini.id] });
        expect(incompatible.statusCode).toBe(400);
        expect(incompatible.json().fields.device_ids).toBe(DEPLOYMENT_MESSAGES.incompatible);
        // A reader of the neighbouring customer is not in this account.
        expect((await schedule({ device_ids: [elsewhere.id] })).json().fields.device_ids).toBe(DEPLOYMENT_MESSAGES.notFound);
        const candidates = (
            await admin('GET', `/deployments/candidates?artifact_id=${artifactId}&account_id=${customer()}&per_page=100`)
        ).json();
        expect(candidates.result.map((d: { id: number }) => d.id).sort()).toEqual(gen2.map(r => r.id).sort());
        expect(candidates.result.every((d: { board_type: string }) => d.board_type === 'rock-gen2')).toBe(true);
    });

    it('counts, for each firmware the account may use, the readers a deployment of it may target there', async () => {
        const unfit = await upload(
            p,
            token,
            p.demo.dealer.id,
            fs.readFileSync(rootfsArtifact(dir, { name: 'release-x', deviceTypes: ['rock-x'] })),
        );
        expect(unfit.statusCode).toBe(201);
        const counts = async (account: number) =>
            new Map(
                (
                    (await admin('GET', `/deployments/candidates/counts?account_id=${account}`)).json().result as {
                        artifact_id: number;
                        readers: number;
                    }[]
                ).map(c => [c.artifact_id, c.readers]),
            );
        // the six rock-gen2 readers of the customer, not its rock-mini nor the neighbour's rock-gen2
        const here = await counts(customer());
        expect(here.get(artifactId)).toBe(gen2.length);
        expect(here.get(unfit.json().id)).toBe(0);
        expect((await counts(p.demo.customers[1].id)).get(artifactId)).toBe(1);
        // a customer's moderator asks in its own account, and sees the same figure
        const moderator = await p.as('moderator@contoso-offices.example');
        expect((await moderator('GET', '/deployments/candidates/counts')).json().result).toContainEqual({
            artifact_id: artifactId,
            readers: gen2.length,
        });
    });

    it('spreads the devices over the phases, the last taking the rest, and lists the deployment by its state', async () => {
        const res = await schedule({
            name: 'rollout-4.0-phased',
            device_ids: gen2.slice(0, 4).map(r => r.id),
            phases: [{ share: 25 }, { start_at: later(3600_000) }],
        });
        expect(res.statusCode).toBe(201);
        const d = res.json() as DeploymentRecord;
        expect(d).toMatchObject({ status: 'pending', device_count: 4, artifact_name: 'release-4.0', stats: { pending: 4 } });
        expect(d.phases.map(ph => [ph.device_count, ph.started, ph.share])).toEqual([
            [1, true, 25],
            [3, false, null],
        ]);
        const active = (await admin('GET', `/deployments?account_id=${customer()}&group=active`))
            .json()
            .result.map((x: { id: number }) => x.id);
        expect(active).toContain(d.id);
        const future = (
            await schedule({ name: 'rollout-later', device_ids: [gen2[5]!.id], phases: [{ start_at: later(3600_000) }] })
        ).json();
        expect(future.status).toBe('scheduled');
        const scheduled = (await admin('GET', `/deployments?account_id=${customer()}&group=scheduled`))
            .json()
            .result.map((x: { id: number }) => x.id);
        expect(scheduled).toEqual([future.id]);
        expect((await admin('PUT', `/deployments/${future.id}/abort`, { account_id: customer() })).json().status).toBe('aborted');
        expect((await admin('PUT', `/deployments/${d.id}/abort`, { account_id: customer() })).statusCode).toBe(200);
    });

    it('chooses by filter every approved compatible device that matches', async () => {
        const res = await schedule({ name: 'by-filter', filter: { q: gen2[1]!.hardwareId } });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ device_count: 1, filter: { q: gen2[1]!.hardwareId } });
        expect((await schedule({ name: 'by-filter', filter: { board_type: 'rock-mini' } })).json().fields.filter).toBe(
            DEPLOYMENT_MESSAGES.noDevices,
        );
        await admin('PUT', `/deployments/${res.json().id}/abort`, { account_id: customer() });
    });
});

describe('readers take part', () => {
    it('a reader of a started phase gets the update, downloads it with its own key, reports each step; the rest wait', async () => {
        const [a, b] = gen2;
        const d = (
            await schedule({ name: 'two-phases', device_ids: [a!.id, b!.id], phases: [{ share: 50 }, { start_at: later(3600_000) }] })
        ).json() as DeploymentRecord;
        const offered = await next(a!);
        expect(offered.statusCode).toBe(200);
        const instructions = offered.json();
        expect(instructions).toMatchObject({
            id: d.id,
            attempt: 1,
            artifact: { id: artifactId, name: 'release-4.0', size: file.length, device_types: ['rock-gen2', 'rock-gen3'] },
        });
        // b's phase has not started: nothing for it, and the file is not its to fetch.
        expect((await next(b!)).statusCode).toBe(204);
        const path = new URL(instructions.artifact.uri).pathname.replace('/api/v2/device', '');
        expect((await b!.call('GET', path)).statusCode).toBe(404);
        expect((await elsewhere.call('GET', path)).statusCode).toBe(404);
        expect((await p.call(token, { method: 'GET', url: `/api/v2/device${path}` })).statusCode).toBe(401);
        const download = await a!.call('GET', path);
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(file)).toBe(true);

        expect((await report(a!, d.id, 'downloading')).statusCode).toBe(204);
        expect((await deployment(d.id)).status).toBe('in_progress');
        for (const step of ['installing', 'rebooting', 'success']) expect((await report(a!, d.id, step)).statusCode).toBe(204);
        expect((await statusOf(d.id, a!)).status).toBe('success');
        expect((await report(a!, d.id, 'failure')).statusCode).toBe(409);
        // Once the second phase starts, b takes part; its success finishes the deployment.
        p.clock.offsetMs = 2 * 3600_000;
        try {
            expect((await next(b!)).json().id).toBe(d.id);
            for (const step of ['downloading', 'installing', 'rebooting', 'success']) await report(b!, d.id, step);
        } finally {
            p.clock.offsetMs = 0;
        }
        const done = await deployment(d.id);
        expect(done).toMatchObject({ status: 'finished', stats: { success: 2 } });
        expect(done.finished_at).not.toBeNull();
        // The download link dies with the deployment.
        expect((await a!.call('GET', path)).statusCode).toBe(404);
        const entry = (await entries(d.id)).find(e => e.device_id === a!.id)!;
        const log = (await admin('GET', `/deployments/${d.id}/logs/${entry.id}`)).json().result.map((l: { message: string }) => l.message);
        expect(log).toEqual(['downloading', 'installing', 'rebooting', 'success']);
    });

    it('a reader that runs the release already is marked already-installed; one of another type noartifact', async () => {
        const [, , c, e] = gen2;
        const d = (await schedule({ name: 'already', device_ids: [c!.id, e!.id] })).json() as DeploymentRecord;
        expect((await next(c!, 'release-4.0')).statusCode).toBe(204);
        expect((await statusOf(d.id, c!)).status).toBe('already-installed');
        // The reader says it is now another device type: nothing in this deployment fits it.
        expect((await next(e!, '1.0.0', 'rock-mini')).statusCode).toBe(204);
        expect((await statusOf(d.id, e!)).status).toBe('noartifact');
        expect(await deployment(d.id)).toMatchObject({ status: 'finished', stats: { 'already-installed': 1, noartifact: 1 } });
    });

    it('a failure is retried while retries are left, then stays a failure', async () => {
        const [a] = gen2;
        const d = (await schedule({ name: 'retried', device_ids: [a!.id], retries: 1 })).json() as DeploymentRecord;
        expect((await next(a!, 'release-3.9')).json().attempt).toBe(1);
        await report(a!, d.id, 'downloading');
        await report(a!, d.id, 'failure', 'write error');
        expect(await statusOf(d.id, a!)).toMatchObject({ status: 'pending', failures: 1 });
        expect((await deployment(d.id)).status).toBe('in_progress');
        expect((await next(a!, 'release-3.9')).json().attempt).toBe(2);
        await report(a!, d.id, 'failure', 'write error again');
        // why it failed, in the reader's words, on its row
        expect(await statusOf(d.id, a!)).toMatchObject({ status: 'failure', failures: 2, failure_reason: 'write error again' });
        expect(await deployment(d.id)).toMatchObject({ status: 'finished', stats: { failure: 1 } });
        expect((await next(a!, 'release-3.9')).statusCode).toBe(204);
        const entry = (await entries(d.id))[0]!;
        const log = (await admin('GET', `/deployments/${d.id}/logs/${entry.id}`)).json().result.map((l: { message: string }) => l.message);
        expect(log).toEqual([
            'downloading',
            'write error',
            'Attempt 1 failed; the reader will try again (1 retry left).',
            'write error again',
            'Failed 2 times; no retry left.',
        ]);
    });

    it('abort stops what has not finished: no more offers, reports refused, the link closed', async () => {
        const [a, b] = gen2;
        const d = (await schedule({ name: 'aborted', device_ids: [a!.id, b!.id] })).json() as DeploymentRecord;
        const offer = (await next(a!, 'release-3.9')).json();
        await report(a!, d.id, 'downloading');
        await report(b!, d.id, 'downloading');
        for (const step of ['installing', 'rebooting', 'success']) await report(b!, d.id, step);
        const aborted = (await admin('PUT', `/deployments/${d.id}/abort`, { account_id: customer() })).json() as DeploymentRecord;
        expect(aborted).toMatchObject({ status: 'aborted', stats: { aborted: 1, success: 1 } });
        expect((await report(a!, d.id, 'installing')).statusCode).toBe(409);
        expect((await next(a!, 'release-3.9')).statusCode).toBe(204);
        expect((await a!.call('GET', new URL(offer.artifact.uri).pathname.replace('/api/v2/device', ''))).statusCode).toBe(404);
        expect((await admin('PUT', `/deployments/${d.id}/abort`, { account_id: customer() })).json().error).toBe(
            DEPLOYMENT_MESSAGES.notAbortable,
        );
    });

    it('a reader cannot report on a deployment that is not its own', async () => {
        const d = (await schedule({ name: 'not-yours', device_ids: [gen2[0]!.id] })).json() as DeploymentRecord;
        expect((await report(gen2[1]!, d.id, 'downloading')).statusCode).toBe(404);
        expect((await report(elsewhere, d.id, 'success')).statusCode).toBe(404);
        await admin('PUT', `/deployments/${d.id}/abort`, { account_id: customer() });
    });
});

describe('firmware and deployments together', () => {
    it('firmware in use by a deployment that has not finished cannot be deleted; the history keeps its name', async () => {
        const own = fs.readFileSync(rootfsArtifact(dir, { name: 'release-4.1', deviceTypes: ['rock-gen2'] }));
        const artifact = (await upload(p, token, customer(), own)).json();
        const d = (
            await admin('POST', '/deployments', {
                name: 'in-use',
                artifact_id: artifact.id,
                device_ids: [gen2[0]!.id],
                phases: [{}],
                account_id: customer(),
            })
        ).json();
        const refused = await admin('DELETE', `/artifacts/${artifact.id}`, { account_id: customer() });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(FIRMWARE_MESSAGES.inUse);
        await admin('PUT', `/deployments/${d.id}/abort`, { account_id: customer() });
        expect((await admin('DELETE', `/artifacts/${artifact.id}`, { account_id: customer() })).statusCode).toBe(204);
        expect(await deployment(d.id)).toMatchObject({ artifact_id: null, artifact_name: 'release-4.1', status: 'aborted' });
    });

    it('firmware whose signature the account’s keys do not verify cannot be deployed', async () => {
        const key = await admin('POST', '/firmware_keys', {
            name: 'Signing',
            pem: (await import('node:crypto'))
                .generateKeyPairSync('ec', { namedCurve: 'P-256' })
                .publicKey.export({ type: 'spki', format: 'pem' })
                .toString(),
            account_id: customer(),
        });
        expect(key.statusCode).toBe(201);
        const res = await schedule({ name: 'unverified', device_ids: [gen2[0]!.id] });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(DEPLOYMENT_MESSAGES.unverified);
        expect((await admin('DELETE', `/firmware_keys/${key.json().id}`, { account_id: customer() })).statusCode).toBe(204);
    });

    it('the phase job shows a scheduled deployment pending once it starts, and lets go of deleted readers', async () => {
        const lonely = await approvedReader(p, admin, customer(), 'rock-gen3');
        const d = (
            await schedule({ name: 'job', device_ids: [lonely.id], phases: [{ start_at: later(1000) }] })
        ).json() as DeploymentRecord;
        expect(d.status).toBe('scheduled');
        p.clock.offsetMs = 5000;
        try {
            await advanceDeployments(p.ctx.db, p.ctx.now(), p.ctx.config.deploymentReaderTimeoutSeconds);
            expect((await deployment(d.id)).status).toBe('pending');
            expect(
                (await admin('GET', `/deployments?account_id=${customer()}&group=active`)).json().result.map((x: { id: number }) => x.id),
            ).toContain(d.id);
        } finally {
            p.clock.offsetMs = 0;
        }
        expect((await admin('DELETE', `/devices/${lonely.id}`, { account_id: customer() })).statusCode).toBe(204);
        await advanceDeployments(p.ctx.db, new Date(), p.ctx.config.deploymentReaderTimeoutSeconds);
        expect(await deployment(d.id)).toMatchObject({ status: 'finished', stats: { aborted: 1 } });
        expect((await entries(d.id))[0]).toMatchObject({ device_id: null, status: 'aborted' });
    });
});
