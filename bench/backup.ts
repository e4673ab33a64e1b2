/**
 * Backup and restore of the whole platform (docs/performance.md):
 * a platform holding 1,000,000 security events (100 readers in 10 accounts,
 * 10,000 profiles, events over 30 days as bench/events-data.ts makes them),
 * backed up and restored over HTTP as the console does it, then, in the same
 * run and on the same database, the PostgreSQL tools doing the same:
 *
 * - ours: GET /system/backup, signed in as the platform admin, streamed to a
 *   file (time to the last byte); then POST /system/restore with that file
 *   as multipart field `file`, streamed from disk, timed to the reply. The
 *   reply's row counts are checked against the archive's manifest, and the
 *   tables and the files folder counted again afterwards, so the run shows
 *   everything came back.
 *   The client is curl, in its own process (--client fetch: Node's fetch, in
 *   a Node process of its own, FormData with fs.openAsBlob for the upload).
 *   Not fetch by default: on Node 20 its download of a 288 MB backup took
 *   from 7 s to 154 s from one run to the next, its process CPU-bound in
 *   undici's socket reads (Readable fromList, llhttp execute) and growing,
 *   where curl took 6 to 11 s; and fetch in this process, the server's, grew
 *   its RSS by about the file's size on an upload (260 MB for 300 MB).
 * - baseline (PostgreSQL only): `pg_dump -Fc` of the same database, the server
 *   still up, to a file; `pg_restore --clean --if-exists --single-transaction`
 *   into that same database (dropped and made again in one transaction, as our
 *   restore replaces it in one transaction). Wall time, file size, and the
 *   tool's own RSS (read from /proc every 100 ms).
 * - the event images, which pg_dump does not carry: `tar -cf` of the files
 *   folder and `tar -xf` of it into a scratch folder, timed, so ours can also
 *   be set against pg_dump + tar.
 *
 * The server runs in this process (bench/platform.ts), so its RSS is this
 * process's: sampled every 100 ms from a worker thread (as bench/invites.ts
 * does), which keeps time while the main thread is busy; before, peak during,
 * after, and after a full GC. On PGlite the database is in it too; on
 * PostgreSQL its backends are not. The same worker watches the restore's
 * steps: the upload is written when the incoming file reaches the archive's
 * size, the verification pass ends when the staging folder (.restore-*)
 * appears in the files folder, then the read position in the incoming file
 * (/proc/self/fdinfo, Linux) tells the files from the rows: the files are
 * restored once it passes the first table part, the rows are read once the
 * file is closed; what is left is the foreign keys, the commit and the swap of
 * the files folders. The backup's own steps (files, then tables) are told
 * apart by the downloaded file's size against the archive's offsets.
 *
 * Event images: every other event row names an image key, as real ones do;
 * 1 % of the events (10,000 at 1M; --images N to change) get a file there, a
 * 20-40 KB JPEG (drawFrame, the demo readers' frames), written straight to
 * the files folder. Not all: half a million images would be about 14 GB, and a
 * restore holds three copies at once (the download, the upload, the staging).
 *
 *   node --expose-gc --import tsx bench/backup.ts [--events 1000000] [--images N] [--readers 100] [--profiles 10000]
 *       [--accounts 10] [--port 8387] [--dir DIR] [--pg-bin /usr/lib/postgresql/15/bin] [--client curl|fetch]
 * PostgreSQL when BENCH_DATABASE_URL is set (a database is created there and
 * dropped after), else PGlite in a temporary folder, with no pg_dump baseline.
 * --dir holds the files folder and the archives (default: the system's
 * temporary folder). Quick check:
 *   node --expose-gc --import tsx bench/backup.ts --events 20000
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { BackupManifest, RestoreReport } from '../contract/system';
import { rows } from '../server/db/database';
import { events } from '../server/db/schema';
import { drawFrame } from '../server/demo/fleet/frames';
import { dataTables } from '../server/resources/system/backup/queries';
import { generateEvents, makePlatform, type BenchEvent } from './events-data';
import { numberArg, rssOf } from './lib';
import { startBenchPlatform } from './platform';

const text = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const eventCount = numberArg('events', 1_000_000);
const sizes = {
    events: eventCount,
    images: numberArg('images', Math.round(eventCount / 100)),
    readers: numberArg('readers', 100),
    profiles: numberArg('profiles', 10_000),
    accounts: numberArg('accounts', 10),
    concurrency: numberArg('concurrency', 4),
    port: numberArg('port', 8387),
};
const pgBin = text('pg-bin', '/usr/lib/postgresql/15/bin');
const client = text('client', 'curl') === 'fetch' ? 'fetch' : 'curl';
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
const seconds = (ms: number) => round(ms / 1000, 2);
const pooled = async <T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) => {
    let next = 0;
    await Promise.all(
        Array.from({ length: concurrency }, async () => {
            while (next < items.length) await work(items[next++]!);
        }),
    );
};

// ---- the platform, its files and archives in one folder ----
const work = fs.mkdtempSync(path.join(path.resolve(text('dir', os.tmpdir())), 'ac-bench-backup-'));
const filesDir = path.join(work, 'files');
/** our backup, as downloaded */
const oursFile = path.join(work, 'ours.tar');
const bench = await startBenchPlatform('backup', { port: sizes.port, filesDir });
const { kind, db, base, token, ctx } = bench;
// Where POST /system/restore writes the incoming file: beside the rest, removed with it.
ctx.config.backupDir = path.join(work, 'backups');
log(`${kind}: ${JSON.stringify(sizes)}, client ${client}, in ${work}`);

/**
 * The console's side of a transfer with --client fetch, in a Node process of
 * its own: `download URL TOKEN FILE` streams the reply to FILE; `upload URL
 * TOKEN FILE` posts FILE as multipart field `file` (FormData, fs.openAsBlob).
 * fetch (undici) gives up on a reply whose headers take more than 300 s, and
 * the restore answers only once it is done: its dispatcher goes without
 * limits. Prints a Transfer as JSON.
 */
const FETCH_CLIENT = `
    import fs from 'node:fs';
    import { Readable } from 'node:stream';
    import { pipeline } from 'node:stream/promises';
    const [mode, url, token, file] = process.argv.slice(1);
    const headers = { authorization: 'Bearer ' + token };
    await (await fetch(new URL('/api/v2/version', url))).arrayBuffer();
    const global = globalThis[Symbol.for('undici.globalDispatcher.1')];
    const dispatcher = new global.constructor({ headersTimeout: 0, bodyTimeout: 0 });
    const start = Date.now();
    let out;
    if (mode === 'download') {
        const res = await fetch(url, { headers, dispatcher });
        if (res.status !== 200) {
            out = { status: res.status, start, end: Date.now(), body: await res.text() };
        } else {
            let bytes = 0;
            let firstByte;
            await pipeline(
                Readable.fromWeb(res.body),
                async function* (source) {
                    for await (const chunk of source) {
                        firstByte ??= Date.now() - start;
                        bytes += chunk.length;
                        yield chunk;
                    }
                },
                fs.createWriteStream(file),
            );
            out = { status: res.status, start, end: Date.now(), bytes, firstByte };
        }
    } else {
        const form = new FormData();
        form.append('file', await fs.openAsBlob(file, { type: 'application/x-tar' }), 'backup.tar');
        const res = await fetch(url, { method: 'POST', headers, body: form, dispatcher });
        const body = await res.text();
        out = { status: res.status, start, end: Date.now(), bytes: fs.statSync(file).size, body };
    }
    process.stdout.write(JSON.stringify(out));`;
interface Transfer {
    status: number;
    /** Date.now() when the request was sent and when the last byte of the reply came */
    start: number;
    end: number;
    /** bytes received (download) or sent (upload) */
    bytes?: number;
    /** ms from the request to the first byte of the body received */
    firstByte?: number;
    body?: string;
}
/** Runs the client to its end; returns what it printed. */
const runClient = async (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`${path.basename(command)} exited with ${code}`);
    return out;
};
/** GET `url` into `file`, or POST `file` to `url` as multipart field `file`, as the platform admin. */
const transfer = async (mode: 'download' | 'upload', url: string, file: string): Promise<Transfer> => {
    if (client === 'fetch')
        return JSON.parse(
            await runClient(process.execPath, ['--input-type=module', '-e', FETCH_CLIENT, mode, url, token, file]),
        ) as Transfer;
    const reply = path.join(work, 'reply.json');
    const start = Date.now();
    const out = await runClient('curl', [
        '-sS',
        '-H',
        `authorization: Bearer ${token}`,
        '-w',
        '%{http_code} %{size_download} %{size_upload} %{time_starttransfer}',
        ...(mode === 'download' ? ['-o', file] : ['-o', reply, '-F', `file=@${file};type=application/x-tar;filename=backup.tar`]),
        url,
    ]);
    const end = Date.now();
    const [status, received, sent, firstByte] = out.trim().split(' ').map(Number) as [number, number, number, number];
    const body = mode === 'upload' || status !== 200 ? fs.readFileSync(mode === 'upload' ? reply : file, 'utf8') : undefined;
    return { status, start, end, bytes: mode === 'download' ? received : sent, firstByte: firstByte * 1000, body };
};

// ---- fill: rows by bare inserts of 1,000, 4 at a time; images straight to disk ----
const platform = await makePlatform(db, bench.mainAccountId, sizes);
const now = Date.now();
const frames = Array.from({ length: 8 }, (_, i) => drawFrame(1 + (i % 3), 11 + i).jpeg);
const fillStart = performance.now();
let filled = 0;
let imageFiles = 0;
let imageBytes = 0;
let batch: BenchEvent[] = [];
const pending: BenchEvent[][] = [];
const flush = async () => {
    const batches = pending.splice(0);
    await pooled(batches, sizes.concurrency, async b => {
        await db.insert(events).values(b.map(e => e.row));
    });
    const images: { key: string; jpeg: Buffer }[] = [];
    for (const e of batches.flat()) {
        if (!e.row.image_key || imageFiles >= sizes.images) continue;
        const jpeg = frames[imageFiles++ % frames.length]!;
        images.push({ key: e.row.image_key, jpeg });
        imageBytes += jpeg.length;
    }
    await pooled(images, 16, async ({ key, jpeg }) => {
        const file = path.join(filesDir, key);
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(file, jpeg);
    });
};
for (const e of generateEvents(platform, sizes.events, { seed: 1, days: 30, now, prefix: 'fill' })) {
    batch.push(e);
    if (batch.length === 1000) {
        pending.push(batch);
        batch = [];
        if (pending.length === 20) await flush();
        filled += 1000;
        if (filled % 100_000 === 0) log(`filled ${filled} events (${round(filled / ((performance.now() - fillStart) / 1000), 0)}/s)`);
    }
}
if (batch.length) pending.push(batch);
await flush();
await db.execute(sql`vacuum (analyze) events`);
log(`filled ${sizes.events} events, ${imageFiles} images (${mb(imageBytes)} MB) in ${seconds(performance.now() - fillStart)} s`);

/** Rows of every data table, counted. */
const tableCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of await dataTables(db))
        counts[table] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
    return counts;
};
/** Files under a folder (hidden ones left out, as the storage lists them), and their bytes. */
const countFiles = (dir: string) => {
    let count = 0;
    let bytes = 0;
    const walk = (at: string) => {
        for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
            if (entry.name.startsWith('.')) continue;
            const full = path.join(at, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (entry.isFile()) [count, bytes] = [count + 1, bytes + fs.statSync(full).size];
        }
    };
    if (fs.existsSync(dir)) walk(dir);
    return { count, bytes };
};
const sizeOf = (file: string) => fs.statSync(file).size;
/** The highest RSS sampled between two moments, MB. */
const peakMB = (samples: Sample[], from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? null : mb(Math.max(0, ...samples.filter(s => s.at >= from && s.at <= to).map(s => s.rss)));

/**
 * The entries of a tar file with where their data begins, read header by
 * header (512 bytes each, data padded to 512), and the manifest: the last one.
 */
const tarIndex = (file: string) => {
    const fd = fs.openSync(file, 'r');
    const header = Buffer.alloc(512);
    const entries: { name: string; offset: number; size: number }[] = [];
    let manifest: BackupManifest | undefined;
    let paxPath: string | undefined;
    try {
        for (let at = 0; fs.readSync(fd, header, 0, 512, at) === 512 && !header.every(b => b === 0);) {
            const field = (from: number, length: number) =>
                header
                    .subarray(from, from + length)
                    .toString('utf8')
                    .replace(/\0.*$/s, '');
            const size = parseInt(field(124, 12).trim(), 8);
            const type = field(156, 1);
            const data = () => {
                const buffer = Buffer.alloc(size);
                fs.readSync(fd, buffer, 0, size, at + 512);
                return buffer;
            };
            if (type === 'x') {
                paxPath = /\d+ path=([^\n]*)\n/.exec(data().toString('utf8'))?.[1];
            } else {
                const prefix = field(345, 155);
                const name = paxPath ?? (prefix ? `${prefix}/` : '') + field(0, 100);
                paxPath = undefined;
                entries.push({ name, offset: at + 512, size });
                if (name === 'manifest.json') manifest = JSON.parse(data().toString('utf8')) as BackupManifest;
            }
            at += 512 + Math.ceil(size / 512) * 512;
        }
    } finally {
        fs.closeSync(fd);
    }
    if (!manifest) throw new Error(`${file}: no manifest.json, the backup is cut short`);
    return { entries, manifest };
};

// ---- what is watched: the process's RSS, the restore's incoming file and staging folder ----

interface Sample {
    at: number;
    rss: number;
    incoming: number;
    staging: boolean;
    /** where the server reads the incoming file, -1 when it is not open */
    position: number;
    /** bytes of the backup downloaded so far */
    downloaded: number;
}
/** From a worker thread, every 100 ms, so it keeps time while the main thread (the server, on PGlite its database) is busy. */
const watch = async () => {
    const worker = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
        const fs = require('node:fs');
        const path = require('node:path');
        const samples = [];
        const incoming = () => {
            let bytes = 0;
            try {
                for (const name of fs.readdirSync(workerData.backupDir))
                    if (name.startsWith('.incoming-')) {
                        try {
                            bytes += fs.statSync(path.join(workerData.backupDir, name)).size;
                        } catch {}
                    }
            } catch {}
            return bytes;
        };
        const staging = () => {
            try {
                return fs.readdirSync(workerData.filesDir).some(name => name.startsWith('.restore-'));
            } catch {
                return false;
            }
        };
        const size = file => {
            try {
                return fs.statSync(file).size;
            } catch {
                return 0;
            }
        };
        const position = () => {
            let at = -1;
            try {
                for (const fd of fs.readdirSync('/proc/self/fd')) {
                    try {
                        if (!fs.readlinkSync('/proc/self/fd/' + fd).startsWith(workerData.incomingPrefix)) continue;
                        const pos = /pos:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/fdinfo/' + fd, 'utf8'));
                        if (pos) at = Math.max(at, Number(pos[1]));
                    } catch {}
                }
            } catch {}
            return at;
        };
        const sample = () =>
            samples.push({
                at: Date.now(),
                rss: process.memoryUsage().rss,
                incoming: incoming(),
                staging: staging(),
                position: position(),
                downloaded: size(workerData.downloadFile),
            });
        const timer = setInterval(sample, 100);
        sample();
        parentPort.postMessage('started');
        parentPort.on('message', () => {
            clearInterval(timer);
            sample();
            parentPort.postMessage(samples);
        });`,
        {
            eval: true,
            workerData: {
                backupDir: ctx.config.backupDir,
                filesDir,
                incomingPrefix: path.join(ctx.config.backupDir, '.incoming-'),
                downloadFile: oursFile,
            },
        },
    );
    await once(worker, 'message');
    return async () => {
        worker.postMessage('stop');
        const [samples] = (await once(worker, 'message')) as [Sample[]];
        await worker.terminate();
        return samples;
    };
};
/** With node --expose-gc: a full GC before and after each side, to tell what stays from what was not yet collected. */
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heap: heapUsed };
};
/** Runs a transfer watched: its time, and the server process's RSS before, at its peak during, after, after a full GC. */
const measured = async (step: () => Promise<Transfer>) => {
    gc?.();
    const stop = await watch();
    const before = memory();
    const result = await step();
    const { start, end } = result;
    const after = memory();
    gc?.();
    const afterGc = gc ? memory() : undefined;
    const samples = await stop();
    const during = samples.filter(s => s.at >= start && s.at <= end);
    return {
        result,
        start,
        end,
        samples,
        seconds: seconds(end - start),
        rssMB: {
            before: mb(before.rss),
            peak: mb(Math.max(before.rss, after.rss, ...during.map(s => s.rss))),
            after: mb(after.rss),
            ...(afterGc ? { afterGc: mb(afterGc.rss) } : {}),
        },
        heapMB: { before: mb(before.heap), after: mb(after.heap), ...(afterGc ? { afterGc: mb(afterGc.heap) } : {}) },
        rssSamples: during.length,
    };
};

/** Runs a command to its end: its wall time and its own peak RSS, read from /proc every 100 ms. */
const run = async (command: string, args: string[]) => {
    const start = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    let peak = 0;
    const sample = () => {
        try {
            peak = Math.max(peak, rssOf(child.pid!));
        } catch {
            // exited meanwhile
        }
    };
    const timer = setInterval(sample, 100);
    sample();
    const [code] = (await once(child, 'exit')) as [number | null];
    clearInterval(timer);
    if (code !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`);
    return { seconds: seconds(Date.now() - start), peakRssMB: mb(peak) };
};

const before = await tableCounts();
const storedBefore = countFiles(filesDir);
log(`rows: ${JSON.stringify(before)}; files: ${JSON.stringify(storedBefore)}`);

// ---- ours: the backup, downloaded ----
const download = await measured(() => transfer('download', `${base}/api/v2/system/backup`, oursFile));
if (download.result.status !== 200) throw new Error(`GET /system/backup answered ${download.result.status}: ${download.result.body}`);
const archive = tarIndex(oursFile);
const manifest = archive.manifest;
const tablesOffset = archive.entries.find(e => e.name.startsWith('tables/'))?.offset ?? 0;
const tablesFrom = download.samples.find(s => s.downloaded >= tablesOffset)?.at ?? download.start;
const tableBytes = manifest.parts.filter(p => p.name.startsWith('tables/')).reduce((n, p) => n + p.bytes, 0);
const backup = {
    bytes: download.result.bytes!,
    fileBytes: sizeOf(oursFile),
    parts: manifest.parts.length,
    tableBytes,
    files: manifest.files,
    seconds: download.seconds,
    firstByteSeconds: seconds(download.result.firstByte ?? NaN),
    filesSeconds: seconds(tablesFrom - download.start),
    tablesSeconds: seconds(download.end - tablesFrom),
    rssPeakMB: { files: peakMB(download.samples, download.start, tablesFrom), tables: peakMB(download.samples, tablesFrom, download.end) },
    MBperSecond: round(mb(download.result.bytes!) / download.seconds, 1),
    rssMB: download.rssMB,
    heapMB: download.heapMB,
    rssSamples: download.rssSamples,
};
log(`ours, backup: ${JSON.stringify(backup)}`);
const manifestDiffers = Object.entries(before).filter(([t, n]) => manifest.tables[t] !== n);
log(
    `manifest counts = the tables' before the backup (a first backup makes settings.platform_id)${manifestDiffers.length ? `, except ${JSON.stringify(manifestDiffers.map(([t, n]) => [t, n, manifest.tables[t]]))}` : ''}`,
);

// ---- baseline: pg_dump of the same database, the server up ----
let dbUrl: string | undefined;
if (kind === 'PostgreSQL') {
    const u = new URL(process.env.BENCH_DATABASE_URL!);
    u.pathname = `/${(await rows<{ name: string }>(db, sql`select current_database() as name`))[0]!.name}`;
    dbUrl = u.toString();
}
const tool = (name: string) => (fs.existsSync(path.join(pgBin, name)) ? path.join(pgBin, name) : name);
const dumpFile = path.join(work, 'pg.dump');
let dumpedCounts: Record<string, number> | undefined;
let pgDump: { seconds: number; peakRssMB: number; bytes: number } | undefined;
if (dbUrl) {
    await new Promise(r => setTimeout(r, 500)); // the backup's audit row is written after the last byte
    dumpedCounts = await tableCounts();
    gc?.();
    pgDump = { ...(await run(tool('pg_dump'), ['-Fc', '-f', dumpFile, '-d', dbUrl])), bytes: 0 };
    pgDump.bytes = sizeOf(dumpFile);
    log(`pg_dump -Fc: ${JSON.stringify(pgDump)}`);
}
// The images, which pg_dump leaves out: tar of the files folder.
const filesTar = path.join(work, 'files.tar');
const tarCreate = { ...(await run('tar', ['-cf', filesTar, '-C', filesDir, '.'])), bytes: sizeOf(filesTar) };
log(`tar -cf of the files folder: ${JSON.stringify(tarCreate)}`);

// ---- ours: the restore, uploaded ----
const upload = await measured(() => transfer('upload', `${base}/api/v2/system/restore`, oursFile));
if (upload.result.status !== 200)
    throw new Error(`POST /system/restore answered ${upload.result.status}: ${upload.result.body!.slice(0, 500)}`);
const report = JSON.parse(upload.result.body!) as RestoreReport;
const uploaded = upload.samples.find(s => s.incoming >= backup.fileBytes)?.at;
const staged = upload.samples.find(s => s.staging)?.at;
const filesRestored = staged === undefined ? undefined : upload.samples.find(s => s.at >= staged && s.position >= tablesOffset)?.at;
const rowsRead =
    filesRestored === undefined
        ? undefined
        : upload.samples.find(s => s.at > filesRestored && (s.position < 0 || s.position >= backup.fileBytes))?.at;
const span = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? null : seconds(to - from));
const restore = {
    seconds: upload.seconds,
    uploadSeconds: span(upload.start, uploaded),
    verifySeconds: span(uploaded, staged),
    applySeconds: span(staged, upload.end),
    /** the apply pass: files staged, rows read and inserted, then foreign keys added back, commit and the folders swapped */
    applyStepsSeconds: { files: span(staged, filesRestored), rows: span(filesRestored, rowsRead), end: span(rowsRead, upload.end) },
    rssPeakMB: {
        upload: peakMB(upload.samples, upload.start, uploaded),
        verify: peakMB(upload.samples, uploaded, staged),
        files: peakMB(upload.samples, staged, filesRestored),
        rows: peakMB(upload.samples, filesRestored, rowsRead),
        end: peakMB(upload.samples, rowsRead, upload.end),
    },
    MBperSecond: round(mb(backup.fileBytes) / upload.seconds, 1),
    rssMB: upload.rssMB,
    heapMB: upload.heapMB,
    rssSamples: upload.rssSamples,
};
log(`ours, restore: ${JSON.stringify(restore)}`);

// ---- did everything come back? ----
const after = await tableCounts();
const storedAfter = countFiles(filesDir);
const check = Object.keys(manifest.tables).map(table => ({
    table,
    manifest: manifest.tables[table]!,
    reply: report.tables[table] ?? 0,
    // The restore's own audit row is written after it.
    table_now: after[table]! - (table === 'audit_logs' ? 1 : 0),
}));
const wrong = check.filter(c => c.reply !== c.manifest || c.table_now !== c.manifest);
const filesRight = report.files === manifest.files.count && storedAfter.count === manifest.files.count;
const restoredAll = !wrong.length && filesRight && Object.keys(after).length === Object.keys(manifest.tables).length;
log(
    `restored: ${restoredAll ? 'every row and file' : 'NOT EVERYTHING'}: ${check.reduce((n, c) => n + c.reply, 0)} rows in ${check.length} tables` +
        ` (reply = manifest = table for each${wrong.length ? `, except ${JSON.stringify(wrong)}` : ''}), files: reply ${report.files},` +
        ` manifest ${manifest.files.count}, folder ${storedAfter.count}`,
);

// ---- baseline: pg_restore into the same database, and the images with tar ----
let pgRestore: { seconds: number; peakRssMB: number } | undefined;
let pgRestoredAll: boolean | undefined;
if (dbUrl && dumpedCounts) {
    gc?.();
    pgRestore = await run(tool('pg_restore'), ['--clean', '--if-exists', '--single-transaction', '-d', dbUrl, dumpFile]);
    const again = await tableCounts();
    pgRestoredAll = Object.entries(dumpedCounts).every(([t, n]) => again[t] === n);
    log(`pg_restore: ${JSON.stringify(pgRestore)}, every row back: ${pgRestoredAll}`);
}
const scratch = path.join(work, 'files-untar');
fs.mkdirSync(scratch);
const tarExtract = await run('tar', ['-xf', filesTar, '-C', scratch]);
log(`tar -xf of the files folder: ${JSON.stringify(tarExtract)}`);

// ---- result ----
const ratio = (a: number, b: number | undefined) => (b ? round(a / b, 2) : null);
const ratios = pgDump &&
    pgRestore && {
        backupOverPgDump: ratio(backup.seconds, pgDump.seconds),
        restoreOverPgRestore: ratio(restore.seconds, pgRestore.seconds),
        backupOverPgDumpAndTar: ratio(backup.seconds, pgDump.seconds + tarCreate.seconds),
        restoreOverPgRestoreAndTar: ratio(restore.seconds, pgRestore.seconds + tarExtract.seconds),
        tablesOfBackupOverPgDump: ratio(backup.tablesSeconds, pgDump.seconds),
        tableBytesOverDumpBytes: ratio(backup.tableBytes, pgDump.bytes),
    };
console.log('\n=== result ===');
console.log(
    JSON.stringify(
        {
            database: kind,
            client,
            sizes: { ...sizes, imageFiles, imageBytes },
            rows: before,
            backup,
            restore,
            restoredAll,
            pgDump,
            pgRestore,
            pgRestoredAll,
            tarCreate,
            tarExtract,
            ratios,
        },
        null,
        2,
    ),
);
console.log('');
const rowsTotal = Object.values(before).reduce((a, b) => a + b, 0);
console.log(
    `${kind}: ${sizes.events} events, ${rowsTotal} rows in ${Object.keys(before).length} tables, ${imageFiles} images (${mb(imageBytes)} MB)`,
);
console.log(
    `ours, backup  (GET /system/backup to a file, ${client}): ${backup.seconds} s, ${mb(backup.bytes)} MB (tables ${mb(backup.tableBytes)} MB gzip, files ${mb(backup.files.bytes)} MB), ${backup.MBperSecond} MB/s; files ${backup.filesSeconds} s, tables ${backup.tablesSeconds} s; first byte ${backup.firstByteSeconds} s; RSS peak during files / tables ${backup.rssPeakMB.files} / ${backup.rssPeakMB.tables} MB`,
);
const memoryLine = (m: { rssMB: Record<string, number>; heapMB: Record<string, number>; rssSamples: number }) =>
    `server RSS before / peak / after ${m.rssMB.before} / ${m.rssMB.peak} / ${m.rssMB.after} MB (peak - before ${round(m.rssMB.peak! - m.rssMB.before!, 1)} MB, ${m.rssSamples} samples)` +
    (m.rssMB.afterGc !== undefined
        ? `, after a full GC ${m.rssMB.afterGc} MB; heap used ${m.heapMB.before} -> ${m.heapMB.afterGc} MB`
        : '');
console.log(`               ${memoryLine(backup)}`);
console.log(
    `ours, restore (POST /system/restore, multipart, ${client}): ${restore.seconds} s, ${restore.MBperSecond} MB/s; upload ${restore.uploadSeconds} s, verify ${restore.verifySeconds} s, apply ${restore.applySeconds} s` +
        ` (files ${restore.applyStepsSeconds.files} s, rows ${restore.applyStepsSeconds.rows} s, foreign keys + commit + swap ${restore.applyStepsSeconds.end} s)`,
);
console.log(
    `               RSS peak MB: upload ${restore.rssPeakMB.upload}, verify ${restore.rssPeakMB.verify}, files ${restore.rssPeakMB.files}, rows ${restore.rssPeakMB.rows}, end ${restore.rssPeakMB.end}`,
);
console.log(`               ${memoryLine(restore)}`);
console.log(
    `               restored ${restoredAll ? 'everything' : 'NOT EVERYTHING'}: rows in the reply and in the tables = manifest for all ${check.length} tables${wrong.length ? ` except ${wrong.map(w => w.table).join(', ')}` : ''}; files ${report.files} = ${manifest.files.count}: ${filesRight}`,
);
if (pgDump && pgRestore && ratios) {
    console.log(`pg_dump -Fc:   ${pgDump.seconds} s, ${mb(pgDump.bytes)} MB, pg_dump RSS peak ${pgDump.peakRssMB} MB`);
    console.log(
        `pg_restore --clean --if-exists --single-transaction (same database): ${pgRestore.seconds} s, RSS peak ${pgRestore.peakRssMB} MB, every row back: ${pgRestoredAll}`,
    );
    console.log(`tar of the files folder: -cf ${tarCreate.seconds} s, -xf ${tarExtract.seconds} s (${mb(tarCreate.bytes)} MB)`);
    console.log(
        `ratio ours / pg_dump ${ratios.backupOverPgDump} (tables alone ${ratios.tablesOfBackupOverPgDump}; ours / pg_dump + tar ${ratios.backupOverPgDumpAndTar}); ours / pg_restore ${ratios.restoreOverPgRestore} (ours / pg_restore + tar ${ratios.restoreOverPgRestoreAndTar}); table bytes ours / dump ${ratios.tableBytesOverDumpBytes}`,
    );
} else {
    console.log(
        `no pg_dump baseline on ${kind} (set BENCH_DATABASE_URL for PostgreSQL); tar of the files folder: -cf ${tarCreate.seconds} s, -xf ${tarExtract.seconds} s`,
    );
}
if (!gc) console.log('(node --expose-gc adds the figures after a full GC)');

await bench.close();
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
