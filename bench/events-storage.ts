/**
 * Events with images on object storage against the local folder
 * (docs/performance.md "Files in an S3 bucket"): the same readers' load,
 * multipart requests of up to 100 events with one camera frame each (as in
 * bench/events.ts, sent from a thread of their own), posted to two real
 * server processes (server/main.ts, PGlite, DEMO=0) started from the same
 * prepared database: one keeps its files in its local folder, the other in
 * an S3 bucket (FILES_URL on s3rver, in its own process: bench/s3-server.ts).
 * Chunks alternate between the two, the first of each pair taking turns, so
 * both meet the same machine load. Prints events/s, each request's p50/p99,
 * the servers' CPU an event and their ratios; then reads every accepted
 * event's image back through the API (GET /events/:id, then its file) and
 * checks it byte for byte against the frame sent.
 *
 *   npx tsx bench/events-storage.ts [--events 2000] [--chunk 500] [--readers 10] [--profiles 300] [--concurrency 4] [--port 8393]
 *
 * s3rver stores on the local disk: the ratio is the S3 client's path and the
 * protocol's overhead, not a network's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drawFrame } from '../server/demo/fleet/frames';
import { openDatabase } from '../server/db/database';
import { preparePlatform } from '../server/features';
import { generateEvents, makePlatform } from './events-data';
import { ingestClient, ingestRequest, readerBatches, type IngestDetail } from './ingestClient';
import { latencyStats, numberArg, startProcess, startS3Bucket, type ServerProcess } from './lib';

const sizes = {
    events: numberArg('events', 2000),
    chunk: numberArg('chunk', 500),
    readers: numberArg('readers', 10),
    accounts: 2,
    profiles: numberArg('profiles', 300),
    concurrency: numberArg('concurrency', 4),
    port: numberArg('port', 8393),
};
const ADMIN = { email: 'bench@files.test', password: 'Bench#Pass1' };
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-events-storage-'));
const prepared = path.join(work, 'prepared');
fs.mkdirSync(prepared);
log(`preparing the database: ${JSON.stringify(sizes)}`);
const database = await openDatabase({ dataDir: path.join(prepared, 'pglite') });
const first = await preparePlatform(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
const platform = await makePlatform(database.db, first.mainAccountId, sizes);
await database.close();

interface Mode {
    name: string;
    server: ServerProcess;
    /** the bucket's server, whose CPU the events also cost */
    bucket?: ServerProcess;
    token: string;
    ms: number;
    cpuSeconds: number;
    bucketCpuSeconds: number;
    latencies: number[];
    events: number;
    accepted: IngestDetail['accepted'];
}

const bucket = await startS3Bucket(sizes.port + 2);
/** server/main.ts on its own copy of the prepared database, its files where `env` says. */
const start = async (name: string, port: number, env: Record<string, string>, withBucket: boolean): Promise<Mode> => {
    const dataDir = path.join(work, `data-${port}`);
    fs.cpSync(prepared, dataDir, { recursive: true });
    const url = `http://127.0.0.1:${port}`;
    const server = await startProcess(
        'server/main.ts',
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'warn', ...env },
        url,
        '/api/v2/login_provider',
    );
    const login = await fetch(`${url}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    return {
        name,
        server,
        ...(withBucket ? { bucket } : {}),
        token,
        ms: 0,
        cpuSeconds: 0,
        bucketCpuSeconds: 0,
        latencies: [],
        events: 0,
        accepted: [],
    };
};
const modes = [
    await start('local folder', sizes.port, {}, false),
    await start('S3 bucket (s3rver)', sizes.port + 1, bucket.filesEnv, true),
] as const;

const frames = [drawFrame(1, 1), drawFrame(2, 2), drawFrame(1, 3)].map(f => f.jpeg);
/** device_event_id → the frame its request carried (ingestRequest gives the i-th event of a batch frame i mod 3) */
const sentFrame = new Map<string, Buffer>();
const client = ingestClient();
const now = Date.now();

/** One chunk's events to one server; `counted` false for the warm-up (its events are still read back). */
const post = async (mode: Mode, seed: number, prefix: string, count: number, counted: boolean) => {
    const batches = readerBatches([...generateEvents(platform, count, { seed, days: 1, now, prefix })]);
    for (const b of batches) b.forEach((e, i) => sentFrame.set(e.input.device_event_id, frames[i % frames.length]!));
    const requests = batches.map(b => ingestRequest(b, frames));
    const cpu = mode.server.cpuSeconds();
    const bucketCpu = mode.bucket?.cpuSeconds() ?? 0;
    const reply = await client.postDetailed(`${mode.server.url}/api/v2/device/events`, requests, sizes.concurrency);
    mode.accepted.push(...reply.accepted);
    if (!counted) return;
    mode.ms += reply.ms;
    mode.cpuSeconds += mode.server.cpuSeconds() - cpu;
    mode.bucketCpuSeconds += (mode.bucket?.cpuSeconds() ?? 0) - bucketCpu;
    mode.latencies.push(...reply.latencies);
    mode.events += count;
};

try {
    // A first chunk warms each server up (code compiled, the bucket's connections open).
    for (const mode of modes) await post(mode, 1000, `warm`, Math.min(200, sizes.chunk), false);
    const chunks = Math.ceil(sizes.events / sizes.chunk);
    for (let k = 0; k < chunks; k++) {
        const count = Math.min(sizes.chunk, sizes.events - k * sizes.chunk);
        // The same events to both (their databases are apart), the first of the two taking turns.
        for (const mode of k % 2 ? [modes[1], modes[0]] : modes) await post(mode, k + 1, `c${k}`, count, true);
    }
    log(`posted ${sizes.events} events with images to each`);

    /** Every accepted event's image through the API, compared with the frame sent; and how fast they came back. */
    const readBack = async (mode: Mode) => {
        const headers = { authorization: `Bearer ${mode.token}` };
        const failures: string[] = [];
        let ok = 0;
        let next = 0;
        const started = performance.now();
        await Promise.all(
            Array.from({ length: 8 }, async () => {
                while (next < mode.accepted.length) {
                    const { id, device_event_id } = mode.accepted[next++]!;
                    const record = await fetch(`${mode.server.url}/api/v2/events/${id}`, { headers });
                    const image = record.ok ? ((await record.json()) as { image: string | null }).image : null;
                    if (!image) {
                        failures.push(`event ${id}: ${record.status}, no image`);
                        continue;
                    }
                    const file = await fetch(`${mode.server.url}/api/v2/events/${id}/files/${encodeURIComponent(image)}`, { headers });
                    const bytes = Buffer.from(await file.arrayBuffer());
                    if (file.status === 200 && bytes.equals(sentFrame.get(device_event_id)!)) ok++;
                    else failures.push(`event ${id} ${image}: ${file.status}, ${bytes.length} bytes`);
                }
            }),
        );
        return { checked: mode.accepted.length, ok, failures, perSecond: mode.accepted.length / ((performance.now() - started) / 1000) };
    };
    const checks: Awaited<ReturnType<typeof readBack>>[] = [];
    for (const mode of modes) checks.push(await readBack(mode));

    const figures = modes.map((mode, i) => {
        const stats = latencyStats(mode.latencies, 0);
        return {
            eventsPerSecond: mode.events / (mode.ms / 1000),
            p50: stats.p50,
            p99: stats.p99,
            serverCpuMsPerEvent: (mode.cpuSeconds * 1000) / mode.events,
            withBucketCpuMsPerEvent: ((mode.cpuSeconds + mode.bucketCpuSeconds) * 1000) / mode.events,
            rssMb: mode.server.rssBytes() / 2 ** 20,
            readBackPerSecond: checks[i]!.perSecond,
        };
    });
    const [local, s3] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const row = (label: string, key: keyof typeof local, digits: number) =>
        console.log(
            `${label.padEnd(44)}${local[key].toFixed(digits).padStart(14)}${s3[key].toFixed(digits).padStart(20)}${(s3[key] / local[key]).toFixed(2).padStart(10)}`,
        );
    console.log(
        `\n${sizes.events} events with one ${frames[0]!.length}-byte JPEG each, requests of up to 100, ${sizes.concurrency} at once, ` +
            `PGlite, ${os.availableParallelism()} cores`,
    );
    console.log(`${''.padEnd(44)}${'local folder'.padStart(14)}${'S3 bucket (s3rver)'.padStart(20)}${'S3/local'.padStart(10)}`);
    row('events/s', 'eventsPerSecond', 0);
    row('request p50 ms', 'p50', 1);
    row('request p99 ms', 'p99', 1);
    row('server CPU ms an event', 'serverCpuMsPerEvent', 3);
    row('server + s3rver CPU ms an event', 'withBucketCpuMsPerEvent', 3);
    row('server RSS MB at the end', 'rssMb', 0);
    row('images read back through the API a second', 'readBackPerSecond', 0);
    modes.forEach((mode, i) => {
        const c = checks[i]!;
        console.log(`${mode.name}: ${c.ok} of ${c.checked} accepted events' images read back byte for byte`);
        for (const f of c.failures.slice(0, 5)) console.log(`  ${f}`);
    });
    console.log('\n=== result ===');
    console.log(
        JSON.stringify({
            sizes,
            local: Object.fromEntries(Object.entries(local).map(([k, v]) => [k, round(v, 3)])),
            s3: Object.fromEntries(Object.entries(s3).map(([k, v]) => [k, round(v, 3)])),
            checks: checks.map(c => ({ checked: c.checked, ok: c.ok, failures: c.failures.length })),
        }),
    );
    if (checks.some(c => c.ok !== c.checked)) process.exitCode = 1;
} finally {
    await client.close();
    for (const mode of modes) await mode.server.stop();
    await bucket.stop();
    fs.rmSync(work, { recursive: true, force: true });
}
