/**
 * How long migration 0023 (events partitioned by month) takes on
 * PostgreSQL per million events, for docs/ops.md: a database migrated up to
 * 0022 is filled with `--events` events over `--days` days, then 0023 runs
 * as the server would run it at start; a plain copy of the table (CREATE
 * TABLE AS) is timed first in the same run, as the baseline of what moving
 * the rows costs on this machine.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/events-partition-migration.ts [--events 1000000] [--days 365]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS, rows, type Db } from '../server/db/database';
import { scratchDatabase } from '../server/db/scratch';
import * as schema from '../server/db/schema';
import { fillEventsInSql, makePlatform } from './events-data';
import { preparePlatform } from '../server/features';
import { numberArg } from './lib';

const sizes = { events: numberArg('events', 1_000_000), days: numberArg('days', 365) };
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL: the migration concerns PostgreSQL only');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const TAG = '0023_events_partitions';
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-migrations-'));
fs.cpSync(MIGRATIONS, before, { recursive: true });
const journalFile = path.join(before, 'meta', '_journal.json');
const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex(e => e.tag === TAG),
);
fs.writeFileSync(journalFile, JSON.stringify(journal));

const scratch = await scratchDatabase(adminUrl, 'ac_bench');
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
const db = drizzle({ client: pool, schema }) as unknown as Db;
try {
    await migrate(db as never, { migrationsFolder: before });
    const { mainAccountId } = await preparePlatform(db, {});
    const platform = await makePlatform(db, mainAccountId, { accounts: 10, readers: 100, profiles: 10_000 });
    const fillStart = performance.now();
    await fillEventsInSql(db, platform, sizes.events, { days: sizes.days, now: Date.now(), prefix: 'fill' });
    await db.execute(sql`vacuum (analyze) events`);
    log(`filled ${sizes.events} events over ${sizes.days} days in ${round((performance.now() - fillStart) / 1000)} s`);

    let t = performance.now();
    await db.execute(sql`create table events_copy as select * from events`);
    const copySeconds = (performance.now() - t) / 1000;
    await db.execute(sql`drop table events_copy`);

    t = performance.now();
    await migrate(db as never, { migrationsFolder: MIGRATIONS });
    const migrationSeconds = (performance.now() - t) / 1000;
    const [partitions] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_inherits where inhparent = 'events'::regclass`,
    );
    const [kept] = await rows<{ n: number }>(db, sql`select count(*)::int as n from events`);
    const perMillion = (s: number) => round(s / (sizes.events / 1_000_000));
    const results = {
        ...sizes,
        rowsKept: kept!.n,
        partitions: partitions!.n,
        migrationSeconds: round(migrationSeconds),
        migrationSecondsPerMillion: perMillion(migrationSeconds),
        plainCopySecondsPerMillion: perMillion(copySeconds),
        ratioToPlainCopy: round(migrationSeconds / copySeconds, 2),
    };
    log(JSON.stringify(results));
} finally {
    await pool.end();
    await scratch.drop();
    fs.rmSync(before, { recursive: true, force: true });
}
