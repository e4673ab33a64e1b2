/**
 * Firmware upload benchmark (docs/performance.md "Firmware upload"): a
 * large .mender artifact made by mender-artifact is uploaded to a real
 * server process; the throughput is printed as a ratio to copying the same
 * file on the same disk in the same run (read, write, fsync: what storage
 * does), and the server's peak memory during uploads of two sizes shows
 * whether it grows with the file.
 *
 * With --files s3 (docs/performance.md "Files in an S3 bucket"), the server
 * keeps its files in a bucket (FILES_URL on s3rver, started by the bench:
 * bench/s3-server.ts), and the baseline is a bare Fastify multipart route
 * taking the same bytes (bench/bare-upload-server.ts); the same server on
 * its local folder is measured in the same run too.
 *
 *   npx tsx bench/firmware-upload.ts [--mb 200] [--small-mb 20] [--port 8283] [--files folder|s3]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { arg, numberArg, startProcess, startS3Bucket, type ServerProcess } from './lib';

const LARGE_MB = numberArg('mb', 200);
const SMALL_MB = numberArg('small-mb', 20);
const PORT = numberArg('port', 8283);
const FILES = arg('files', 'folder') as 'folder' | 's3';
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

interface UploadTarget {
    process: ServerProcess;
    base: string;
    token?: string;
    /** the bucket's server, whose CPU the upload also costs */
    bucket?: ServerProcess;
}

/** server/main.ts on a data folder of its own, its files there or where `env` says (FILES_URL), signed in as its admin. */
const startServer = async (port: number, env: Record<string, string> = {}): Promise<UploadTarget> => {
    const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
    const url = `http://127.0.0.1:${port}`;
    const server = await startProcess(
        'server/main.ts',
        {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DEMO: '0',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            LOG_LEVEL: 'warn',
            FIRMWARE_MAX_BYTES: String(4 * 1024 * MB),
            ...env,
        },
        url,
        '/api/v2/login_provider',
    );
    const base = `${url}/api/v2`;
    const login = await (
        await fetch(`${base}/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
        })
    ).json();
    return { process: server, base, token: login.token as string };
};

/**
 * Uploads a file as the console does (streamed from the disk, never whole in this process); returns the time and
 * the server's peak memory growth meanwhile.
 */
const upload = async (s: UploadTarget, file: string) => {
    const before = s.process.rssBytes();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, s.process.rssBytes())), 20);
    const form = new FormData();
    form.append('artifact', await fs.openAsBlob(file), path.basename(file));
    const cpu = s.process.cpuSeconds();
    const bucketCpu = s.bucket?.cpuSeconds() ?? 0;
    const start = process.hrtime.bigint();
    const res = await fetch(`${s.base}/artifacts`, {
        method: 'POST',
        headers: s.token ? { authorization: `Bearer ${s.token}` } : {},
        body: form,
    });
    const body = await res.json();
    const took = seconds(start);
    clearInterval(sampler);
    peak = Math.max(peak, s.process.rssBytes());
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
    const serverCpu = s.process.cpuSeconds() - cpu;
    return { took, before, peak, peakGrowth: peak - before, serverCpu, bucketCpu: (s.bucket?.cpuSeconds() ?? 0) - bucketCpu };
};

/** A first small upload warms the server up (code paths compiled, pools filled); then one of each size. */
const uploadBoth = async (s: UploadTarget, small: string, smallB: string, large: string) => {
    await upload(s, small);
    return { small: await upload(s, smallB), large: await upload(s, large) };
};

const mbps = (bytes: number, t: number) => bytes / MB / t;

const onFolder = async (small: string, smallB: string, large: string, size: number) => {
    const s = await startServer(PORT);
    try {
        await upload(s, small);
        const smallRun = await upload(s, smallB);
        const copy = await copyOnDisk(large);
        const largeRun = await upload(s, large);
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
        await s.process.stop();
    }
};

/** The same bytes to a bare multipart route, to the server on its folder, and to the server on a bucket, one after the other. */
const onBucket = async (small: string, smallB: string, large: string, size: number) => {
    const bucket = await startS3Bucket(PORT + 2);
    const runs: { name: string; small: Awaited<ReturnType<typeof upload>>; large: Awaited<ReturnType<typeof upload>> }[] = [];
    try {
        const bare = await startProcess(
            'bench/bare-upload-server.ts',
            { PORT: String(PORT + 1) },
            `http://127.0.0.1:${PORT + 1}`,
            '/api/v2/login_provider',
        );
        try {
            runs.push({
                name: 'bare Fastify multipart, bytes counted',
                ...(await uploadBoth({ process: bare, base: `http://127.0.0.1:${PORT + 1}/api/v2` }, small, smallB, large)),
            });
        } finally {
            await bare.stop();
        }
        for (const [name, env] of [
            ['platform, files in its local folder', {}],
            ['platform, files in the S3 bucket (s3rver)', bucket.filesEnv],
        ] as const) {
            const s = { ...(await startServer(PORT, env)), ...('FILES_URL' in env ? { bucket } : {}) };
            try {
                runs.push({ name, ...(await uploadBoth(s, small, smallB, large)) });
            } finally {
                await s.process.stop();
            }
        }
    } finally {
        await bucket.stop();
    }
    const [bare, folder, s3] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    console.log('');
    console.log(`artifact: ${(size / MB).toFixed(1)} MB (and ${SMALL_MB} MB for the memory's growth), ${os.availableParallelism()} cores`);
    console.log(
        `${''.padEnd(44)}${'MB/s'.padStart(8)}${'RSS before MB'.padStart(15)}${`peak growth ${SMALL_MB} MB`.padStart(20)}${`peak growth ${LARGE_MB} MB`.padStart(20)}${'CPU s: server, s3rver'.padStart(24)}`,
    );
    for (const r of runs)
        console.log(
            `${r.name.padEnd(44)}${mbps(size, r.large.took).toFixed(0).padStart(8)}${(r.large.before / MB).toFixed(0).padStart(15)}` +
                `${(r.small.peakGrowth / MB).toFixed(1).padStart(20)}${(r.large.peakGrowth / MB).toFixed(1).padStart(20)}` +
                `${`${r.large.serverCpu.toFixed(1)}, ${r.large.bucketCpu.toFixed(1)}`.padStart(24)}`,
        );
    console.log(`throughput ratio S3 / bare multipart: ${(bare.large.took / s3.large.took).toFixed(2)}`);
    console.log(`throughput ratio S3 / local folder: ${(folder.large.took / s3.large.took).toFixed(2)}`);
    console.log(
        `S3 peak RSS growth during the ${LARGE_MB} MB upload: ${(s3.large.peakGrowth / MB).toFixed(1)} MB, ` +
            `${((100 * s3.large.peakGrowth) / size).toFixed(1)} % of the artifact; ${(s3.large.peakGrowth / Math.max(1, s3.small.peakGrowth)).toFixed(2)}x the ${SMALL_MB} MB upload's ` +
            `(bare multipart ${(bare.large.peakGrowth / MB).toFixed(1)} MB)`,
    );
};

const main = async () => {
    console.log(`making artifacts of ${SMALL_MB} MB and ${LARGE_MB} MB with mender-artifact in ${work}`);
    const small = makeArtifact(`bench-${SMALL_MB}`, SMALL_MB);
    const smallB = makeArtifact(`bench-${SMALL_MB}-b`, SMALL_MB);
    const large = makeArtifact(`bench-${LARGE_MB}`, LARGE_MB);
    const size = fs.statSync(large).size;
    try {
        await (FILES === 's3' ? onBucket : onFolder)(small, smallB, large, size);
    } finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
};

await main();
