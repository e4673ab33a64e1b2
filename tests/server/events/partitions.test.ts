import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../server/config';
import type { AppContext } from '../../../server/context';
import { MIGRATIONS, rows, type Db } from '../../../server/db/database';
import { scratchDatabase } from '../../../server/db/scratch';
import * as schema from '../../../server/db/schema';
import { ensureEventPartitions, eventsPartitioned, partitionName } from '../../../server/resources/events/partitions';
import { eventRetention } from '../../../server/resources/events/retention';
import { LocalDiskStorage } from '../../../server/storage';

/**
 * Migration 0023 (events partitioned by month): on PostgreSQL
 * (TEST_DATABASE_URL) events becomes a table partitioned by month; on PGlite
 * it stays as it was. Either way a database holding events of several months
 * keeps them all, with their ids, triggers and sequence, and retention
 * removes what it must.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 86_400_000;
const now = new Date();
const monthStart = (plus: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + plus, 1));

/** The migrations folder as it was before 0023: the database of an installation about to upgrade. */
const migrationsBefore0023 = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-migrations-'));
    fs.cpSync(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex(e => e.tag === '0023_events_partitions');
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    return dir;
};

let db: Db;
let migrate: (folder: string) => Promise<void>;
let listen: (onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
let close: () => Promise<void>;
let filesDir: string;
let storage: LocalDiskStorage;
const accounts: number[] = [];

beforeAll(async () => {
    if (onPostgres) {
        const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'ac_test');
        const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
        // pool.end() does not wait for its connections to close: the drop below may end one still closing,
        // and the pool's 'error' for it, unheard, stopped the test process (as in server/db/database.ts).
        pool.on('error', () => undefined);
        db = drizzlePg({ client: pool, schema }) as unknown as Db;
        migrate = folder => migratePg(db as never, { migrationsFolder: folder });
        listen = async onPayload => {
            const client = new pg.Client({ connectionString: scratch.url });
            await client.connect();
            client.on('notification', n => onPayload(n.payload ?? ''));
            await client.query('LISTEN events');
            return () => client.end();
        };
        close = async () => {
            await pool.end();
            await scratch.drop();
        };
    } else {
        const client = new PGlite();
        db = drizzlePglite({ client, schema }) as unknown as Db;
        migrate = folder => migratePglite(db as never, { migrationsFolder: folder });
        listen = async onPayload => client.listen('events', onPayload);
        close = () => client.close();
    }
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-files-'));
    storage = new LocalDiskStorage(filesDir);
}, 60_000);
afterAll(async () => {
    await close?.();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Every event with what must survive the migration, in id order. */
const snapshot = () =>
    rows<{ id: string; account_id: number; event: string; event_group: string; ts: string; image_key: string | null }>(
        db,
        sql`select id::text, account_id, event, event_group, to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as ts, image_key
            from events order by events.id`,
    );
const triggers = async () =>
    (
        await rows<{ name: string }>(
            db,
            sql`select tgname as name from pg_trigger where tgrelid = 'events'::regclass and not tgisinternal order by 1`,
        )
    ).map(t => t.name);
const indexes = async () =>
    (await rows<{ name: string }>(db, sql`select indexname as name from pg_indexes where tablename = 'events' order by 1`)).map(
        i => i.name,
    );
/** How many rows the row-level trigger of 'another migration' has seen inserted. */
const seenCount = async () =>
    (await rows<{ n: number }>(db, sql`select case when is_called then last_value::int else 0 end as n from events_seen`))[0]!.n;
/** Rows where the hourly or daily rollups disagree with a count of the events. */
const rollupMismatches = () =>
    rows(
        db,
        sql`select account_id, event, hour, e.count, r.count from (select account_id, event, date_trunc('hour', timestamp, 'UTC') as hour, count(*)::int as count from events group by 1, 2, 3) e
            full join event_rollups r using (account_id, event, hour) where e.count is distinct from r.count
            union all
            select account_id, event, day, e.count, d.count from (select account_id, event, (timestamp at time zone 'UTC')::date::timestamptz as day, count(*)::int as count from events group by 1, 2, 3) e
            full join (select account_id, event, day::timestamptz as day, count from event_rollups_daily) d using (account_id, event, day)
            where e.count is distinct from d.count`,
    );

/** Events every 6 hours from the first day of three months ago to now, for each account; a third with an image file. */
const fillMonths = async () => {
    for (const name of ['long', 'short']) {
        const [row] = await rows<{ id: number }>(
            db,
            sql`insert into accounts (type, name, email) values ('customer', ${name}, ${`${name}@x.test`}) returning id`,
        );
        accounts.push(row!.id);
    }
    const keys = await rows<{ image_key: string }>(
        db,
        sql`insert into events (account_id, event, timestamp, device_id, device_event_id, image_key)
            select a, case when n % 3 = 0 then '1FAFaceAuthenticated' when n % 3 = 1 then 'DeviceOnline' else 'TamperedDeviceDetected' end,
                   t, 100 + a, 'e' || n,
                   case when n % 3 = 0 then 'events/part/' || a || '-' || n || '.jpg' end
            from unnest(${`{${accounts.join(',')}}`}::int[]) a,
                 generate_series(${monthStart(-3).toISOString()}::timestamptz, ${new Date(now.getTime() - 3600_000).toISOString()}::timestamptz, interval '6 hours')
                 with ordinality g(t, n)
            returning image_key`,
    );
    for (const { image_key } of keys.filter(k => k.image_key)) await storage.put(image_key, Buffer.from('jpeg'));
};

describe('events partitioned by month (migration 0023)', () => {
    let before: Awaited<ReturnType<typeof snapshot>>;
    let triggersBefore: string[];
    let indexesBefore: string[];

    it('keeps every event, id, trigger, index and the sequence of a database holding several months', async () => {
        await migrate(migrationsBefore0023());
        // A trigger another migration may have added (a row-level one, as a webhook's could be), counting the rows it saw.
        await db.execute(sql`create sequence events_seen`);
        await db.execute(
            sql.raw(`create function events_seen_count() returns trigger language plpgsql as $$
                begin perform nextval('events_seen'); return null; end $$`),
        );
        await db.execute(sql`create trigger events_seen after insert on events for each row execute function events_seen_count()`);
        await fillMonths();
        before = await snapshot();
        expect(before.length).toBeGreaterThan(700);
        triggersBefore = await triggers();
        indexesBefore = await indexes();
        expect(triggersBefore).toEqual(expect.arrayContaining(['events_notify', 'event_rollups_insert', 'event_rollups_delete']));

        await migrate(MIGRATIONS);

        expect(await eventsPartitioned(db)).toBe(onPostgres);
        const [kind] = await rows<{ relkind: string }>(db, sql`select relkind from pg_class where oid = 'events'::regclass`);
        expect(kind!.relkind).toBe(onPostgres ? 'p' : 'r');
        expect(await snapshot()).toEqual(before);
        expect(await triggers()).toEqual(triggersBefore);
        // The copy fired no trigger: the rows were counted once, when they were first inserted.
        expect(await seenCount()).toBe(before.length);
        // The parent's indexes keep their names (on PostgreSQL each partition has its own copy besides).
        expect(await indexes()).toEqual(indexesBefore);
        expect(await rollupMismatches()).toEqual([]);
        if (onPostgres) {
            const partitions = (
                await rows<{ name: string }>(
                    db,
                    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'events'::regclass order by 1`,
                )
            ).map(p => p.name);
            // From the oldest event's month to two months ahead, and the default partition.
            expect(partitions).toEqual([...[-3, -2, -1, 0, 1, 2].map(m => partitionName(monthStart(m))), 'events_default'].sort());
            const [rowsInDefault] = await rows<{ n: number }>(db, sql`select count(*)::int as n from events_default`);
            expect(rowsInDefault!.n).toBe(0);
        }
    });

    it('goes on after the migration: the sequence continues, a new insert notifies the live feed and counts in the rollups', async () => {
        const payloads: string[] = [];
        const stop = await listen(p => payloads.push(p));
        const maxBefore = Math.max(...before.map(e => Number(e.id)));
        const [inserted] = await rows<{ id: string }>(
            db,
            sql`insert into events (account_id, event, timestamp, device_id) values (${accounts[0]!}, '2FAAuthenticated', now(), 1) returning id::text`,
        );
        expect(Number(inserted!.id)).toBeGreaterThan(maxBefore);
        expect(await seenCount()).toBe(before.length + 1);
        await expect.poll(() => payloads, { timeout: 5000 }).toContainEqual(`${accounts[0]}:${inserted!.id}`);
        await stop();
        const [counted] = await rows<{ n: number }>(
            db,
            sql`select coalesce(sum(count), 0)::int as n from event_rollups where account_id = ${accounts[0]!} and event = '2FAAuthenticated'`,
        );
        expect(counted!.n).toBe(1);
        expect(await rollupMismatches()).toEqual([]);
    });

    it('creates the partitions ahead, once, whoever runs the job at the same time', async () => {
        const later = new Date(monthStart(4).getTime() + 3 * DAY);
        const runs = await Promise.all([ensureEventPartitions(db, later), ensureEventPartitions(db, later)]);
        expect(runs.flat().sort()).toEqual(onPostgres ? [4, 5, 6].map(m => partitionName(monthStart(m))) : []);
        expect(await ensureEventPartitions(db, later)).toEqual([]);
        // An event of that month lands in its partition, not the default one.
        await db.execute(
            sql`insert into events (account_id, event, timestamp, device_id) values (${accounts[0]!}, 'DeviceOnline', ${later.toISOString()}, 1)`,
        );
        if (onPostgres) {
            const [there] = await rows<{ n: number }>(
                db,
                sql`select count(*)::int as n from ${sql.identifier(partitionName(monthStart(4)))}`,
            );
            expect(there!.n).toBe(1);
        }
        await db.execute(sql`delete from events where timestamp >= ${monthStart(1).toISOString()}`);
    });

    it('gives a month that landed in the default partition its own, keeping its rows, ids and counts', async () => {
        // A reader's backlog older than the first partition.
        const old = new Date(monthStart(-6).getTime() + 2 * DAY);
        const [row] = await rows<{ id: string }>(
            db,
            sql`insert into events (account_id, event, timestamp, device_id) values (${accounts[0]!}, 'DeviceOffline', ${old.toISOString()}, 1) returning id::text`,
        );
        // And one from a reader whose clock went back to 1970: no partition for that month.
        await db.execute(
            sql`insert into events (account_id, event, timestamp, device_id) values (${accounts[0]!}, 'DeviceOffline', '1970-01-02T00:00:00Z', 1)`,
        );
        const seenBefore = await seenCount();
        expect(await ensureEventPartitions(db, now)).toEqual(onPostgres ? [partitionName(monthStart(-6))] : []);
        expect(await ensureEventPartitions(db, now)).toEqual([]);
        const [found] = await rows<{ id: string; event_group: string; place: string }>(
            db,
            sql`select id::text, event_group, tableoid::regclass::text as place from events where id = ${row!.id}`,
        );
        expect(found).toEqual({ id: row!.id, event_group: 'device', place: onPostgres ? partitionName(monthStart(-6)) : 'events' });
        if (onPostgres) {
            const stranded = await rows<{ ts: string }>(
                db,
                sql`select to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD') as ts from events_default`,
            );
            expect(stranded).toEqual([{ ts: '1970-01-02' }]);
        }
        // Moved, not inserted again: no trigger saw it twice, the rollups count it once.
        expect(await seenCount()).toBe(seenBefore);
        expect(await rollupMismatches()).toEqual([]);
    });

    it('retention drops a month older than every account needs, with its images and rollups, and keeps one a longer retention needs', async () => {
        // The longer retention reaches 10 days into the month before last: that month stays; the one before goes.
        const cutoff = new Date(monthStart(-2).getTime() + 10 * DAY);
        const longDays = Math.ceil((now.getTime() - cutoff.getTime()) / DAY);
        await db.execute(
            sql`update accounts set options = ${JSON.stringify([
                { name: 'ret/events_days', value: String(longDays) },
                { name: 'ret/event_images_days', value: '3650' },
            ])}::jsonb where id = ${accounts[0]!}`,
        );
        await db.execute(
            sql`update accounts set options = ${JSON.stringify([
                { name: 'ret/events_days', value: '5' },
                { name: 'ret/event_images_days', value: '3650' },
            ])}::jsonb where id = ${accounts[1]!}`,
        );
        const ctx = { db, storage, config: testConfig(), now: () => now } as unknown as AppContext;
        await eventRetention.run(ctx);

        const expectedCutoff = (account: number) => new Date(now.getTime() - (account === accounts[0] ? longDays : 5) * DAY);
        const expected = before.filter(e => new Date(`${e.ts}Z`) >= expectedCutoff(e.account_id));
        const after = (await snapshot()).filter(e => Number(e.id) <= Number(before.at(-1)!.id));
        expect(after).toEqual(expected);
        // The files of removed events are gone; those of kept events stay.
        const exists = (key: string) => fs.existsSync(path.join(filesDir, key));
        for (const e of before.filter(e => e.image_key)) expect(exists(e.image_key!), e.image_key!).toBe(expected.includes(e));
        expect(await rollupMismatches()).toEqual([]);
        if (onPostgres) {
            const [gone, kept] = await rows<{ name: string | null }>(
                db,
                sql`select to_regclass(${partitionName(monthStart(-3))})::text as name union all select to_regclass(${partitionName(monthStart(-2))})::text`,
            );
            expect(gone!.name).toBeNull();
            expect(kept!.name).toBe(partitionName(monthStart(-2)));
        }
    });

    it('reads the default list and the reader and group filters from indexes, not by reading every partition', async () => {
        // Enough rows of this month that a sequential scan would be the planner's choice if no index served.
        await db.execute(
            sql`insert into events (account_id, event, timestamp, device_id)
                select ${accounts[0]!}, case when n % 2 = 0 then '1FAFaceAuthenticated' else 'DeviceOnline' end,
                       ${monthStart(0).toISOString()}::timestamptz + n * interval '1 second', 200 + n % 50
                from generate_series(1, 60000) n`,
        );
        await db.execute(sql`analyze events`);
        const plan = async (where: ReturnType<typeof sql>) =>
            (
                await rows<{ 'QUERY PLAN': string }>(
                    db,
                    sql`explain select * from events where ${where} order by timestamp desc, id desc limit 20`,
                )
            )
                .map(r => r['QUERY PLAN'])
                .join('\n');
        for (const where of [
            sql`account_id = ${accounts[0]!}`,
            sql`account_id = ${accounts[0]!} and device_id = 210`,
            sql`account_id = ${accounts[0]!} and event_group = 'authenticated'`,
        ]) {
            const text = await plan(where);
            expect(text).not.toMatch(/Seq Scan/);
            expect(text).toMatch(/Index Scan/);
        }
        if (onPostgres) {
            // A date range reads only its months' partitions.
            const text = await plan(
                sql`account_id = ${accounts[0]!} and timestamp >= ${monthStart(0).toISOString()} and timestamp < ${monthStart(1).toISOString()}`,
            );
            expect(text).toContain(partitionName(monthStart(0)));
            expect(text).not.toContain(partitionName(monthStart(-1)));
            expect(text).not.toContain('events_default');
        }
    });
});
