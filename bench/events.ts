/**
 * Events at scale (docs/performance.md "Security events at scale"): fills
 * the events table, then measures in the same run
 * - ingestion through POST /device/events against a bare INSERT of the same
 *   rows, in the statement the API uses (target: at least 0.5x with images);
 * - GET /events p50/p99 under concurrent clients, for the default page and
 *   three filtered pages, against the same SQL run directly (target: p99
 *   within 3x);
 * - memory over a soak of ingestion, lists and live consoles (target: flat);
 * - the dashboard from the rollups (target: 100 ms) and the statistics,
 *   against the direct count of events they replaced (docs/performance.md
 *   "Rollups").
 *
 *   node --expose-gc --import tsx bench/events.ts [--events 1000000] [--readers 100] [--profiles 10000]
 *       [--clients 20] [--duration 20] [--soak 10] [--sample 50000] [--images 2000] [--files DIR] [--days 30] [--sql-fill]
 * PostgreSQL when BENCH_DATABASE_URL is set (a database is created there and
 * dropped after), else PGlite in a temporary folder. Small sizes make a quick check.
 * --files puts the event images in another folder (another volume, a tmpfs)
 * than the temporary one, to see what the disk costs.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { MAX_EVENT_IMAGE_BYTES, MAX_EVENTS_PER_BATCH } from '../contract/device-events';
import { events } from '../server/db/schema';
import { drawFrame } from '../server/demo/fleet/frames';
import { countEvents } from '../server/resources/events/aggregate';
import { eventsWhere, toEventQuery, type EventScope } from '../server/resources/events/filters';
import { eventsPage, existingLinks, insertEventRows, listEvents } from '../server/resources/events/queries';
import { ensureEventPartitions, eventsPartitioned } from '../server/resources/events/partitions';
import { fillEventsInSql, generateEvents, makePlatform, type BenchEvent } from './events-data';
import { startBenchPlatform } from './platform';
import { autocannon, machineBusySeconds, numberArg } from './lib';
import { ingestClient, ingestRequest, readerBatches } from './ingestClient';
import { chunksOf } from '../server/device-api/events';

const sizes = {
    events: numberArg('events', 1_000_000),
    readers: numberArg('readers', 100),
    profiles: numberArg('profiles', 10_000),
    accounts: numberArg('accounts', 10),
    clients: numberArg('clients', 20),
    duration: numberArg('duration', 20),
    soakMinutes: numberArg('soak', 10),
    sample: numberArg('sample', 50_000),
    images: numberArg('images', 2000),
    concurrency: numberArg('concurrency', 4),
    port: numberArg('port', 8383),
    /** the fill's events spread over this many days (30: two monthly partitions on PostgreSQL; 365: thirteen) */
    days: numberArg('days', 30),
};
/** --sql-fill: the fill made by the database itself (generate_series), for 10,000,000 events in minutes */
const sqlFill = process.argv.includes('--sql-fill');
const filesDir = process.argv.includes('--files') ? path.resolve(process.argv[process.argv.indexOf('--files') + 1]!) : undefined;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Runs `work` on `concurrency` workers until the items are done. */
const pooled = async <T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) => {
    let next = 0;
    await Promise.all(
        Array.from({ length: concurrency }, async () => {
            while (next < items.length) await work(items[next++]!);
        }),
    );
};

// ---- database and server ----
const bench = await startBenchPlatform('events', { port: sizes.port, filesDir });
const { kind, db, base, token } = bench;
log(`${kind}: ${JSON.stringify(sizes)}`);

const platform = await makePlatform(db, bench.mainAccountId, sizes);
const now = Date.now();
const results: Record<string, unknown> = { database: kind, sizes };

// ---- fill ----
const fillCount = Math.max(0, sizes.events - 3 * sizes.sample - 3 * sizes.images);
let filled = 0;
const fillStart = performance.now();
let batch: BenchEvent[] = [];
const fillBatches: BenchEvent[][] = [];
const flushFill = async () => {
    await pooled(fillBatches.splice(0), sizes.concurrency, async b => {
        await db.insert(events).values(b.map(e => e.row));
    });
};
// On PostgreSQL, the months the fill reaches have their partitions (migration 0023 made this month's and the next two).
await ensureEventPartitions(db, new Date(now), 2, Math.ceil(sizes.days / 28));
results.partitioned = await eventsPartitioned(db);
if (sqlFill)
    await fillEventsInSql(db, platform, fillCount, {
        days: sizes.days,
        now,
        prefix: 'fill',
        onChunk: done => log(`filled ${done} events (${round(done / ((performance.now() - fillStart) / 1000), 0)}/s)`),
    });
for (const e of sqlFill ? [] : generateEvents(platform, fillCount, { seed: 1, days: sizes.days, now, prefix: 'fill' })) {
    batch.push(e);
    if (batch.length === 1000) {
        fillBatches.push(batch);
        batch = [];
        if (fillBatches.length === 20) await flushFill();
        filled += 1000;
        if (filled % 100_000 === 0) log(`filled ${filled} events (${round(filled / ((performance.now() - fillStart) / 1000), 0)}/s)`);
    }
}
if (batch.length) fillBatches.push(batch);
await flushFill();
const fillSeconds = (performance.now() - fillStart) / 1000;
// After a bulk load, as autovacuum (PostgreSQL) or the maintenance job (PGlite) would do.
const vacuumStart = performance.now();
await db.execute(sql`vacuum (analyze) events`);
results.fill = {
    events: fillCount,
    eventsPerSecond: round(fillCount / fillSeconds, 0),
    vacuumAnalyzeSeconds: round((performance.now() - vacuumStart) / 1000, 1),
};
log(`fill: ${JSON.stringify(results.fill)}`);

// ---- ingestion: API against a bare INSERT of the same rows ----
// The readers' requests leave from a thread of their own, as from other machines: the server's thread does only the server's work.
const client = ingestClient();
const ingestUrl = `${base}/api/v2/device/events`;
const compareIngestion = async (count: number, seed: number, images?: Buffer[]) => {
    const bare = [...generateEvents(platform, count, { seed, days: 30, now, prefix: `bare${seed}` })];
    const values = [...generateEvents(platform, count, { seed, days: 30, now, prefix: `values${seed}` })];
    const api = [...generateEvents(platform, count, { seed, days: 30, now, prefix: `api${seed}` })];
    const withImage = (e: BenchEvent) =>
        images ? { ...e.row, image_key: `${e.row.image_key ?? `events/bench/${e.row.device_event_id}.jpg`}` } : e.row;
    let bareMs = 0;
    let valuesMs = 0;
    let apiMs = 0;
    // Where the API's time goes: the process's CPU (server, database, client, file system calls) and the event loop's delay.
    let apiCpuMs = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    const CHUNK = Math.min(5000, count);
    // What each costs the whole machine (client, server, database and kernel share its cores): busy CPU seconds.
    let bareBusy = 0;
    let apiBusy = 0;
    const timed = async (batches: BenchEvent[][], insert: (rows: ReturnType<typeof withImage>[]) => Promise<unknown>) => {
        const t = performance.now();
        const busy = machineBusySeconds();
        await pooled(batches, sizes.concurrency, async b => {
            await insert(b.map(withImage));
        });
        if (insert === bareInsert) bareBusy += machineBusySeconds() - busy;
        return performance.now() - t;
    };
    const bareInsert = (rows: ReturnType<typeof withImage>[]) => db.execute(insertEventRows(rows));
    for (let i = 0; i < count; i += CHUNK) {
        // Alternating chunks, so all three meet the same table size and the same machine load.
        // The baseline: the statement the API stores rows with (insertEventRows), without what the API adds to it.
        bareMs += await timed(readerBatches(bare.slice(i, i + CHUNK)), bareInsert);
        // drizzle's multi-row VALUES, the baseline of the figures before 2026-11-27 (docs/performance.md "Events as columns").
        valuesMs += await timed(readerBatches(values.slice(i, i + CHUNK)), rows => db.insert(events).values(rows));
        const apiRequests = readerBatches(api.slice(i, i + CHUNK)).map(b => ingestRequest(b, images));
        const cpu = process.cpuUsage();
        const busy = machineBusySeconds();
        loopDelay.enable();
        apiMs += await client.post(ingestUrl, apiRequests, sizes.concurrency);
        loopDelay.disable();
        apiBusy += machineBusySeconds() - busy;
        const used = process.cpuUsage(cpu);
        apiCpuMs += (used.user + used.system) / 1000;
    }
    const bareRate = count / (bareMs / 1000);
    const valuesRate = count / (valuesMs / 1000);
    const apiRate = count / (apiMs / 1000);
    return {
        events: count,
        bareInsertPerSecond: round(bareRate, 0),
        apiPerSecond: round(apiRate, 0),
        ratio: round(apiRate / bareRate),
        valuesInsertPerSecond: round(valuesRate, 0),
        ratioToValuesInsert: round(apiRate / valuesRate),
        apiProcessCores: round(apiCpuMs / apiMs),
        // the machine's busy cores during each, and its CPU time an event (ms): a ratio's ceiling when the cores are all busy
        bareMachineCores: round(bareBusy / (bareMs / 1000)),
        apiMachineCores: round(apiBusy / (apiMs / 1000)),
        bareMachineCpuMsPerEvent: round((bareBusy * 1000) / count, 3),
        apiMachineCpuMsPerEvent: round((apiBusy * 1000) / count, 3),
        apiEventLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6, 1),
    };
};
/**
 * The benchmark's own client shares the process: how many events with images
 * per second it can send at all, to a server that only reads the bodies and
 * answers as the API does (`parse` false), or that also parses them as the
 * API does, every image part's pieces read (`parse` true): the API's
 * rate cannot pass either, whatever its storage and database do.
 */
const sinkAlone = async (count: number, images: Buffer[], parse: boolean) => {
    const sink = Fastify();
    if (parse) await sink.register(multipart, { limits: { fileSize: MAX_EVENT_IMAGE_BYTES, files: MAX_EVENTS_PER_BATCH } });
    else
        sink.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
            payload.resume();
            payload.on('end', () => done(null, undefined));
        });
    sink.post('/', async request => {
        if (parse) for await (const part of request.parts()) if (part.type === 'file') await chunksOf(part.file);
        return { accepted: Array.from({ length: Number(request.headers['x-count']) }, () => ({})) };
    });
    const url = await sink.listen({ port: 0, host: '127.0.0.1' });
    const requests = readerBatches([...generateEvents(platform, count, { seed: 4, days: 30, now, prefix: 'client' })]).map(b =>
        ingestRequest(b, images, { 'x-count': String(b.length) }),
    );
    const busy = machineBusySeconds();
    const ms = await client.post(url, requests, sizes.concurrency);
    const cpuMsPerEvent = round(((machineBusySeconds() - busy) * 1000) / count, 3);
    await sink.close();
    return { perSecond: round(count / (ms / 1000), 0), cpuMsPerEvent };
};

results.ingestion = await compareIngestion(sizes.sample, 2);
log(`ingestion (JSON batches): ${JSON.stringify(results.ingestion)}`);
if (sizes.images > 0) {
    const frames = [drawFrame(1, 1), drawFrame(2, 2), drawFrame(1, 3)].map(f => f.jpeg);
    const withImages = await compareIngestion(sizes.images, 3, frames);
    const clientAlone = await sinkAlone(sizes.images, frames, false);
    const multipartAlone = await sinkAlone(sizes.images, frames, true);
    // With every core busy, the API cannot take more events a second than the cores over what the bare insert's row and
    // the image's sending and parsing alone cost the machine: its ratio's ceiling here, whatever the API itself adds.
    const ceilingPerSecond = (os.availableParallelism() * 1000) / (withImages.bareMachineCpuMsPerEvent + multipartAlone.cpuMsPerEvent);
    results.ingestionWithImages = {
        ...withImages,
        imageBytes: frames[0]!.length,
        clientAlonePerSecond: clientAlone.perSecond,
        clientAloneMachineCpuMsPerEvent: clientAlone.cpuMsPerEvent,
        multipartAlonePerSecond: multipartAlone.perSecond,
        multipartAloneMachineCpuMsPerEvent: multipartAlone.cpuMsPerEvent,
        ratioCeilingOnTheseCores: round(ceilingPerSecond / withImages.bareInsertPerSecond),
    };
    log(`ingestion (multipart, one ${frames[0]!.length}-byte JPEG per event): ${JSON.stringify(results.ingestionWithImages)}`);
}

// ---- what the rollup triggers add to a bare insert: the same batches with them on and off ----
const rollupTriggerCost = async (count: number, days: number, label: string) => {
    const on = [...generateEvents(platform, count, { seed: 5, days, now, prefix: `rollon${label}` })];
    const off = [...generateEvents(platform, count, { seed: 6, days, now, prefix: `rolloff${label}` })];
    const insert = (chunk: BenchEvent[]) =>
        pooled(readerBatches(chunk), sizes.concurrency, async b => {
            await db.insert(events).values(b.map(e => e.row));
        });
    const rollupTrigger = (name: 'insert' | 'delete', enabled: boolean) =>
        db.execute(sql.raw(`alter table events ${enabled ? 'enable' : 'disable'} trigger event_rollups_${name}`));
    let onMs = 0;
    let offMs = 0;
    const CHUNK = Math.min(5000, count);
    for (let i = 0; i < count; i += CHUNK) {
        let t = performance.now();
        await insert(on.slice(i, i + CHUNK));
        onMs += performance.now() - t;
        await rollupTrigger('insert', false);
        t = performance.now();
        await insert(off.slice(i, i + CHUNK));
        offMs += performance.now() - t;
        await rollupTrigger('insert', true);
    }
    // The rows stored unseen by the rollups leave the same way, so the rollups stay exact for what follows.
    await rollupTrigger('delete', false);
    await db.execute(sql`delete from events where device_event_id like 'rolloff%'`);
    await rollupTrigger('delete', true);
    return {
        events: count,
        withTriggersPerSecond: round(count / (onMs / 1000), 0),
        withoutPerSecond: round(count / (offMs / 1000), 0),
        ratio: round(offMs / onMs),
    };
};
// Spread over 30 days, as the ingestion above (each batch of 100 meets some 100 hourly rows: the worst case), and over
// the last hour, as readers send them (a few rows a batch).
results.rollupTriggerCost = {
    over30Days: await rollupTriggerCost(sizes.sample / 2, 30, '30d'),
    overTheLastHour: await rollupTriggerCost(sizes.sample / 2, 1 / 24, '1h'),
};
log(`bare insert with the rollup triggers against without: ${JSON.stringify(results.rollupTriggerCost)}`);

// ---- list latency: API against the same SQL ----
const account = platform.accountIds[0]!;
const reader = platform.readers.find(r => r.account_id === account)!;
const threeDaysAgo = new Date(now - 3 * 86_400_000).toISOString();
const scenarios: { name: string; query: Record<string, string> }[] = [
    { name: 'default page (newest first)', query: {} },
    { name: 'group=authenticated', query: { group: 'authenticated' } },
    { name: `device_id (one of ${platform.readers.length / platform.accountIds.length} readers)`, query: { device_id: String(reader.id) } },
    { name: 'last 3 days (from/to)', query: { from: threeDaysAgo, to: new Date(now).toISOString() } },
];
/** The list's SQL run directly by `clients` loops: the page and its count as the route runs them, or the page alone. */
const directSql = async (query: Record<string, string>, pageOnly = false) => {
    const filters = toEventQuery({ ...query, device_id: query.device_id ? Number(query.device_id) : undefined } as never);
    const where = eventsWhere({ accountId: account }, filters);
    const latencies: number[] = [];
    const until = performance.now() + sizes.duration * 1000;
    await Promise.all(
        Array.from({ length: sizes.clients }, async () => {
            while (performance.now() < until) {
                const t = performance.now();
                if (pageOnly) await eventsPage(db, where, { page: 1, per_page: 20 });
                else {
                    const page = await listEvents(db, { accountId: account }, filters, { page: 1, per_page: 20 });
                    await existingLinks(db, page.result);
                }
                latencies.push(performance.now() - t);
            }
        }),
    );
    return {
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        requestsPerSecond: round(latencies.length / sizes.duration, 0),
    };
};
const lists: Record<string, unknown>[] = [];
for (const s of scenarios) {
    const url = `${base}/api/v2/events?${new URLSearchParams({ account_id: String(account), ...s.query })}`;
    // A keep-alive socket the server closed after the previous load may fail once: ask again.
    const ask = () =>
        fetch(url, { headers: { authorization: `Bearer ${token}` } }).then(
            r => r.json() as Promise<{ result: unknown[]; count: number; count_is_estimate: boolean }>,
        );
    const check = await ask().catch(ask);
    await directSql(s.query).catch(() => undefined);
    const sqlFigures = await directSql(s.query);
    // The least the page can cost: its 20 rows read from the index in its order, no count (the SQL within 5x:
    // docs/performance.md "Lists against their index-only page").
    const indexOnly = await directSql(s.query, true);
    const api = await autocannon(url, sizes.clients, sizes.duration, token);
    const line = {
        scenario: s.name,
        rows: check.count,
        estimate: check.count_is_estimate,
        sql: sqlFigures,
        api,
        p50Ratio: round(api.p50 / sqlFigures.p50),
        p99Ratio: round(api.p99 / sqlFigures.p99),
        indexOnly,
        sqlOverIndexOnlyP99: round(sqlFigures.p99 / indexOnly.p99),
    };
    lists.push(line);
    log(`list ${JSON.stringify(line)}`);
}
results.lists = lists;

// ---- dashboard and statistics (rollups): the dashboard's target is 100 ms; the baseline is the direct count it replaced ----
const DASHBOARD_TARGET_MS = 100;
const timedCall = async (call: () => Promise<unknown>, times = 5) => {
    const took: number[] = [];
    for (let i = 0; i < times; i++) {
        const t = performance.now();
        await call();
        took.push(performance.now() - t);
    }
    return { first: round(took[0]!, 0), medianOfTheRest: round(percentile(took.slice(1), 50), 0) };
};
const timed = (url: string) =>
    timedCall(async () => {
        const res = await fetch(`${base}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    });
/** The event tiles' two counts as the dashboard made them before the rollups: every event of the last 30 days read. */
const directTiles = (scope: EventScope) => () => {
    const at = Date.now();
    const dayStart = new Date(at - (at % 86_400_000) - 29 * 86_400_000);
    return Promise.all([
        countEvents(db, scope, { from: new Date(at - 86_400_000) }, ['group'], 0),
        countEvents(db, scope, { from: dayStart }, ['day', 'group'], 0),
    ]);
};
const thirtyDaysAgo = new Date(now - 30 * 86_400_000);
const compared = async (
    api: () => Promise<{ first: number; medianOfTheRest: number }>,
    direct: () => Promise<unknown>,
    target?: number,
) => {
    const reply = await api();
    const baseline = await timedCall(direct);
    return {
        apiMs: reply,
        directCountMs: baseline,
        ratio: round(reply.medianOfTheRest / baseline.medianOfTheRest),
        ...(target ? { targetMs: target, met: reply.medianOfTheRest <= target } : {}),
    };
};
results.dashboardAndStatistics = {
    dashboardOfOneAccount: await compared(
        () => timed(`/dashboard?account_id=${account}`),
        directTiles({ accountId: account }),
        DASHBOARD_TARGET_MS,
    ),
    dashboardOfThePlatform: await compared(() => timed('/dashboard'), directTiles({ pathPrefix: '/' }), DASHBOARD_TARGET_MS),
    statistics30DaysByDayAndType: await compared(
        () => timed(`/events/aggregate?account_id=${account}&group_by=day,type&from=${thirtyDaysAgo.toISOString()}`),
        () => countEvents(db, { accountId: account }, { from: thirtyDaysAgo }, ['day', 'type'], 0),
    ),
};
log(`dashboard and statistics (ms; the API with the rollups against the direct count): ${JSON.stringify(results.dashboardAndStatistics)}`);

// ---- soak: ingestion, lists and live consoles; memory sampled ----
if (sizes.soakMinutes > 0) {
    const seconds = Math.round(sizes.soakMinutes * 60);
    const samples: { t: number; rssMb: number; heapMb: number }[] = [];
    const sample = () => {
        (globalThis as { gc?: () => void }).gc?.();
        const m = process.memoryUsage();
        samples.push({
            t: round((performance.now() - soakStart) / 1000, 0),
            rssMb: round(m.rss / 2 ** 20, 1),
            heapMb: round(m.heapUsed / 2 ** 20, 1),
        });
    };
    const soakStart = performance.now();
    const consoles = await Promise.all(
        [0, 1].map(async () => {
            const controller = new AbortController();
            const res = await fetch(`${base}/api/v2/events/live?cross_account=true`, {
                headers: { authorization: `Bearer ${token}` },
                signal: controller.signal,
            });
            let received = 0;
            const reading = (async () => {
                try {
                    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
                        received += Buffer.from(chunk).toString().split('event: event').length - 1;
                } catch {
                    // aborted at the end
                }
            })();
            return { stop: async () => (controller.abort(), await reading, received) };
        }),
    );
    sample();
    const timer = setInterval(sample, 10_000);
    let stop = false;
    let ingested = 0;
    const soakEvents = generateEvents(platform, 10_000_000, { seed: 4, days: 1, now, prefix: 'soak' });
    const ingest = (async () => {
        // About 100 events a second, as a fleet of 100 readers would send them.
        while (!stop) {
            const t = performance.now();
            const chunk = Array.from({ length: 100 }, () => soakEvents.next().value as BenchEvent);
            await client.post(
                ingestUrl,
                readerBatches(chunk).map(b => ingestRequest(b)),
                2,
            );
            ingested += chunk.length;
            await new Promise(r => setTimeout(r, Math.max(0, 1000 - (performance.now() - t))));
        }
    })();
    const listing = await autocannon(`${base}/api/v2/events?account_id=${account}`, 5, seconds, token);
    stop = true;
    await ingest;
    clearInterval(timer);
    sample();
    const received = await Promise.all(consoles.map(c => c.stop()));
    const firstMinute = samples.filter(s => s.t <= 60);
    const lastMinute = samples.filter(s => s.t >= seconds - 60);
    const avg = (list: typeof samples, key: 'rssMb' | 'heapMb') =>
        round(list.reduce((n, s) => n + s[key], 0) / Math.max(1, list.length), 1);
    results.soak = {
        seconds,
        ingested,
        liveEventsReceived: received,
        listRequestsPerSecond: listing.requestsPerSecond,
        listP99: listing.p99,
        heapMb: {
            firstMinute: avg(firstMinute, 'heapMb'),
            lastMinute: avg(lastMinute, 'heapMb'),
            max: Math.max(...samples.map(s => s.heapMb)),
        },
        rssMb: {
            firstMinute: avg(firstMinute, 'rssMb'),
            lastMinute: avg(lastMinute, 'rssMb'),
            max: Math.max(...samples.map(s => s.rssMb)),
        },
        samples,
    };
    log(`soak: ${JSON.stringify({ ...(results.soak as object), samples: undefined })}`);
}

// ---- report ----
console.log('\n=== result ===');
console.log(JSON.stringify(results, null, 2));
await client.close();
await bench.close();
process.exit(0);
