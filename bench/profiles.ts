/**
 * Profiles at scale (docs/performance.md "Profiles"): 1M profiles with 2M
 * badges over 100 accounts (one of them, the biggest, holds a fifth of the
 * profiles), with access group memberships; then, in the same run:
 * - GET /profiles?q=FC:NUMBER (a badge that exists, picked per request) and
 *   the default list page GET /profiles, as a moderator of the biggest
 *   account, under concurrent clients, against the same statements
 *   (listProfiles + toProfiles) called directly with the same concurrency.
 *   Target: the route's p99 within 3x of its SQL's.
 * - one POST /opt_out/csv of a 100,000-line CSV into that account, with the
 *   server's RSS sampled every 100 ms (it runs in this process), against a
 *   bare load of the same lines into card_lists (COPY on PGlite, one
 *   INSERT … SELECT FROM unnest on PostgreSQL). Target: memory flat.
 *
 *   node --import tsx bench/profiles.ts [--profiles 1000000] [--clients 20] [--duration 5] [--optout 100000]
 *       [--accounts 100] [--held 0.01]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite. Small sizes make a quick check:
 *   node --import tsx bench/profiles.ts --profiles 20000 --optout 5000 --duration 2
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_OPTIONS } from '../contract/session';
import { accounts, cardFormats, users } from '../server/db/schema';
import { hashPassword } from '../server/crypto/passwords';
import { listProfiles, toProfiles, type ProfileFilters } from '../server/resources/profiles/queries';
import { makePlatform } from './events-data';
import { autocannon, numberArg } from './lib';
import { startBenchPlatform } from './platform';

const sizes = {
    profiles: numberArg('profiles', 1_000_000),
    accounts: numberArg('accounts', 100),
    clients: numberArg('clients', 20),
    duration: numberArg('duration', 5),
    optout: numberArg('optout', 100_000),
    /** the share of opt-out lines that are badges of existing profiles (deleted by the import) */
    held: numberArg('held', 0.01),
    port: numberArg('port', 8385),
};
/** The biggest account holds this share of the profiles; the others share the rest evenly. */
const BIGGEST_SHARE = 0.2;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
/** An integer array as one parameter, whatever its length. */
const intArray = (values: number[]) => `{${values.map(v => Math.trunc(v)).join(',')}}`;

const bench = await startBenchPlatform('profiles', { port: sizes.port });
const { kind, db, base } = bench;
log(`${kind}: ${JSON.stringify(sizes)}`);

// ---- data ----
const fillStart = performance.now();
// Accounts and one reader each (the profiles' last device); profiles in one statement below.
const platform = await makePlatform(db, bench.mainAccountId, { accounts: sizes.accounts, readers: sizes.accounts, profiles: 0 });
const biggest = platform.accountIds[0]!;
const readerOf = platform.accountIds.map(a => platform.readers.find(r => r.account_id === a)!.id);
const formatId = async (key: string) => (await db.select({ id: cardFormats.id }).from(cardFormats).where(eq(cardFormats.key, key)))[0]!.id;
const [h10301, h10306] = [await formatId('h10301'), await formatId('h10306')];
// Profile i goes to the biggest account when i % 1000 < 200, else to one of the others in turn; half have a last activity and device.
await db.execute(sql`
    insert into profiles (account_id, acs_id, status, last_activity_at, last_device_id)
    select (${intArray(platform.accountIds)}::int[])[s.k], 'ACS-' || i, case when i % 50 = 0 then 'inactive' else 'active' end,
        case when i % 2 = 0 then now() - (i % 2000) * interval '1 hour' end,
        case when i % 2 = 0 then (${intArray(readerOf)}::int[])[s.k] end
    from generate_series(0, ${sizes.profiles - 1}::int) i,
        lateral (select case when ${sizes.accounts}::int = 1 or i % 1000 < ${BIGGEST_SHARE * 1000}::int then 1
                             else 2 + i % greatest(${sizes.accounts - 1}::int, 1) end as k) s`);
// Two badges a profile, unique in their format: the profile id split into a facility code and a 16-bit card number (as bench/search.ts).
await db.execute(sql`
    insert into badges (profile_id, account_id, card_format_id, badge_number, facility_code, card_length)
    select id, account_id, ${h10301}::int, id % 65536, (id / 65536) % 256, 26 from profiles
    union all
    select id, account_id, ${h10306}::int, id % 65536, id / 65536, 34 from profiles`);
// Three access groups an account; everyone in the default one, one profile in three in the night shift too.
await db.execute(sql`
    insert into access_groups (account_id, description, default_group)
    select a, d.description, d.description = 'All staff'
    from unnest(${intArray(platform.accountIds)}::int[]) a,
        (values ('All staff'), ('Night shift'), ('Server room')) d(description)`);
await db.execute(sql`
    insert into profile_access_groups (profile_id, access_group_id)
    select p.id, g.id from profiles p
    join access_groups g on g.account_id = p.account_id and (g.default_group or (g.description = 'Night shift' and p.id % 3 = 0))`);
// The biggest account has bio opt-out on, and a moderator who signs in.
await db
    .update(accounts)
    .set({ options: [{ type: 'bool', name: ACCOUNT_OPTIONS.optOutEnabled, value: 'true' }] })
    .where(eq(accounts.id, biggest));
await db.execute(sql`vacuum (analyze)`);
/** The rows of a query run directly. */
const all = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const [counts] = await all<{ profiles: number; badges: number; memberships: number; biggest: number }>(
    sql`select (select count(*) from profiles)::int as profiles, (select count(*) from badges)::int as badges,
        (select count(*) from profile_access_groups)::int as memberships,
        (select count(*) from profiles where account_id = ${biggest})::int as biggest`,
);
log(`fill: ${JSON.stringify({ ...counts, seconds: round((performance.now() - fillStart) / 1000, 0) })}`);

const moderatorEmail = 'moderator1@bench.example';
await db.insert(users).values({
    account_id: biggest,
    name: 'Bench moderator 1',
    email: moderatorEmail,
    role: 'moderator',
    password_hash: await hashPassword('Bench#Pass1'),
});
const token = (
    (await (
        await fetch(`${base}/api/v2/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: moderatorEmail, password: 'Bench#Pass1' }),
        })
    ).json()) as { token: string }
).token;

// ---- lists: the route against its statements run directly ----

/** `clients` concurrent loops of `run` for the duration: its latencies. */
const direct = async (run: () => Promise<unknown>) => {
    const latencies: number[] = [];
    const until = performance.now() + sizes.duration * 1000;
    await Promise.all(
        Array.from({ length: sizes.clients }, async () => {
            while (performance.now() < until) {
                const t = performance.now();
                await run();
                latencies.push(performance.now() - t);
            }
        }),
    );
    return { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), requests: latencies.length };
};

/**
 * autocannon in its own process, as bench/lib.ts runs it, but each request's
 * path picked at random from `paths` (the CLI takes one URL).
 */
const autocannonPaths = (paths: string[], connections: number, seconds: number) =>
    new Promise<{ p50: number; p99: number; requestsPerSecond: number; errors: number; non2xx: number }>((resolve, reject) => {
        const script = `
            const paths = JSON.parse(process.env.BENCH_PATHS);
            require(process.env.BENCH_AUTOCANNON)({
                url: process.env.BENCH_URL,
                connections: Number(process.env.BENCH_CONNECTIONS),
                duration: Number(process.env.BENCH_SECONDS),
                headers: { authorization: 'Bearer ' + process.env.BENCH_TOKEN },
                requests: [{ setupRequest: r => ({ ...r, path: paths[Math.floor(Math.random() * paths.length)] }) }],
            }, (error, r) => {
                if (error) { console.error(error); process.exit(1); }
                process.stdout.write(JSON.stringify({ p50: r.latency.p50, p99: r.latency.p99, requestsPerSecond: r.requests.average,
                    errors: r.errors, non2xx: r.non2xx }));
            });`;
        const child = spawn(process.execPath, ['-e', script], {
            env: {
                ...process.env,
                BENCH_PATHS: JSON.stringify(paths),
                BENCH_AUTOCANNON: path.join(ROOT, 'node_modules/autocannon'),
                BENCH_URL: base,
                BENCH_CONNECTIONS: String(connections),
                BENCH_SECONDS: String(seconds),
                BENCH_TOKEN: token,
            },
            stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', d => (out += d));
        child.on('exit', () => {
            try {
                resolve(JSON.parse(out) as never);
            } catch (error) {
                reject(new Error(`autocannon: ${(error as Error).message}: ${out.slice(0, 300)}`));
            }
        });
    });

// Badges of the biggest account's profiles, as FC:NUMBER of their 26-bit card (the 34-bit one has the same FC and number).
const searched = (await all<{ id: number }>(sql`select id from profiles where account_id = ${biggest} order by random() limit 1000`)).map(
    r => `${Math.floor(Number(r.id) / 65536) % 256}:${Number(r.id) % 65536}`,
);
const pick = () => searched[Math.floor(Math.random() * searched.length)]!;
/** What GET /profiles runs for the filters, without HTTP: the page, its count and the page's badges, groups, last device, consent. */
const listed = async (filters: ProfileFilters) => {
    const { result, count } = await listProfiles(db, filters, { page: 1, per_page: 20 });
    return { result: await toProfiles(db, result), count };
};

const scenarios = [
    {
        name: 'q=FC:NUMBER',
        what: 'the holder of a badge, picked per request from 1,000',
        first: `/api/v2/profiles?q=${encodeURIComponent(searched[0]!)}`,
        sql: () => listed({ scope: { accountId: biggest }, q: pick() }),
        api: () =>
            autocannonPaths(
                searched.map(q => `/api/v2/profiles?q=${encodeURIComponent(q)}`),
                sizes.clients,
                sizes.duration,
            ),
        check: async () => (await listed({ scope: { accountId: biggest }, q: searched[0]! })).result.length,
    },
    {
        name: 'default page',
        what: 'first page, default sort (ACS ID), with the count of the whole account',
        first: '/api/v2/profiles',
        sql: () => listed({ scope: { accountId: biggest } }),
        api: () => autocannon(`${base}/api/v2/profiles`, sizes.clients, sizes.duration, token),
        check: async () => (await listed({ scope: { accountId: biggest } })).count,
    },
];

const lists: Record<string, unknown>[] = [];
for (const s of scenarios) {
    // One request each way first: the statements' plans and the route's code warm, and a look at what it finds.
    const found = await s.check();
    const warm = await fetch(`${base}${s.first}`, { headers: { authorization: `Bearer ${token}` } });
    const reply = (await warm.json()) as { result: unknown[]; count: number };
    const sqlStats = await direct(s.sql);
    const api = await s.api();
    const row = {
        scenario: s.name,
        what: s.what,
        found,
        route: { status: warm.status, rows: reply.result?.length, count: reply.count },
        sql: sqlStats,
        api,
        p99Ratio: round(api.p99 / sqlStats.p99),
    };
    lists.push(row);
    log(`list ${JSON.stringify(row)}`);
}

// ---- opt-out import: the route against a bare load of the same lines ----
const heldCount = Math.round(sizes.optout * sizes.held);
const heldIds = (
    await all<{ id: number }>(sql`select id from profiles where account_id = ${biggest} order by random() limit ${heldCount}`)
).map(r => Number(r.id));
/** The lines: badges nobody holds (facility codes from 100, above those of the fill) and, evenly among them, badges of profiles. */
const lines: { fc: number; number: number }[] = [];
const every = heldIds.length ? Math.floor(sizes.optout / heldIds.length) : Infinity;
for (let j = 0, free = 0; j < sizes.optout; j++) {
    const holder = j % every === 0 ? heldIds[j / every] : undefined;
    if (holder !== undefined) lines.push({ fc: Math.floor(holder / 65536) % 256, number: holder % 65536 });
    else {
        lines.push({ fc: 100 + Math.floor(free / 65536), number: free % 65536 });
        free++;
    }
}
const csv = Buffer.from(`badge_number,facility_code\n${lines.map(l => `${l.number},${l.fc}`).join('\n')}\n`);

// The bare load first, in the same account and table; then the table is emptied again for the import.
let bareHow: string;
const copy = new Blob([lines.map(l => `${biggest},opt_out,${h10301},${l.fc},${l.number},bench`).join('\n')]);
const [fcs, numbers] = [intArray(lines.map(l => l.fc)), intArray(lines.map(l => l.number))];
const bareStart = performance.now();
if (kind === 'PGlite') {
    bareHow = "COPY card_lists (…) FROM '/dev/blob' (PGlite)";
    await (db as unknown as { $client: PGlite }).$client.query(
        `COPY card_lists (account_id, list, card_format_id, facility_code, badge_number, created_by) FROM '/dev/blob' WITH (FORMAT csv)`,
        [],
        { blob: copy },
    );
} else {
    bareHow = 'INSERT … SELECT FROM unnest (one statement; COPY FROM STDIN needs pg-copy-streams, not installed)';
    await db.execute(sql`
        insert into card_lists (account_id, list, card_format_id, facility_code, badge_number, created_by)
        select ${biggest}, 'opt_out', ${h10301}, k.fc, k.number, 'bench'
        from unnest(${fcs}::bigint[], ${numbers}::bigint[]) as k(fc, number)`);
}
const bareSeconds = (performance.now() - bareStart) / 1000;
const [bareRows] = await all<{ n: number }>(sql`select count(*)::int as n from card_lists where account_id = ${biggest}`);
await db.execute(sql`truncate card_lists`);
log(`bare load: ${JSON.stringify({ how: bareHow, rows: bareRows!.n, seconds: round(bareSeconds, 2) })}`);

const form = new FormData();
form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'opt-out.csv');
/**
 * process.memoryUsage().rss every 100 ms from a worker thread: the process's
 * resident memory (the server's: it runs in this process), sampled on time
 * even while the import keeps the main thread busy (PGlite runs its queries there).
 */
const sampler = new Worker(
    `const { parentPort } = require('node:worker_threads');
    const rss = [];
    const timer = setInterval(() => rss.push(process.memoryUsage().rss), 100);
    parentPort.on('message', m => {
        if (m === 'start') return void (rss.length = 0);
        clearInterval(timer);
        rss.push(process.memoryUsage().rss);
        parentPort.postMessage(rss);
    });
    parentPort.postMessage('ready');`,
    { eval: true },
);
await once(sampler, 'message');
await new Promise(resolve => setTimeout(resolve, 300));
// The main thread ticks every 100 ms too: its longest gap is the longest time the import held the event loop.
const ticks: number[] = [];
const rssBefore = process.memoryUsage().rss;
const heapBefore = process.memoryUsage().heapUsed;
sampler.postMessage('start');
const ticker = setInterval(() => ticks.push(performance.now()), 100);
const importStart = performance.now();
ticks.push(importStart);
const res = await fetch(`${base}/api/v2/opt_out/csv`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
const imported = (await res.json()) as {
    lines: number;
    added: number;
    already: number;
    profiles_deleted: number;
    refused: unknown[];
    refused_more: number;
};
const importSeconds = (performance.now() - importStart) / 1000;
ticks.push(performance.now());
clearInterval(ticker);
sampler.postMessage('stop');
const [rssSamples] = (await once(sampler, 'message')) as [number[]];
await sampler.terminate();
const rssAfter = process.memoryUsage().rss;
const heapAfter = process.memoryUsage().heapUsed;
const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
const importRow = {
    status: res.status,
    reply: { ...imported, refused: imported.refused?.length },
    csvBytes: csv.length,
    api: { seconds: round(importSeconds, 2), linesPerSecond: round(sizes.optout / importSeconds, 0) },
    bare: { how: bareHow, seconds: round(bareSeconds, 2), linesPerSecond: round(sizes.optout / bareSeconds, 0) },
    ratio: round(bareSeconds / importSeconds, 3),
    rssMB: { before: mb(rssBefore), peak: mb(Math.max(rssBefore, ...rssSamples)), after: mb(rssAfter) },
    heapMB: { before: mb(heapBefore), after: mb(heapAfter) },
    rssSamples: rssSamples.length,
    longestEventLoopGapMs: round(Math.max(0, ...gaps), 0),
};
log(`import ${JSON.stringify(importRow)}`);

console.log('\n=== result ===');
console.log(JSON.stringify({ database: kind, sizes, counts, lists, import: importRow }, null, 2));
console.log('');
for (const l of lists as { scenario: string; sql: { p50: number; p99: number }; api: { p50: number; p99: number }; p99Ratio: number }[])
    console.log(
        `GET /profiles ${l.scenario}: route p50/p99 ${l.api.p50}/${l.api.p99} ms, SQL p50/p99 ${l.sql.p50}/${l.sql.p99} ms, p99 ratio ${l.p99Ratio} (target ≤ 3)`,
    );
console.log(
    `POST /opt_out/csv: ${importRow.api.linesPerSecond} lines/s, bare ${importRow.bare.linesPerSecond} lines/s (${bareHow}): ratio route / bare ${importRow.ratio}`,
);
console.log(
    `RSS before / peak / after: ${importRow.rssMB.before} / ${importRow.rssMB.peak} / ${importRow.rssMB.after} MB (peak - before ${round(importRow.rssMB.peak - importRow.rssMB.before, 1)} MB; target well under 100), ${importRow.rssSamples} samples; longest event-loop gap ${importRow.longestEventLoopGapMs} ms`,
);
await bench.close();
process.exit(0);
