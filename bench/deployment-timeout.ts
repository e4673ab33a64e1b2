/**
 * The deployment-phases job with the reader timeout (docs/performance.md
 * "Deployment reader timeout"): one deployment of N readers under way (1 %
 * of them have reported a step), as the job finds it every 5 s.
 * Each steady state is measured against a baseline in the same run: the job
 * as it was before the timeout (DEPLOYMENT_READER_TIMEOUT=0 skips that
 * statement), median of 30 runs each.
 * 1. the first day: the phase started 2 hours ago, nobody can be due;
 * 2. the wave, 25 hours in: the 99 % that never reported are due at once;
 *    one run fails them and writes their log lines;
 * 3. after it: 1 % still at work (reported an hour ago), nobody due.
 *
 *   node --import tsx bench/deployment-timeout.ts [--readers 100000]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite.
 */
import { inArray, sql } from 'drizzle-orm';
import { rows } from '../server/db/database';
import { deploymentDevices, devices, firmwareArtifacts } from '../server/db/schema';
import { advanceDeployments, insertDeployment } from '../server/resources/deployments/queries';
import { startBenchPlatform } from './platform';

const argument = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = argument('readers', 100_000);
const RUNS = 30;
const DAY_S = 24 * 3600;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const bench = await startBenchPlatform('deployment-timeout', { port: 0 });
const db = bench.db;
log(`${bench.kind}: one deployment of ${N} readers`);
const ids: number[] = [];
for (let from = 0; from < N; from += 1000) {
    const batch = await db
        .insert(devices)
        .values(
            Array.from({ length: Math.min(1000, N - from) }, (_, i) => ({
                account_id: bench.mainAccountId,
                hardware_id: `TIMEOUT-${from + i}`,
                status: 'online' as const,
                board_type: 'rock-gen2',
                secret_hash: 'bench',
                approved_at: new Date(),
            })),
        )
        .returning({ id: devices.id });
    ids.push(...batch.map(b => b.id));
}
// The artifact row only: the job never opens the file.
const [artifact] = await db
    .insert(firmwareArtifacts)
    .values({
        account_id: bench.mainAccountId,
        name: 'release-bench',
        device_types: ['rock-gen2'],
        size: 1,
        checksum: '0'.repeat(64),
        storage_key: 'bench/none',
        file_name: 'bench.mender',
        manifest: '',
    })
    .returning({ id: firmwareArtifacts.id });
const start = new Date(Date.now() - 3600_000);
const deploymentId = await insertDeployment(
    db,
    {
        account_id: bench.mainAccountId,
        name: 'bench',
        artifact: { id: artifact!.id, name: 'release-bench' },
        retries: 0,
        filter: null,
        phases: [{ share: null, start_at: start }],
        devices: ids.map(id => ({ id, hardware_id: `TIMEOUT-${id}`, description: '', board_type: 'rock-gen2' })),
        created_by: 0,
        created_by_name: 'bench',
    },
    new Date(start.getTime() - 1000),
);
// 1 % of the readers are at work: they last reported 23 hours into the phase.
const HOUR = 3600_000;
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
await db
    .update(deploymentDevices)
    .set({ status: 'downloading', started_at: at(0.5), updated_at: at(23) })
    .where(
        inArray(
            deploymentDevices.device_id,
            ids.filter((_, i) => i % 100 === 0),
        ),
    );
await db.execute(sql`analyze`);

const median = async (timeoutSeconds: number, now: Date) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await advanceDeployments(db, now, timeoutSeconds);
        times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[RUNS >> 1]!;
};
const compare = async (what: string, now: Date) => {
    // Warm both paths once, then measure them one after the other.
    await median(0, now);
    await median(DAY_S, now);
    const baseline = await median(0, now);
    const withTimeout = await median(DAY_S, now);
    log(
        `${what}: without the timeout ${baseline.toFixed(1)} ms, with it ${withTimeout.toFixed(1)} ms per run (median of ${RUNS}), ${(withTimeout / baseline).toFixed(2)}× the baseline`,
    );
};
await compare('the first day, nobody due', at(2));

const t = performance.now();
await advanceDeployments(db, at(25), DAY_S);
const wave = performance.now() - t;
const [after] = await rows<{ failed: number; open: number; lines: number }>(
    db,
    sql`select (select count(*)::int from deployment_devices where deployment_id = ${deploymentId} and status = 'failure') as failed,
               (select count(*)::int from deployment_devices where deployment_id = ${deploymentId} and status = 'downloading') as open,
               (select count(*)::int from deployment_logs) as lines`,
);
log(
    `the wave 25 hours in: ${after!.failed} silent readers failed with ${after!.lines} log lines in one run of ${wave.toFixed(0)} ms; ${after!.open} at work left alone`,
);
// As autovacuum would after so many changes.
await db.execute(sql`analyze`);
await compare('then, 1 % still at work, nobody due', at(25.5));
await bench.close();
