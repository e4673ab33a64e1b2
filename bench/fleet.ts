// npx tsx bench/fleet.ts [--readers 2000] [--interval 10] [--seconds 60] [--profiles 500] [--db pglite|postgres] [--pg-url URL]
//
// A fleet of readers heartbeating every interval and pulling their unchanged
// access list (If-None-Match -> 304) against one platform server process, and
// the same paced load against a bare Fastify server that answers the same
// bytes, in the same run. Prints requests/s, p50/p99 latency, server CPU per
// 1,000 readers, and the ratios of the platform to the bare server.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceAuthorization } from '../contract/device-api';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/database';
import { scratchDatabase } from '../server/db/scratch';
import { accessGroups, badges, cardFormats, deviceAccessGroups, devices, profileAccessGroups, profiles } from '../server/db/schema';
import { seedDemoPlatform } from '../server/demo/seed';
import { sha256 } from '../server/crypto/tokens';
import { arg, keepAliveClient, latencyStats, startProcess, type LatencyStats, type ServerProcess } from './lib';
import { preparePlatform } from '../server/features';

const READERS = Number(arg('readers', '2000'));
const INTERVAL_S = Number(arg('interval', '10'));
const SECONDS = Number(arg('seconds', '60'));
const PROFILES = Number(arg('profiles', '500'));
const DB = arg('db', 'pglite') as 'pglite' | 'postgres';
const PG_URL = arg('pg-url', process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres');
const PORT = Number(arg('port', '8701'));

interface Credential {
    id: number;
    key: string;
}

/** A database with one account, its default access group holding PROFILES badge holders, and READERS approved devices serving it. */
const prepare = async (): Promise<{ env: Record<string, string>; credentials: Credential[]; cleanup: () => Promise<void> }> => {
    let env: Record<string, string>;
    let cleanup = async () => undefined as void;
    let target: { url?: string; dataDir?: string };
    if (DB === 'postgres') {
        const scratch = await scratchDatabase(PG_URL, 'bench_fleet');
        target = { url: scratch.url };
        env = { DATABASE_URL: scratch.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-')) };
        cleanup = scratch.drop;
    } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-'));
        target = { dataDir: path.join(dir, 'pglite') };
        env = { DATA_DIR: dir };
        cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const database = await openDatabase(target);
    const db = database.db;
    const first = await preparePlatform(db, { adminEmail: 'admin@bench.test', adminPassword: 'Bench#Pass1' });
    const demo = await seedDemoPlatform(db, first.mainAccountId, 'Bench#Pass1');
    const accountId = demo.customers[0].id;
    const [format] = await db.select().from(cardFormats).where(eq(cardFormats.key, 'h10301'));
    const [group] = await db
        .insert(accessGroups)
        .values({ account_id: accountId, description: 'All staff', default_group: true })
        .returning();
    for (let from = 0; from < PROFILES; from += 500) {
        const people = await db
            .insert(profiles)
            .values(Array.from({ length: Math.min(500, PROFILES - from) }, (_, i) => ({ account_id: accountId, acs_id: `B-${from + i}` })))
            .returning({ id: profiles.id });
        await db.insert(badges).values(
            people.map((p, i) => ({
                profile_id: p.id,
                account_id: accountId,
                card_format_id: format!.id,
                facility_code: 42,
                badge_number: from + i,
                card_length: 26,
            })),
        );
        await db.insert(profileAccessGroups).values(people.map(p => ({ profile_id: p.id, access_group_id: group!.id })));
    }
    const credentials: Credential[] = [];
    for (let from = 0; from < READERS; from += 500) {
        const batch = Array.from({ length: Math.min(500, READERS - from) }, (_, i) => {
            const hardwareId = `BENCH-${String(from + i + 1).padStart(5, '0')}`;
            return { hardwareId, key: createHmac('sha256', 'bench').update(hardwareId).digest('base64url') };
        });
        const rows = await db
            .insert(devices)
            .values(
                batch.map(b => ({
                    account_id: accountId,
                    hardware_id: b.hardwareId,
                    description: b.hardwareId,
                    status: 'offline' as const,
                    board_type: 'rock-gen3',
                    release: '4.1.0',
                    secret_hash: sha256(`${b.key}-secret`),
                    key_hash: sha256(b.key),
                    approved_at: new Date(),
                })),
            )
            .returning({ id: devices.id });
        await db.insert(deviceAccessGroups).values(rows.map(r => ({ device_id: r.id, access_group_id: group!.id })));
        rows.forEach((r, i) => credentials.push({ id: r.id, key: batch[i]!.key }));
    }
    await database.close();
    return { env, credentials, cleanup };
};

interface Run {
    heartbeat: LatencyStats;
    config: LatencyStats;
    requestsPerSecond: number;
    cpuSeconds: number;
    cpuPer1000Readers: number;
    rssMb: number;
}

/** Each reader, at its own offset, every interval: a heartbeat, then its configuration with If-None-Match. */
const drive = async (server: ServerProcess, credentials: Credential[], etags: Map<number, string>): Promise<Run> => {
    const intervalMs = INTERVAL_S * 1000;
    const samples = { heartbeat: [] as number[], config: [] as number[] };
    const errors = { heartbeat: 0, config: 0 };
    const client = keepAliveClient(server.url);
    const timed = async (kind: 'heartbeat' | 'config', request: () => Promise<number>, ok: number) => {
        const started = performance.now();
        try {
            if ((await request()) === ok) samples[kind].push(performance.now() - started);
            else errors[kind]++;
        } catch {
            errors[kind]++;
        }
    };
    const body = JSON.stringify({ release: '4.1.0', device_mode: 'one-fa', applied_config_version: 1, uptime_seconds: 100 });
    const cpuBefore = server.cpuSeconds();
    const started = Date.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
        credentials.map(async c => {
            const auth = deviceAuthorization(c.id, c.key);
            let next = started + Math.random() * intervalMs;
            while (next < end) {
                await new Promise(r => setTimeout(r, Math.max(0, next - Date.now())));
                await timed(
                    'heartbeat',
                    () =>
                        client.request(
                            'POST',
                            '/api/v2/device/heartbeat',
                            { authorization: auth, 'content-type': 'application/json' },
                            body,
                        ),
                    200,
                );
                await timed(
                    'config',
                    () => client.request('GET', '/api/v2/device/config', { authorization: auth, 'if-none-match': etags.get(c.id)! }),
                    304,
                );
                next += intervalMs;
            }
        }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    client.close();
    return {
        heartbeat: latencyStats(samples.heartbeat, errors.heartbeat),
        config: latencyStats(samples.config, errors.config),
        requestsPerSecond: (samples.heartbeat.length + samples.config.length) / elapsed,
        cpuSeconds,
        cpuPer1000Readers: cpuSeconds / elapsed / (credentials.length / 1000),
        rssMb: server.rssBytes() / 1024 / 1024,
    };
};

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const main = async () => {
    console.log(`Preparing ${DB}: ${READERS} readers, ${PROFILES} badge holders in their access list…`);
    const { env, credentials, cleanup } = await prepare();
    const platform = await startProcess(
        'server/main.ts',
        {
            ...env,
            PORT: String(PORT),
            HOST: '127.0.0.1',
            DEMO: '0',
            LOG_LEVEL: 'warn',
            DEVICE_HEARTBEAT_SECONDS: String(INTERVAL_S),
            DEVICE_OFFLINE_SECONDS: String(INTERVAL_S * 4),
            ADMIN_EMAIL: 'admin@bench.test',
        },
        `http://127.0.0.1:${PORT}`,
        '/api/v2/login_provider',
    );
    let bare: ServerProcess | undefined;
    try {
        // Readers hold their access list already: they learn its ETag from a heartbeat and pull with If-None-Match.
        const etags = new Map<number, string>();
        let heartbeatReply = '';
        for (const c of credentials) {
            const res = await fetch(`${platform.url}/api/v2/device/heartbeat`, {
                method: 'POST',
                headers: { authorization: deviceAuthorization(c.id, c.key), 'content-type': 'application/json' },
                body: '{}',
            });
            heartbeatReply = await res.text();
            etags.set(c.id, JSON.parse(heartbeatReply).config_etag);
        }
        const full = performance.now();
        const config = await fetch(`${platform.url}/api/v2/device/config`, {
            headers: { authorization: deviceAuthorization(credentials[0]!.id, credentials[0]!.key) },
        });
        const configBytes = (await config.arrayBuffer()).byteLength;
        const fullMs = performance.now() - full;

        console.log(`Platform server (${DB}): ${SECONDS} s of load…`);
        const real = await drive(platform, credentials, etags);
        await platform.stop();

        bare = await startProcess(
            'bench/bare-device-server.ts',
            { PORT: String(PORT + 1), HEARTBEAT_REPLY: heartbeatReply, CONFIG_ETAG: etags.get(credentials[0]!.id)! },
            `http://127.0.0.1:${PORT + 1}`,
            '/api/v2/login_provider',
        );
        const bareEtags = new Map(credentials.map(c => [c.id, etags.get(credentials[0]!.id)!]));
        console.log(`Bare Fastify, same bytes: ${SECONDS} s of load…`);
        const baseline = await drive(bare, credentials, bareEtags);

        const rows = [
            ['', 'platform', 'bare Fastify', 'ratio'],
            [
                'requests/s',
                fmt(real.requestsPerSecond, 1),
                fmt(baseline.requestsPerSecond, 1),
                fmt(real.requestsPerSecond / baseline.requestsPerSecond),
            ],
            ['heartbeat p50 ms', fmt(real.heartbeat.p50), fmt(baseline.heartbeat.p50), fmt(real.heartbeat.p50 / baseline.heartbeat.p50)],
            ['heartbeat p99 ms', fmt(real.heartbeat.p99), fmt(baseline.heartbeat.p99), fmt(real.heartbeat.p99 / baseline.heartbeat.p99)],
            ['config 304 p50 ms', fmt(real.config.p50), fmt(baseline.config.p50), fmt(real.config.p50 / baseline.config.p50)],
            ['config 304 p99 ms', fmt(real.config.p99), fmt(baseline.config.p99), fmt(real.config.p99 / baseline.config.p99)],
            [
                'server CPU per 1,000 readers (cores)',
                fmt(real.cpuPer1000Readers, 3),
                fmt(baseline.cpuPer1000Readers, 3),
                fmt(real.cpuPer1000Readers / baseline.cpuPer1000Readers),
            ],
            ['errors', String(real.heartbeat.errors + real.config.errors), String(baseline.heartbeat.errors + baseline.config.errors), ''],
            ['server RSS MB', fmt(real.rssMb, 0), fmt(baseline.rssMb, 0), ''],
        ];
        console.log(
            `\n${READERS} readers, heartbeat + unchanged configuration every ${INTERVAL_S} s, ${SECONDS} s, ${DB}, ${os.cpus().length} cores`,
        );
        for (const r of rows) console.log(`${r[0]!.padEnd(38)}${r[1]!.padStart(12)}${r[2]!.padStart(14)}${r[3]!.padStart(8)}`);
        console.log(`full configuration with ${PROFILES} badge holders: ${configBytes} bytes in ${fmt(fullMs, 1)} ms (first pull)`);
        fs.mkdirSync('bench/results', { recursive: true });
        fs.writeFileSync(
            `bench/results/fleet-${DB}.json`,
            JSON.stringify(
                {
                    readers: READERS,
                    interval: INTERVAL_S,
                    seconds: SECONDS,
                    profiles: PROFILES,
                    db: DB,
                    real,
                    baseline,
                    configBytes,
                    fullMs,
                },
                null,
                2,
            ),
        );
    } finally {
        await platform.stop();
        await bare?.stop();
        await cleanup();
    }
};

await main();
