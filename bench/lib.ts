import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A server process of the benchmark, with its CPU time read from /proc (Linux). */
export interface ServerProcess {
    child: ChildProcess;
    url: string;
    /** user + system CPU seconds so far */
    cpuSeconds(): number;
    /** resident memory in bytes */
    rssBytes(): number;
    stop(): Promise<void>;
}

const CLOCK_TICKS = 100;

export const cpuSecondsOf = (pid: number) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; the slice starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};
/**
 * CPU seconds the whole machine has spent busy so far (every process, the
 * kernel's work included: /proc/stat's first line less idle and iowait).
 * Where the bench's client, the server and the database share the cores, it
 * says what an event costs the machine, whichever of them spends it.
 */
export const machineBusySeconds = () => {
    const [user, nice, system, , , irq, softirq, steal] = fs
        .readFileSync('/proc/stat', 'utf8')
        .split('\n')[0]!
        .trim()
        .split(/\s+/)
        .slice(1)
        .map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
};
export const rssOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;

/** Starts `node --import tsx <script>` and waits until `readyUrl` answers. */
export const startProcess = async (script: string, env: Record<string, string>, url: string, readyPath: string): Promise<ServerProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
        if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
        try {
            const res = await fetch(`${url}${readyPath}`);
            if (res.status < 500) break;
        } catch {
            // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`${script} did not start`);
        await new Promise(r => setTimeout(r, 200));
    }
    return {
        child,
        url,
        cpuSeconds: () => cpuSecondsOf(child.pid!),
        rssBytes: () => rssOf(child.pid!),
        stop: () =>
            new Promise(resolve => {
                if (child.exitCode !== null) return resolve();
                child.once('exit', () => resolve());
                child.kill('SIGTERM');
            }),
    };
};

export const percentile = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export interface LatencyStats {
    count: number;
    errors: number;
    p50: number;
    p99: number;
    max: number;
}
export const latencyStats = (samples: number[], errors: number): LatencyStats => {
    const sorted = [...samples].sort((a, b) => a - b);
    return {
        count: samples.length,
        errors,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1] ?? NaN,
    };
};

export const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

/** A number given on the command line as `--name N`, else the fallback. */
export const numberArg = (name: string, fallback: number) => Number(arg(name, String(fallback)));

export const freePort = (base: number, offset: number) => base + offset;

/**
 * A lean HTTP/1.1 client for load generation: node:http with keep-alive
 * sockets (fetch costs the client several times more CPU per request, and
 * the client shares the machine with the server).
 */
export const keepAliveClient = (baseUrl: string, maxSockets = 256) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets });
    const { hostname, port } = new URL(baseUrl);
    return {
        request: (method: string, path: string, headers: Record<string, string>, body?: string) =>
            new Promise<number>((resolve, reject) => {
                const req = http.request(
                    {
                        host: hostname,
                        port,
                        method,
                        path,
                        agent,
                        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
                    },
                    res => {
                        res.resume();
                        res.on('end', () => resolve(res.statusCode ?? 0));
                        res.on('error', reject);
                    },
                );
                req.on('error', reject);
                req.end(body);
            }),
        close: () => agent.destroy(),
    };
};

/** GET `url` with `connections` keep-alive clients for `seconds`, as a signed-in console would (autocannon, in its own process). */
export const autocannon = (url: string, connections: number, seconds: number, token: string) =>
    new Promise<{ p50: number; p99: number; requestsPerSecond: number; errors: number; non2xx: number }>((resolve, reject) => {
        const child = spawn(
            process.execPath,
            [
                path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
                '-c',
                String(connections),
                '-d',
                String(seconds),
                '-j',
                '-H',
                `authorization=Bearer ${token}`,
                url,
            ],
            { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        child.stdout.on('data', d => (out += d));
        child.on('exit', () => {
            try {
                const r = JSON.parse(out) as {
                    latency: { p50: number; p99: number };
                    requests: { average: number };
                    errors: number;
                    non2xx: number;
                };
                resolve({
                    p50: r.latency.p50,
                    p99: r.latency.p99,
                    requestsPerSecond: r.requests.average,
                    errors: r.errors,
                    non2xx: r.non2xx,
                });
            } catch (error) {
                reject(new Error(`autocannon: ${(error as Error).message}: ${out.slice(0, 300)}`));
            }
        });
    });

/**
 * An S3 bucket for a benchmark: s3rver in its own process (bench/s3-server.ts), and the environment that has
 * server/main.ts keep its files there (FILES_URL and the S3_* settings, docs/ops.md "Files in object storage").
 * s3rver stores on the local disk: it stands in for the protocol and the client's path, not for a network.
 */
export const startS3Bucket = async (port: number, bucket = 'bench') => {
    const url = `http://127.0.0.1:${port}`;
    const server = await startProcess('bench/s3-server.ts', { PORT: String(port), BUCKET: bucket }, url, '/');
    return {
        ...server,
        filesEnv: {
            FILES_URL: `s3://${bucket}/files`,
            S3_ENDPOINT: url,
            S3_REGION: 'us-east-1',
            S3_FORCE_PATH_STYLE: '1',
            // s3rver's own keys (S3RVER in tests/server/storage/s3Server.ts): it checks the requests' signatures
            AWS_ACCESS_KEY_ID: 'S3RVER',
            AWS_SECRET_ACCESS_KEY: 'S3RVER',
        },
    };
};
