/**
 * Webhooks (docs/performance.md "Webhooks"): what queuing
 * deliveries costs event ingestion, and how fast the sender empties a queue.
 * In the same run, batches of 100 events go in with the ingestion's own
 * statement (storeEvents), in rounds that alternate
 * - the trigger of migration 0020 turned off: ingestion as it was before;
 * - on, with no webhook anywhere (target: within noise, ratio ≥ 0.9);
 * - on, with 20 webhooks in other accounts;
 * - on, with one webhook of the events' account taking them all (a delivery a row).
 * Then the sender POSTs the queued deliveries to a local receiver.
 *
 *   node --import tsx bench/webhooks.ts [--rounds 10] [--batches 20] [--deliveries 2000]
 * PostgreSQL when BENCH_DATABASE_URL is set (a database is made there and dropped after), else PGlite in a temporary folder.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { testConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { signingSecret } from '../server/db/bootstrap';
import { openDatabase } from '../server/db/database';
import { webhookDeliveries, webhooks } from '../server/db/schema';
import { seedDemoPlatform } from '../server/demo/seed';
import { TokenSigner } from '../server/crypto/tokens';
import { memoryMailer } from '../server/mail/mailer';
import { createRealtime } from '../server/realtime';
import { createMetrics } from '../server/metrics';
import { storeEvents, type EventInsert } from '../server/resources/events/queries';
import { sendDueDeliveries } from '../server/resources/webhooks/delivery';
import { LocalDiskStorage } from '../server/storage';
import { DiskSpace } from '../server/storage/diskSpace';
import { preparePlatform } from '../server/features';
import { numberArg } from './lib';

const ROUNDS = numberArg('rounds', 10);
const BATCHES = numberArg('batches', 20);
const DELIVERIES = numberArg('deliveries', 2000);
const BATCH = 100;

const main = async () => {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-bench-webhooks-'));
    const dbName = `ac_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    let url: string | undefined;
    if (adminUrl) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`CREATE DATABASE ${dbName}`);
        await c.end();
        const u = new URL(adminUrl);
        u.pathname = `/${dbName}`;
        url = u.toString();
    }
    const database = await openDatabase(url ? { url } : { dataDir: path.join(work, 'pglite') });
    const db = database.db;
    const first = await preparePlatform(db, { adminEmail: 'bench@bench.example', adminPassword: 'Bench#Pass1' });
    const demo = await seedDemoPlatform(db, first.mainAccountId, 'Bench#Pass1');
    const files = path.join(work, 'files');
    const ctx: AppContext = {
        db,
        config: testConfig({ webhookTimeoutMs: 5000 }),
        signer: new TokenSigner(await signingSecret(db)),
        mailer: memoryMailer(),
        storage: new LocalDiskStorage(files),
        disk: new DiskSpace([files], 0),
        realtime: createRealtime(db),
        metrics: createMetrics(db),
        now: () => new Date(),
    };
    const account = demo.customers[0].id;
    const others = [demo.dealer.id, demo.customers[1].id, demo.otherCustomer.id, first.mainAccountId];
    let seq = 0;
    const batch = (): EventInsert[] =>
        Array.from({ length: BATCH }, () => ({
            account_id: account,
            event: '1FAFaceAuthenticated',
            timestamp: new Date(Date.now() - 1000 + (++seq % 1000)),
            profiles: [],
            profile_ids: [],
            badge_numbers: [],
            device_event_id: `bench-${seq}`,
        }));

    type Mode = 'trigger off' | 'no webhook' | '20 webhooks elsewhere' | 'one matching webhook';
    const modes: Mode[] = ['trigger off', 'no webhook', '20 webhooks elsewhere', 'one matching webhook'];
    const setMode = async (mode: Mode) => {
        await db.delete(webhooks);
        await db.execute(sql.raw(`alter table events ${mode === 'trigger off' ? 'disable' : 'enable'} trigger webhook_deliveries_queue`));
        if (mode === '20 webhooks elsewhere')
            await db.insert(webhooks).values(
                Array.from({ length: 20 }, (_, i) => ({
                    account_id: others[i % others.length]!,
                    url: 'http://127.0.0.1:9/',
                    secret: 'x'.repeat(20),
                })),
            );
        if (mode === 'one matching webhook')
            await db.insert(webhooks).values({ account_id: account, url: 'http://127.0.0.1:9/', secret: 'x'.repeat(20) });
    };
    const elapsed = Object.fromEntries(modes.map(m => [m, 0])) as Record<Mode, number>;
    // Warm up, then rounds that alternate the modes so drift (caches, table growth) falls on each alike.
    for (let i = 0; i < 5; i++) await storeEvents(db, batch());
    for (let round = 0; round < ROUNDS; round++)
        for (const mode of round % 2 ? [...modes].reverse() : modes) {
            await setMode(mode);
            const started = process.hrtime.bigint();
            for (let b = 0; b < BATCHES; b++) await storeEvents(db, batch());
            elapsed[mode] += Number(process.hrtime.bigint() - started) / 1e9;
        }
    const perMode = ROUNDS * BATCHES * BATCH;
    const rate = (mode: Mode) => perMode / elapsed[mode];
    console.log(`database: ${adminUrl ? 'PostgreSQL' : 'PGlite'}; ${perMode} events per mode, batches of ${BATCH}`);
    for (const mode of modes)
        console.log(
            `  ${mode.padEnd(24)} ${Math.round(rate(mode)).toLocaleString('en-US').padStart(8)} events/s  ${(rate(mode) / rate('trigger off')).toFixed(2)}x`,
        );

    // The sender: a queue of deliveries to a receiver on the loopback.
    await setMode('no webhook');
    let received = 0;
    const receiver = http.createServer((request, response) => {
        request.resume();
        request.on('end', () => {
            received++;
            response.writeHead(204).end();
        });
    });
    await new Promise<void>(resolve => receiver.listen(0, '127.0.0.1', resolve));
    const [hook] = await db
        .insert(webhooks)
        .values({ account_id: account, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: 'x'.repeat(20) })
        .returning();
    for (let i = 0; i < DELIVERIES; i += BATCH) await storeEvents(db, batch().slice(0, Math.min(BATCH, DELIVERIES - i)));
    const started = process.hrtime.bigint();
    while ((await sendDueDeliveries(ctx)) > 0);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhook_id, hook!.id))) as [{ n: number }];
    console.log(`  sender: ${received} of ${n} deliveries in ${seconds.toFixed(1)} s = ${Math.round(received / seconds)} deliveries/s`);

    receiver.close();
    await ctx.realtime.close();
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
    if (adminUrl) {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
    }
};

await main();
