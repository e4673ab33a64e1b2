/**
 * The alert job at scale (docs/performance.md "Alert rules"): a backlog of
 * events (a burst, or the job stopped for a while) in one account, 50
 * enabled rules (types, groups, devices, access groups, any), matched by
 * matchNewEvents run after run (5,000 events a run) until the cursor has
 * caught up, then the mails sent. The baseline, measured in the same run on
 * the same rows: reading the same events in the same batches and nothing
 * else, the least a matching pass can cost; the figure is the ratio.
 *
 *   node --import tsx bench/alerts.ts [--events 50000]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite.
 */
import { sql } from 'drizzle-orm';
import { EVENT_TYPES } from '../contract/eventTypes';
import { lastEventId } from '../server/resources/events/queries';
import { ALERT_EVENTS_PER_RUN, matchNewEvents, sendDue } from '../server/resources/alert-rules/jobs';
import { eventsToMatch, readCursor, saveAlertRule } from '../server/resources/alert-rules/queries';
import type { Mail } from '../server/mail/mailer';
import { startBenchPlatform } from './platform';

const argument = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = argument('events', 50_000);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const bench = await startBenchPlatform('alerts', { port: 0 });
const db = bench.db;
const account = bench.mainAccountId;
log(`${bench.kind}: ${N} events, 50 rules`);

const devices = (
    (await db.execute(
        sql`insert into devices (account_id, hardware_id, description, secret_hash, status)
            select ${account}, 'hw-' || i, 'Door ' || i, 'x', 'approved' from generate_series(1, 20) i returning id`,
    )) as unknown as { rows: { id: number }[] }
).rows.map(r => r.id);
const groups = (
    (await db.execute(
        sql`insert into access_groups (account_id, description) select ${account}, 'Zone ' || i from generate_series(1, 5) i returning id`,
    )) as unknown as { rows: { id: number }[] }
).rows.map(r => r.id);
const profiles = (
    (await db.execute(
        sql`insert into profiles (account_id, acs_id) select ${account}, 'EMP-' || i from generate_series(1, 1000) i returning id`,
    )) as unknown as { rows: { id: number }[] }
).rows.map(r => r.id);
await db.execute(
    sql`insert into profile_access_groups (profile_id, access_group_id)
        select p, (${`{${groups.join(',')}}`}::int[])[1 + p % 5] from unnest(${`{${profiles.join(',')}}`}::int[]) p`,
);
for (let i = 0; i < 50; i++)
    await saveAlertRule(db, {
        now: new Date(),
        perDay: Infinity,
        values: {
            account_id: account,
            name: `Rule ${i}`,
            enabled: true,
            event_types: i % 5 === 0 ? [EVENT_TYPES[i % EVENT_TYPES.length]!] : [],
            event_groups: i % 5 === 1 ? ['crossing'] : [],
            device_ids: i % 5 === 2 ? [devices[i % devices.length]!] : [],
            access_group_ids: i % 5 === 3 ? [groups[i % groups.length]!] : [],
            user_ids: [],
            emails: [`rule${i}@bench.example`],
            delivery: 'immediate',
            digest_period: null,
        },
    });
// Every address answered its confirmation mail (docs/decisions.md, Alert rules): the figure is the alerts' sending.
await db.execute(sql`update alert_rule_addresses set state = 'confirmed'`);
await db.execute(sql`delete from alert_mail_deliveries`);
const start = (await readCursor(db))!;
const d = `{${devices.join(',')}}`;
const p = `{${profiles.join(',')}}`;
const t = `{${EVENT_TYPES.join(',')}}`;
for (let i = 0; i < N; i += 10_000)
    await db.execute(
        sql`insert into events (account_id, event, timestamp, device_id, device_description, profiles, profile_ids)
            select ${account}, (${t}::text[])[1 + g % ${EVENT_TYPES.length}::int], now(), (${d}::int[])[1 + g % 20], 'Door',
                   jsonb_build_array(jsonb_build_object('profile_id', (${p}::int[])[1 + g % 1000])), array[(${p}::int[])[1 + g % 1000]]
            from generate_series(${i}::int, ${Math.min(i + 10_000, N) - 1}::int) g`,
    );
const upTo = await lastEventId(db);

// Baseline: the same events read in the same batches, nothing matched nor written.
let t0 = performance.now();
for (let after = start; after < upTo;) {
    const batch = await eventsToMatch(db, after, upTo, ALERT_EVENTS_PER_RUN);
    after = batch.length ? batch[batch.length - 1]!.id : upTo;
}
const baseline = performance.now() - t0;

t0 = performance.now();
let runs = 0;
while (((await readCursor(db)) ?? 0) < upTo) {
    await matchNewEvents(bench.ctx);
    runs++;
}
const matching = performance.now() - t0;
const queued = Number(
    ((await db.execute(sql`select count(*)::int as n from alert_notifications`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
);
t0 = performance.now();
while (await sendDue(bench.ctx));
const sending = performance.now() - t0;
const mails = (bench.ctx.mailer as unknown as { sent: Mail[] }).sent.length;

log(`baseline (read only): ${Math.round(baseline)} ms`);
log(
    `matching: ${Math.round(matching)} ms in ${runs} runs, ${queued} notifications queued; ratio to baseline ${(matching / baseline).toFixed(1)}`,
);
log(`sending: ${Math.round(sending)} ms, ${mails} mails (up to 10,000 events each, 200 listed)`);
await bench.close();
