/**
 * Search at scale (docs/performance.md "Search"): 1M profiles with 2M
 * badges, accounts, readers, users, access groups, firmware and deployments;
 * then, in the same run, GET /search under concurrent clients for each text
 * of the scenarios below, against the SQL the route runs for that caller
 * (one statement: every kind it may read, UNION ALL), run directly with the
 * same concurrency. Target: the route's p99 within 3x of its SQL's.
 *
 *   node --import tsx bench/search.ts [--profiles 1000000] [--accounts 100] [--readers 200] [--clients 10] [--duration 5]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite. Small sizes make a quick check.
 */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../contract/roles';
import { accessGroups, accounts, cardFormats, deployments, firmwareArtifacts, users } from '../server/db/schema';
import { KIND_QUERIES, searchStatement, type SearchScope } from '../server/resources/search/queries';
import { readableKinds } from '../server/resources/search/routes';
import { pathIds } from '../server/resources/artifacts/queries';
import { hashPassword } from '../server/crypto/passwords';
import { makePlatform } from './events-data';
import { autocannon, numberArg } from './lib';
import { startBenchPlatform } from './platform';

const sizes = {
    profiles: numberArg('profiles', 1_000_000),
    accounts: numberArg('accounts', 100),
    readers: numberArg('readers', 200),
    clients: numberArg('clients', 10),
    duration: numberArg('duration', 5),
    port: numberArg('port', 8384),
};
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const bench = await startBenchPlatform('search', { port: sizes.port });
const { kind, db, base } = bench;
log(`${kind}: ${JSON.stringify(sizes)}`);

// ---- data ----
const fillStart = performance.now();
const platform = await makePlatform(db, bench.mainAccountId, sizes);
const formatId = async (key: string) => (await db.select({ id: cardFormats.id }).from(cardFormats).where(eq(cardFormats.key, key)))[0]!.id;
const [h10301, h10306] = [await formatId('h10301'), await formatId('h10306')];
// Two badges a profile, unique in their format: the profile id split into a facility code and a 16-bit card number.
await db.execute(sql`
    insert into badges (profile_id, account_id, card_format_id, badge_number, facility_code, card_length)
    select id, account_id, ${h10301}::int, id % 65536, (id / 65536) % 256, 26 from profiles
    union all
    select id, account_id, ${h10306}::int, id % 65536, id / 65536, 34 from profiles`);
for (const [i, account_id] of platform.accountIds.entries()) {
    await db.insert(users).values(
        ['moderator', 'manager', 'user'].map(role => ({
            account_id,
            name: `Bench ${role} ${i + 1}`,
            email: `${role}${i + 1}@bench.example`,
            role: role as Role,
        })),
    );
    await db
        .insert(accessGroups)
        .values(['All staff', 'Night shift', 'Server room'].map((d, g) => ({ account_id, description: d, default_group: g === 0 })));
    const artifacts = await db
        .insert(firmwareArtifacts)
        .values(
            [1, 2].map(v => ({
                account_id,
                name: `bench-os-${i + 1}.${v}`,
                device_types: ['rock-s1'],
                size: 1,
                checksum: '0'.repeat(64),
                storage_key: `bench/${i}/${v}`,
                file_name: `bench-os-${i + 1}.${v}.mender`,
                manifest: '{}',
            })),
        )
        .returning({ id: firmwareArtifacts.id, name: firmwareArtifacts.name });
    await db.insert(deployments).values(
        artifacts.map(a => ({
            account_id,
            name: `Roll-out of ${a.name}`,
            artifact_id: a.id,
            artifact_name: a.name,
            status: 'finished' as const,
            device_count: 0,
            start_at: new Date(),
        })),
    );
}
await db.execute(sql`vacuum (analyze)`);
/** The first row of a query run directly. */
const first = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const counts = await first<{ profiles: number; badges: number }>(
    sql`select (select count(*) from profiles)::int as profiles, (select count(*) from badges)::int as badges`,
);
log(`fill: ${JSON.stringify({ ...counts, seconds: round((performance.now() - fillStart) / 1000, 0) })}`);

// ---- callers ----
/** A moderator of the first customer account: searches one account. */
const moderatorEmail = 'moderator1@bench.example';
await db
    .update(users)
    .set({ password_hash: await hashPassword('Bench#Pass1') })
    .where(eq(users.email, moderatorEmail));
const moderatorToken = (
    (await (
        await fetch(`${base}/api/v2/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: moderatorEmail, password: 'Bench#Pass1' }),
        })
    ).json()) as { token: string }
).token;
const [main] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, bench.mainAccountId));
const callers: Record<'admin' | 'moderator', { role: Role; token: string; scope: SearchScope; above: number[] }> = {
    admin: { role: 'admin', token: bench.token, scope: { pathPrefix: '/' }, above: pathIds(main!.path) },
    moderator: {
        role: 'moderator',
        token: moderatorToken,
        scope: { accountId: platform.accountIds[0]! },
        above: [bench.mainAccountId, platform.accountIds[0]!],
    },
};

// A profile in the middle of the table and its badges (see the fill above).
const someone = Math.floor(sizes.profiles / 2);
const profile = await first<{ id: number; acs_id: string }>(sql`select id, acs_id from profiles where acs_id = ${`ACS-${someone}`}`);
const ofFirstAccount = platform.profilesOf.get(platform.accountIds[0]!)!.at(-1)!;
const scenarios: { caller: keyof typeof callers; q: string; what: string }[] = [
    { caller: 'admin', q: profile.acs_id, what: 'an ACS ID' },
    { caller: 'admin', q: `${(profile.id / 65536) | 0}:${profile.id % 65536}`, what: 'a badge, FC:NUMBER' },
    { caller: 'admin', q: String(profile.id % 65536), what: 'a card number alone (one in every account)' },
    { caller: 'admin', q: 'Bench reader 17', what: 'a device description' },
    { caller: 'admin', q: 'night', what: 'a word in every account (access groups)' },
    {
        caller: 'moderator',
        q: (await first<{ acs_id: string }>(sql`select acs_id from profiles where id = ${ofFirstAccount}`)).acs_id,
        what: 'an ACS ID in one account',
    },
    { caller: 'moderator', q: 'bench', what: 'a word in every name of one account' },
];

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
    return { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) };
};

const results: Record<string, unknown>[] = [];
for (const s of scenarios) {
    const caller = callers[s.caller];
    const input = { scope: caller.scope, q: s.q, aboveIds: caller.above, seesRefNumber: true };
    const kinds = readableKinds(caller.role);
    // The route runs one statement: the union of its kinds' searches. That statement, run directly, is the baseline.
    const statement = searchStatement(db, kinds, input)!;
    const hits = Object.fromEntries(
        await Promise.all(
            kinds.map(async k => {
                const part = KIND_QUERIES[k](db, input);
                return [k, part ? ((await db.execute(sql`${part}`)) as unknown as { rows: unknown[] }).rows.length : 0] as const;
            }),
        ),
    );
    const sqlStats = await direct(() => db.execute(statement));
    const api = await autocannon(`${base}/api/v2/search?q=${encodeURIComponent(s.q)}`, sizes.clients, sizes.duration, caller.token);
    const row = {
        caller: s.caller,
        q: s.q,
        what: s.what,
        hits,
        sql: sqlStats,
        api: { p50: api.p50, p99: api.p99, requestsPerSecond: api.requestsPerSecond, errors: api.errors, non2xx: api.non2xx },
        p99Ratio: round(api.p99 / sqlStats.p99),
    };
    results.push(row);
    log(`search ${JSON.stringify(row)}`);
}

console.log('\n=== result ===');
console.log(JSON.stringify({ database: kind, sizes, counts, results }, null, 2));
const worst = Math.max(...results.map(r => r.p99Ratio as number));
console.log(`\nworst p99 ratio (route / its statement run directly): ${worst} (target ≤ 3)`);
await bench.close();
process.exit(0);
