/**
 * Firmware upload benchmark (docs/performance.md "Firmware upload"): a
 * large .mender artifact made by mender-artifact is uploaded to a real
 * server process; the throughput is printed as a ratio to copying the same
 * file on the same disk in the same run (read, write, fsync: what storage
 * does), and the server's peak memory during uploads of two sizes shows
 * whether it grows with the file.
 *
 *   npx tsx bench/firmware-upload.ts [--mb 200] [--small-mb 20] [--port 8283]
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { numberArg } from './lib';

const LARGE_MB = numberArg('mb', 200);
const SMALL_MB = numberArg('small-mb', 20);
const PORT = numberArg('port', 8283);
const ADMIN = { email: 'bench@firmware.test', password: 'Bench#Pass1' };
const MB = 1024 * 1024;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-'));
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** A rootfs artifact with a random payload of `mb` megabytes (gzip, mender-artifact's default). */
const makeArtifact = (name: string, mb: number) => {
    const payload = path.join(work, `${name}.ext4`);
    const out = fs.openSync(payload, 'w');
    for (let i = 0; i < mb; i++) fs.writeSync(out, randomBytes(MB));
    fs.closeSync(out);
    const file = path.join(work, `${name}.mender`);
    execFileSync('mender-artifact', ['write', 'rootfs-image', '-n', name, '-t', 'rock-gen2', '-f', payload, '-o', file, '--no-progress']);
    fs.rmSync(payload);
    return file;
};

/** The baseline: the same bytes copied on the same disk, made durable as storage makes them. */
const copyOnDisk = async (file: string) => {
    const target = path.join(work, 'copy.bin');
    const start = process.hrtime.bigint();
    await pipeline(createReadStream(file), createWriteStream(target));
    const handle = await fs.promises.open(target, 'r+');
    await handle.sync();
    await handle.close();
    const took = seconds(start);
    fs.rmSync(target);
    return took;
};

const rssOf = (pid: number) => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
};

const startServer = async () => {
    const dataDir = path.join(work, 'data');
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
            ...process.env,
            PORT: String(PORT),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DEMO: '0',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            LOG_LEVEL: 'warn',
            FIRMWARE_MAX_BYTES: String(4 * 1024 * MB),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${PORT}/api/v2`;
    for (let i = 0; i < 240; i++) {
        try {
            if ((await fetch(`${base}/login_provider`)).ok) break;
        } catch {
            // not up yet
        }
        await new Promise(r => setTimeout(r, 500));
    }
    const login = await (
        await fetch(`${base}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
        })
    ).json();
    return { server, base, token: login.token as string };
};

/** Uploads a file as the console does; returns the time and the server's peak memory growth meanwhile. */
const upload = async (s: Awaited<ReturnType<typeof startServer>>, file: string) => {
    const before = rssOf(s.server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(s.server.pid!))), 20);
    const form = new FormData();
    form.append('artifact', await fs.openAsBlob(file), path.basename(file));
    const start = process.hrtime.bigint();
    const res = await fetch(`${s.base}/artifacts`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` }, body: form });
    const body = await res.json();
    const took = seconds(start);
    clearInterval(sampler);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    return { took, before, peakGrowth: peak - before };
};

const main = async () => {
    console.log(`making artifacts of ${SMALL_MB} MB and ${LARGE_MB} MB with mender-artifact in ${work}`);
    const small = makeArtifact(`bench-${SMALL_MB}`, SMALL_MB);
    const large = makeArtifact(`bench-${LARGE_MB}`, LARGE_MB);
    const size = fs.statSync(large).size;
    const s = await startServer();
    try {
        // A first small upload warms the server up (code paths compiled, pools filled).
        await upload(s, small);
        const smallRun = await upload(s, makeArtifact(`bench-${SMALL_MB}-b`, SMALL_MB));
        const copy = await copyOnDisk(large);
        const largeRun = await upload(s, large);
        const mbps = (bytes: number, t: number) => bytes / MB / t;
        console.log('');
        console.log(`artifact: ${(size / MB).toFixed(1)} MB`);
        console.log(`copy on disk (read, write, fsync): ${copy.toFixed(2)} s, ${mbps(size, copy).toFixed(0)} MB/s`);
        console.log(
            `upload (HTTP multipart, parsed and checked while stored): ${largeRun.took.toFixed(2)} s, ${mbps(size, largeRun.took).toFixed(0)} MB/s`,
        );
        console.log(`throughput ratio upload / copy: ${(copy / largeRun.took).toFixed(2)}`);
        console.log(
            `server memory: ${(largeRun.before / MB).toFixed(0)} MB before; peak growth during the ${SMALL_MB} MB upload ${(smallRun.peakGrowth / MB).toFixed(1)} MB, during the ${LARGE_MB} MB upload ${(largeRun.peakGrowth / MB).toFixed(1)} MB`,
        );
        console.log(
            `memory growth ratio (${LARGE_MB} MB / ${SMALL_MB} MB upload): ${(largeRun.peakGrowth / Math.max(1, smallRun.peakGrowth)).toFixed(2)} for a file ${(LARGE_MB / SMALL_MB).toFixed(0)} times larger`,
        );
    } finally {
        s.server.kill('SIGTERM');
        await new Promise(r => s.server.once('exit', r));
        fs.rmSync(work, { recursive: true, force: true });
    }
};

await main();
