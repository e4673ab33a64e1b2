// npm run test:failover   (node --import tsx scripts/failover.ts)
//
// Two server instances on one PostgreSQL database, behind Debian's haproxy
// running docs/haproxy.cfg. A simulated fleet of readers and a live console
// go through the balancer; the instance holding the console's live feed is
// SIGKILLed. Then: readers carried on, every event acknowledged to a reader
// is stored once, the console's feed resumed without a gap or a duplicate,
// and the offline detection ran once per silent reader across the two
// instances. Prints each check; exits 0 only when all passed.
// TEST_DATABASE_URL: a PostgreSQL server whose user may create databases.
// --object-storage: the instances share no folder; each has its own DATA_DIR
// and the files are in one S3 bucket (s3rver, started here), and every
// acknowledged event's image must read back through the survivor.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DeviceEventsReply } from '../contract/device-events';
import { scratchDatabase } from '../server/db/scratch';
import { eventsPlugin } from '../server/demo/fleet/events';
import { Fleet } from '../server/demo/fleet/fleet';
import { parseArgs } from 'node:util';
import { S3RVER, startS3Server } from '../tests/server/storage/s3Server';
import { freePort } from './freePort';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.TEST_DATABASE_URL) {
    process.stderr.write(
        'Set TEST_DATABASE_URL to a PostgreSQL server whose user may create databases, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run test:failover\n',
    );
    process.exit(2);
}
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const OBJECT_STORAGE = parseArgs({ options: { 'object-storage': { type: 'boolean', default: false } } }).values['object-storage'];
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const ADMIN = { email: 'root@failover.test', password: 'Failover#Pass1' };
const READERS = 12;
/** events per second over the fleet (FAILOVER_EVENT_RATE): more makes concurrent batches, and their commits, more frequent */
const EVENT_RATE = Number(process.env.FAILOVER_EVENT_RATE ?? 20);
const HEARTBEAT_SECONDS = 2;
/** a reader is offline after this long silent: more than a heartbeat missed at the kill and its retry */
const OFFLINE_SECONDS = 8;
/** requests in flight at the kill, and those sent before haproxy's checks take the instance out, may fail */
const KILL_WINDOW_MS = 3000;

/** readers' event batches under way: the kill is timed to hit some */
let postsInFlight = 0;
/** readers' requests that got no answer or a 5xx: when they started and ended, and the events of a batch */
const failures: { path: string; startedAt: number; endedAt: number; outcome: string; events: string[] }[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
    const url = String(input);
    const device = url.includes('/api/v2/device/');
    const posting = init?.method === 'POST' && url.endsWith('/device/events');
    const startedAt = Date.now();
    const failed = (outcome: string) => {
        const batch = posting && init?.body instanceof FormData ? init.body.get('events') : null;
        const events = typeof batch === 'string' ? (JSON.parse(batch) as { device_event_id: string }[]).map(e => e.device_event_id) : [];
        failures.push({ path: new URL(url).pathname, startedAt, endedAt: Date.now(), outcome, events });
    };
    if (posting) postsInFlight++;
    try {
        const res = await realFetch(input, init);
        if (device && res.status >= 500) failed(String(res.status));
        return res;
    } catch (error) {
        if (device) failed((error as Error).message);
        throw error;
    } finally {
        if (posting) postsInFlight--;
    }
};

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);

const waitFor = async <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, everyMs = 200) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const found = await probe();
        if (found !== undefined && found !== false) return found;
        if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
        await sleep(everyMs);
    }
};

interface Child {
    name: string;
    child: ChildProcess;
    output: () => string;
    exited: Promise<number | null>;
}

const launch = (name: string, command: string, args: string[], env: Record<string, string>): Child => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', d => (output += d));
    child.stderr!.on('data', d => (output += d));
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
    return { name, child, output: () => output, exited };
};

/** One server instance, as `npm start` runs it, without the demo. */
const startInstance = async (name: string, port: number, env: Record<string, string>) => {
    const instance = launch(name, process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO: '0',
        DEMO_FLEET: '0',
        JOBS: '1',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '1',
        DEVICE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
        DEVICE_OFFLINE_SECONDS: String(OFFLINE_SECONDS),
        BACKUP_EVERY_HOURS: '0',
        ...env,
    });
    await Promise.race([
        waitFor(`${name} ready`, () => instance.output().includes('Sign in as'), 90_000),
        instance.exited.then(code => Promise.reject(new Error(`${name} exited with ${code}: ${instance.output()}`))),
    ]);
    return { ...instance, address: `127.0.0.1:${port}` };
};

/** haproxy's status page as CSV: each server's state and sessions so far. */
const haproxyServers = async (statsUrl: string) => {
    const text = await (await fetch(`${statsUrl}/;csv`)).text();
    const [header, ...lines] = text.trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const col = (name: string) => columns.indexOf(name);
    const servers = new Map<string, { status: string; sessions: number }>();
    for (const line of lines) {
        const f = line.split(',');
        if (f[col('pxname')] === 'instances' && f[col('svname')]!.startsWith('app'))
            servers.set(f[col('svname')]!, { status: f[col('status')]!, sessions: Number(f[col('stot')]) });
    }
    return servers;
};

/**
 * The console's live feed as a browser's EventSource follows it: on a broken
 * stream it waits the server's `retry` and connects again with Last-Event-ID,
 * through the balancer.
 */
class LiveConsole {
    readonly ids: number[] = [];
    readonly reloads: number[] = [];
    connections = 0;
    private lastEventId: string | undefined;
    private retryMs = 3000;
    private stopped = false;
    private controller = new AbortController();
    private readonly loop: Promise<void>;
    private ready!: () => void;
    readonly firstReady = new Promise<void>(resolve => (this.ready = resolve));

    constructor(
        private readonly url: string,
        private readonly token: string,
    ) {
        this.loop = this.run();
    }

    private async run() {
        while (!this.stopped) {
            try {
                const res = await fetch(this.url, {
                    headers: {
                        authorization: `Bearer ${this.token}`,
                        accept: 'text/event-stream',
                        ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
                    },
                    signal: this.controller.signal,
                });
                if (res.status === 200 && res.body) {
                    this.connections++;
                    await this.read(res.body as unknown as AsyncIterable<Uint8Array>);
                }
            } catch {
                // the stream broke (its instance is gone) or was stopped
            }
            if (!this.stopped) await sleep(this.retryMs);
        }
    }

    private async read(body: AsyncIterable<Uint8Array>) {
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of body) {
            buffer += decoder.decode(chunk, { stream: true });
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                let event = 'message';
                let id: string | undefined;
                for (const line of block.split('\n')) {
                    if (line.startsWith('event: ')) event = line.slice(7);
                    else if (line.startsWith('id: ')) id = line.slice(4);
                    else if (line.startsWith('retry: ')) this.retryMs = Number(line.slice(7));
                }
                if (id !== undefined) this.lastEventId = id;
                if (event === 'ready') this.ready();
                if (event === 'event') this.ids.push(Number(id));
                if (event === 'reload') this.reloads.push(Date.now());
            }
        }
    }

    async stop() {
        this.stopped = true;
        this.controller.abort();
        await this.loop;
    }
}

interface Check {
    name: string;
    ok: boolean;
    detail: string;
}
type CheckFn = (name: string, ok: boolean, detail: string) => void;

/** What the run has started, for its end (or a signal) to stop. */
interface Running {
    children: Child[];
    cleanups: (() => Promise<unknown>)[];
    fleet?: Fleet;
    live?: LiveConsole;
}

const main = async () => {
    const checks: Check[] = [];
    const check: CheckFn = (name, ok, detail) => {
        checks.push({ name, ok, detail });
        say(`${ok ? '✓' : '✗'} ${name}: ${detail}`);
    };
    const running: Running = { children: [], cleanups: [] };
    const started = Date.now();
    stopOnSignal(running);
    try {
        await failover(running, check, started);
    } catch (error) {
        check('the run', false, (error as Error).stack ?? String(error));
    } finally {
        await stopAll(running);
    }
    const failed = checks.filter(c => !c.ok);
    if (failed.length)
        for (const c of running.children) {
            const out = c.output().trim();
            if (out) say(`\n--- ${c.name} ---\n${out.split('\n').slice(-40).join('\n')}`);
        }
    say(`\n${checks.length - failed.length} of ${checks.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(failed.length ? 1 : 0);
};

/** Stopped from outside (a CI timeout, Ctrl-C): the instances and haproxy go too, and the scratch database with them. */
const stopOnSignal = ({ children, cleanups }: Running) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.once(signal, () => {
            for (const c of children) c.child.kill('SIGKILL');
            void (async () => {
                for (const cleanup of cleanups) await cleanup().catch(() => undefined);
            })().finally(() => process.exit(1));
        });
};

const stopAll = async ({ fleet, live, children, cleanups }: Running) => {
    await fleet?.stop().catch(() => undefined);
    await live?.stop().catch(() => undefined);
    for (const c of children.reverse()) {
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
        const exited = await Promise.race([c.exited.then(() => true), sleep(10_000).then(() => false)]);
        if (!exited) c.child.kill('SIGKILL');
    }
    for (const cleanup of cleanups) await cleanup().catch(error => say(`cleanup: ${(error as Error).message}`));
};

/** The run: the platform up, the console and the readers on it, the kill, then the checks. */
const failover = async (running: Running, check: CheckFn, started: number) => {
    const platform = await startPlatform(running, started);
    const api = await signIn(platform.balancer);
    const feed = await openLiveFeed(running, platform, api.token);
    const traffic = await startTraffic(running, platform.balancer, api.call, started);
    const kill = await killDuringTraffic(platform, traffic, feed.holder, started);
    const run = await endRun(running, platform.sql, feed.before);
    const forwarded = await registerForwarded(platform.balancer, api.call);

    say('');
    await checkBalancer(check, platform, feed, kill, forwarded);
    checkReaders(check, traffic, kill);
    await checkEvents(check, platform.sql, traffic);
    if (OBJECT_STORAGE) await checkImages(check, platform, api.token, traffic);
    checkLiveFeed(check, running.live!, feed.holder, run);
    await checkOfflineDetection(check, platform.sql, traffic, run.cutoff);
};

type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** A folder of the run's, removed at its end. */
const scratchFolder = (cleanups: Running['cleanups']) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-failover-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
};

/**
 * Where each instance keeps its data and files: one DATA_DIR shared by both, or (--object-storage) a DATA_DIR each
 * and one bucket on an S3-protocol server started for the run.
 */
const instanceFolders = async (cleanups: Running['cleanups']): Promise<[Record<string, string>, Record<string, string>]> => {
    if (!OBJECT_STORAGE) {
        const shared = { DATA_DIR: scratchFolder(cleanups) };
        return [shared, shared];
    }
    const s3 = await startS3Server('failover');
    cleanups.push(() => s3.close());
    const bucket = {
        FILES_URL: `s3://${s3.bucket}/files`,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: S3RVER.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3RVER.secretAccessKey,
    };
    say(`files in the bucket ${bucket.FILES_URL} on ${s3.endpoint}, each instance its own DATA_DIR`);
    return [
        { ...bucket, DATA_DIR: scratchFolder(cleanups) },
        { ...bucket, DATA_DIR: scratchFolder(cleanups) },
    ];
};

/** A scratch database, two instances on it sharing their files (a folder or a bucket), and haproxy in front of them. */
const startPlatform = async ({ children, cleanups }: Running, started: number) => {
    const database = await scratchDatabase(ADMIN_URL, 'failover');
    cleanups.push(database.drop);
    const [files1, files2] = await instanceFolders(cleanups);
    const sql = new pg.Pool({ connectionString: database.url, max: 4 });
    // Dropping the database at the end terminates its connections, one of ours possibly still closing: not a failure.
    sql.on('error', () => undefined);
    cleanups.unshift(() => sql.end());

    // The first migrates and seeds; the second finds it done. Both share the database and the files folder.
    const [port1, port2, listen, statsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const app1 = await startInstance('app1', port1, { DATABASE_URL: database.url, ...files1 });
    children.push(app1);
    const app2 = await startInstance('app2', port2, { DATABASE_URL: database.url, ...files2 });
    children.push(app2);
    const instances = new Map([
        ['app1', app1],
        ['app2', app2],
    ]);

    const haproxy = launch('haproxy', HAPROXY, ['-f', path.join(ROOT, 'docs/haproxy.cfg'), '-db'], {
        LISTEN: `127.0.0.1:${listen}`,
        STATS: `127.0.0.1:${statsPort}`,
        APP1: app1.address,
        APP2: app2.address,
    });
    children.push(haproxy);
    const balancer = `http://127.0.0.1:${listen}`;
    const statsUrl = `http://127.0.0.1:${statsPort}`;
    await waitFor(
        'haproxy sees both instances up',
        async () => {
            if (haproxy.child.exitCode !== null) throw new Error(`haproxy exited: ${haproxy.output()}`);
            const servers = await haproxyServers(statsUrl).catch(() => undefined);
            return servers && [...servers.values()].every(s => s.status === 'UP') && servers.size === 2;
        },
        15_000,
    );
    say(`two instances (${app1.address}, ${app2.address}) behind haproxy on ${balancer} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return { sql, instances, balancer, statsUrl };
};

type Api = (method: string, route: string, body?: unknown) => Promise<Record<string, unknown>>;

/** The administrator signed in through the balancer, and how it calls the API. */
const signIn = async (balancer: string) => {
    const login = await fetch(`${balancer}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const call: Api = async (method, route, body) => {
        const res = await fetch(`${balancer}/api/v2${route}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
        });
        if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
        return res.json() as Promise<Record<string, unknown>>;
    };
    return { token, call };
};

/** The console's live feed opened through the balancer; which instance holds it, from haproxy's session counts. */
const openLiveFeed = async (running: Running, { sql, balancer, statsUrl }: Platform, token: string) => {
    // Everything stored from here on must reach the console once.
    const before = Number((await sql.query<{ id: string }>('select coalesce(max(id), 0)::text as id from events')).rows[0]!.id);
    const sessionsBefore = await haproxyServers(statsUrl);
    const live = (running.live = new LiveConsole(`${balancer}/api/v2/events/live`, token));
    await Promise.race([live.firstReady, sleep(10_000).then(() => Promise.reject(new Error('the live feed did not open')))]);
    const sessionsAfter = await haproxyServers(statsUrl);
    const holder = [...sessionsAfter].find(([name, s]) => s.sessions > sessionsBefore.get(name)!.sessions)?.[0];
    if (!holder) throw new Error('could not tell which instance holds the live feed');
    const survivor = holder === 'app1' ? 'app2' : 'app1';
    say(`the console's live feed is on ${holder}`);
    return { before, holder, survivor };
};

type Traffic = Awaited<ReturnType<typeof startTraffic>>;

/** Readers register through the balancer, wait for approval, then heartbeat and post events with images. */
const startTraffic = async (running: Running, balancer: string, api: Api, started: number) => {
    const acknowledged: { deviceId: number; deviceEventId: string; id: number; at: number }[] = [];
    const events = eventsPlugin({
        ratePerSecond: EVENT_RATE,
        everyMs: 250,
        onAcknowledged: (reader, reply: DeviceEventsReply) => {
            for (const a of reply.accepted)
                acknowledged.push({ deviceId: reader.id!, deviceEventId: a.device_event_id, id: a.id, at: Date.now() });
        },
    });
    const fleet = (running.fleet = new Fleet({
        url: balancer,
        devices: READERS,
        seed: `failover-${process.pid}`,
        prefix: 'FAILOVER',
        rampMs: 1000,
        fleetPlugins: [events],
    }).start());
    const pending = await waitFor(
        'readers waiting for approval',
        async () => {
            const list = (await api('GET', '/devices?status=pending&per_page=100')) as { result: { id: number }[] };
            return list.result.length === READERS ? list.result : undefined;
        },
        20_000,
        500,
    );
    for (const d of pending) await api('PUT', `/devices/${d.id}/approve`, {});
    const readers = fleet.readers;
    await waitFor(
        'every reader heartbeating and events flowing',
        () => readers.every(r => r.heartbeats > 0) && events.stats.accepted > 40,
        30_000,
    );
    say(
        `${READERS} readers heartbeating every ${HEARTBEAT_SECONDS} s, posting ${EVENT_RATE} events/s (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    // One reader goes silent before the kill, another after it.
    return { fleet, acknowledged, readers, silentBefore: readers[0]!, silentAfter: readers[1]! };
};

type Kill = Awaited<ReturnType<typeof killDuringTraffic>>;

const statusOf = async (sql: pg.Pool, deviceId: number) =>
    (await sql.query<{ status: string }>('select status from devices where id = $1', [deviceId])).rows[0]!.status;

/**
 * A reader silenced while both instances run the offline detection, then the instance holding the live feed
 * SIGKILLed while readers' batches are on their way, another reader silenced, and the readers left to carry on.
 */
const killDuringTraffic = async (
    { sql, instances, statsUrl }: Platform,
    { fleet, readers, silentBefore, silentAfter }: Traffic,
    holder: string,
    started: number,
) => {
    // A reader goes silent while both instances run the offline detection (every 5 s each).
    silentBefore.silence(3600_000);
    await waitFor('the silent reader marked offline', async () => (await statusOf(sql, silentBefore.id!)) === 'offline', 30_000, 250);

    // The kill lands while readers' batches are on their way: their fate is unknown to the readers, which send them again.
    await waitFor('batches in flight', () => postsInFlight >= 2, 10_000, 1);
    const inFlightAtKill = postsInFlight;
    const killedAt = Date.now();
    const heartbeatsAtKill = readers.map(r => r.heartbeats);
    instances.get(holder)!.child.kill('SIGKILL');
    say(`SIGKILL ${holder} (${((killedAt - started) / 1000).toFixed(0)} s)`);
    // Another reader goes silent: the survivor alone detects it.
    silentAfter.silence(3600_000);
    const down = await waitFor(
        'haproxy takes the killed instance out',
        async () => ((await haproxyServers(statsUrl)).get(holder)?.status.startsWith('DOWN') ? Date.now() : undefined),
        10_000,
        100,
    );
    await sleep(Math.max(0, killedAt + KILL_WINDOW_MS - Date.now()));
    const heartbeatsAfterWindow = readers.map(r => r.heartbeats);
    await waitFor('the second silent reader marked offline', async () => (await statusOf(sql, silentAfter.id!)) === 'offline', 30_000, 250);
    await sleep(Math.max(0, killedAt + 12_000 - Date.now()));
    await fleet.stop();
    const heartbeatsAtEnd = readers.map(r => r.heartbeats);
    return { inFlightAtKill, killedAt, down, heartbeatsAtKill, heartbeatsAfterWindow, heartbeatsAtEnd };
};

/**
 * The run ends once the fleet is stopped: the readers, stopped, will be marked offline in a few seconds, and those
 * events are not the run's. The console gets a moment for the last events; the events stored meanwhile, by id.
 */
const endRun = async ({ live }: Running, sql: pg.Pool, before: number) => {
    const cutoff = Number((await sql.query<{ id: string }>('select coalesce(max(id), 0)::text as id from events')).rows[0]!.id);
    await waitFor('the console receives the last events', () => live!.ids.includes(cutoff) || undefined, 15_000, 100).catch(
        () => undefined,
    );
    await sleep(500);
    await live!.stop();
    const storedIds = (
        await sql.query<{ id: string }>('select id::text from events where id > $1 and id <= $2 order by id', [before, cutoff])
    ).rows.map(r => Number(r.id));
    return { cutoff, storedIds };
};

/** A new reader registering from another address, with a forged X-Forwarded-For: where the platform records it. */
const registerForwarded = async (balancer: string, api: Api) => {
    const registered = await new Promise<{ device_id: number }>((resolve, reject) => {
        const body = JSON.stringify({
            hardware_id: 'FAILOVER-FORWARDED',
            secret: 'a-secret-of-the-forwarded-reader',
            pairing_code: '123456',
            board_type: 'rock-gen3',
            release: '4.1.0',
        });
        const req = http.request(
            `${balancer}/api/v2/device/register`,
            {
                method: 'POST',
                localAddress: '127.0.0.2',
                headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
            },
            res => {
                let text = '';
                res.on('data', d => (text += d));
                res.on('end', () =>
                    res.statusCode === 202 || res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(text)),
                );
            },
        );
        req.on('error', reject);
        req.end(body);
    });
    return (await api('GET', `/devices/${registered.device_id}`)).ip_address;
};

/** The platform records the client's address, haproxy took the killed instance out, the survivor runs. */
const checkBalancer = async (
    check: CheckFn,
    { instances, statsUrl }: Platform,
    { holder, survivor }: { holder: string; survivor: string },
    { down, killedAt }: Kill,
    forwarded: unknown,
) => {
    check(
        "the instances see the client's address, not haproxy's nor a forged one",
        forwarded === '127.0.0.2',
        `a reader registering from 127.0.0.2 with X-Forwarded-For: 203.0.113.9 is recorded at ${String(forwarded)}`,
    );
    const servers = await haproxyServers(statsUrl);
    check(
        'haproxy took the killed instance out, the other stayed up',
        servers.get(holder)!.status.startsWith('DOWN') && servers.get(survivor)!.status === 'UP',
        `${holder} ${servers.get(holder)!.status} ${((down - killedAt) / 1000).toFixed(1)} s after the kill, ${survivor} ${servers.get(survivor)!.status}`,
    );
    check(
        'the survivor kept running',
        instances.get(survivor)!.child.exitCode === null,
        `${survivor} ${instances.get(survivor)!.child.exitCode === null ? 'running' : `exited ${instances.get(survivor)!.child.exitCode}`}`,
    );
};

/** The readers that were not silenced. */
const talkingReaders = ({ readers, silentBefore, silentAfter }: Traffic) =>
    readers.map((r, i) => ({ r, i })).filter(({ r }) => r !== silentBefore && r !== silentAfter);

/** Readers heartbeated and posted through the kill; their requests failed only around it, and what failed was sent again. */
const checkReaders = (check: CheckFn, traffic: Traffic, kill: Kill) => {
    const { acknowledged, silentBefore, silentAfter } = traffic;
    const { heartbeatsAtEnd, heartbeatsAfterWindow, heartbeatsAtKill, killedAt, inFlightAtKill } = kill;
    const talking = talkingReaders(traffic);
    const stalled = talking.filter(({ i }) => heartbeatsAtEnd[i]! - heartbeatsAfterWindow[i]! < 2);
    check(
        'readers kept heartbeating through the balancer',
        stalled.length === 0,
        `${talking.length} readers, heartbeats after the kill ${talking.map(({ i }) => heartbeatsAtEnd[i]! - heartbeatsAtKill[i]!).join(' ')}`,
    );
    const aroundKill = failures.filter(f => f.endedAt >= killedAt && f.startedAt <= killedAt + KILL_WINDOW_MS);
    const acknowledgedIds = new Set(acknowledged.map(a => a.deviceEventId));
    // A reader silenced just after the kill keeps what it could not send, as a reader out of reach does.
    const silent = (id: string) => [silentBefore, silentAfter].some(r => id.startsWith(`${r.identity.hardwareId}-`));
    const unsent = failures.flatMap(f => f.events).filter(id => !acknowledgedIds.has(id));
    const lost = unsent.filter(id => !silent(id));
    const kinds = [...new Set(failures.map(f => `${f.path.replace(/.*\/device\//, '')} ${f.outcome}`))];
    check(
        'requests failed only around the kill, and the readers sent their events again',
        aroundKill.length === failures.length && lost.length === 0,
        `${inFlightAtKill} batches in flight at the kill; ${failures.length} readers' requests failed (${kinds.join(', ') || 'none'}), ${failures.length - aroundKill.length} of them outside the ${KILL_WINDOW_MS / 1000} s after it; ${failures.flatMap(f => f.events).length} events of failed batches, ${lost.length} never acknowledged since${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}${unsent.length > lost.length ? ` (and ${unsent.length - lost.length} kept by a silenced reader)` : ''}`,
    );
    const afterKill = acknowledged.filter(a => a.at > killedAt + KILL_WINDOW_MS).length;
    check('readers kept posting events after the kill', afterKill > 0, `${afterKill} events acknowledged after the kill window`);
};

/** Every acknowledged event, by its reader and event id, is one row, the row named in the reply. */
const checkEvents = async (check: CheckFn, sql: pg.Pool, { acknowledged }: Traffic) => {
    const rows = (
        await sql.query<{ device_id: number; device_event_id: string; ids: string[] }>(
            `select device_id, device_event_id, array_agg(id::text) as ids from events where device_event_id is not null group by 1, 2`,
        )
    ).rows;
    const byKey = new Map(rows.map(r => [`${r.device_id}/${r.device_event_id}`, r.ids.map(Number)]));
    const missing = acknowledged.filter(a => !byKey.has(`${a.deviceId}/${a.deviceEventId}`));
    const wrong = acknowledged.filter(a => byKey.get(`${a.deviceId}/${a.deviceEventId}`)?.[0] !== a.id);
    const twice = rows.filter(r => r.ids.length > 1);
    const distinct = new Set(acknowledged.map(a => `${a.deviceId}/${a.deviceEventId}`)).size;
    check(
        'every acknowledged event is stored exactly once',
        acknowledged.length > 0 && missing.length === 0 && wrong.length === 0 && twice.length === 0,
        `${distinct} events acknowledged (${acknowledged.length - distinct} acknowledged again after a retry), ${missing.length} missing, ${twice.length} stored twice, ${wrong.length} under another id`,
    );
};

/**
 * With the files in a bucket: every acknowledged event that carries an image reads back, whole, through the balancer
 * (the survivor alone answers now), whichever instance stored it.
 */
const checkImages = async (check: CheckFn, { sql, balancer }: Platform, token: string, { acknowledged }: Traffic) => {
    const ids = acknowledged.map(a => a.id);
    const rows = (
        await sql.query<{ id: string; image_key: string }>(
            `select id::text, image_key from events where id = any($1) and image_key is not null`,
            [ids],
        )
    ).rows;
    const unreadable: string[] = [];
    for (const row of rows) {
        const name = row.image_key.split('/').pop()!;
        const res = await fetch(`${balancer}/api/v2/events/${row.id}/files/${name}`, { headers: { authorization: `Bearer ${token}` } });
        const bytes = res.ok ? (await res.arrayBuffer()).byteLength : 0;
        if (!res.ok || bytes === 0 || res.headers.has('x-image-placeholder')) unreadable.push(`#${row.id} (${res.status})`);
    }
    check(
        "every acknowledged event's image reads back from the bucket through the survivor",
        rows.length > 0 && unreadable.length === 0,
        `${rows.length} of ${acknowledged.length} acknowledged events carry an image: ${unreadable.length} unreadable${unreadable.length ? ` (${unreadable.slice(0, 10).join(', ')})` : ''}`,
    );
};

/** The live feed resumed on the survivor and the console got every event stored during the run, once, in order. */
const checkLiveFeed = (
    check: CheckFn,
    live: LiveConsole,
    holder: string,
    { cutoff, storedIds }: { cutoff: number; storedIds: number[] },
) => {
    const seen = new Set(live.ids);
    const duplicates = live.ids.length - seen.size;
    const outOfOrder = live.ids.filter((id, i) => i > 0 && id <= live.ids[i - 1]!).length;
    const gaps = storedIds.filter(id => !seen.has(id));
    const extra = live.ids.filter(id => id <= cutoff && !storedIds.includes(id));
    check(
        'the live feed resumed on the other instance',
        live.connections >= 2,
        `${live.connections} connections (the first on ${holder}), resumed with Last-Event-ID`,
    );
    check(
        'the console received every event stored during the run once, in order of id',
        storedIds.length > 0 &&
            gaps.length === 0 &&
            duplicates === 0 &&
            outOfOrder === 0 &&
            extra.length === 0 &&
            live.reloads.length === 0,
        `${storedIds.length} stored, ${live.ids.length} received: ${gaps.length} missing${gaps.length ? ` (${gaps.slice(0, 10).join(', ')})` : ''}, ${duplicates} twice, ${outOfOrder} out of order, ${extra.length} unknown, ${live.reloads.length} reload`,
    );
};

/** One DeviceOffline event per silenced reader across the two instances, none for the others. */
const checkOfflineDetection = async (check: CheckFn, sql: pg.Pool, traffic: Traffic, cutoff: number) => {
    const offlineEvents = async (deviceId: number, upTo: number) =>
        Number(
            (
                await sql.query(`select count(*)::int as n from events where event = 'DeviceOffline' and device_id = $1 and id <= $2`, [
                    deviceId,
                    upTo,
                ])
            ).rows[0].n,
        );
    const offline = await Promise.all([traffic.silentBefore, traffic.silentAfter].map(r => offlineEvents(r.id!, cutoff)));
    const others = await Promise.all(talkingReaders(traffic).map(({ r }) => offlineEvents(r.id!, cutoff)));
    check(
        'the offline detection ran once per silent reader across the instances',
        offline.every(n => n === 1) && others.every(n => n === 0),
        `DeviceOffline events: ${offline[0]} for the reader silenced while both ran, ${offline[1]} for the one silenced after the kill, ${others.reduce((a, b) => a + b, 0)} for the others`,
    );
};

await main();
