import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, rows, type Db } from '../../../server/db/database';
import * as schema from '../../../server/db/schema';
import { rollupStatement } from '../../../server/resources/events/rollups';
import { startPlatform, type TestPlatform } from '../harness';
import { asUnpartitionedPlan } from './helpers';

/**
 * The rollups (migration 0018) where the property test does not look: the
 * partial hours at a range's edges are counted from the events through an
 * index, and a database that already holds events gets its rollups from
 * the migration.
 */
let p: TestPlatform;
let accountIds: number[];
beforeAll(async () => {
    p = await startPlatform();
    accountIds = [p.demo.customers[0].id, p.demo.customers[1].id, p.demo.otherCustomer.id, p.demo.dealer.id];
    // As in indexes.test.ts: a table big enough for the planner to choose as it would at scale.
    await p.ctx.db.execute(sql`insert into events (account_id, event, timestamp, device_id)
        select (array[${sql.join(
            accountIds.map(a => sql`${a}::int`),
            sql`, `,
        )}])[1 + g % 4],
               (array['1FAFaceAuthenticated', 'DeviceOffline', 'TailgatingByKnownUser', 'SIPIncomingReceived', '1FABadgeAuthenticated'])[1 + g % 5],
               '2026-11-01T00:00:00Z'::timestamptz - make_interval(secs => g * 13), 1000 + g % 40
        from generate_series(1, 60000) g`);
    await p.ctx.db.execute(sql`analyze events`);
}, 120_000);
afterAll(() => p?.close());

describe('the statistics from the rollups', () => {
    it.each([
        ['one account', { accountId: 0 }, ['events_account_time_idx', 'events_time_idx', 'events_account_group_time_idx']],
        ['every account', { pathPrefix: '/' }, ['events_time_idx']],
    ] as const)(
        'count the partial hours at the edges of %s from an index of events, never by reading them all',
        async (_name, scope, indexes) => {
            const statement = rollupStatement(
                'accountId' in scope ? { accountId: accountIds[0]! } : scope,
                { from: new Date('2026-10-25T10:17:00Z'), to: new Date('2026-10-28T06:45:00Z') },
                ['day', 'group'],
                0,
            )!;
            const plan = await asUnpartitionedPlan(
                p.ctx.db,
                (await rows<Record<string, string>>(p.ctx.db, sql`explain ${statement}`)).map(r => Object.values(r)[0]).join('\n'),
            );
            // Two edges, each through an index of events; the rest from the rollups.
            const scans = [
                ...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (events_\w+) on events\b|Bitmap Index Scan on (events_\w+)/g),
            ].map(m => (m[1] ?? m[2])!);
            expect(scans, plan).toHaveLength(2);
            for (const used of scans) expect(indexes, plan).toContain(used);
            expect(plan).not.toMatch(/Seq Scan on events\b/);
            expect(plan).toMatch(/event_rollups\b/);
            expect(plan).toMatch(/event_rollups_daily\b/);
        },
    );
});

describe('migration 0018', () => {
    it('counts the events a database already holds into its rollups', async () => {
        // The migrations up to 0017 in a folder of their own, as a database of the previous version has them.
        const before = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-migrations-'));
        try {
            const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
                entries: { tag: string }[];
            };
            const upTo = journal.entries.findIndex(e => e.tag.startsWith('0018_'));
            expect(upTo).toBeGreaterThan(0);
            fs.mkdirSync(path.join(before, 'meta'));
            fs.writeFileSync(
                path.join(before, 'meta', '_journal.json'),
                JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
            );
            for (const e of journal.entries.slice(0, upTo))
                fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));

            const client = new PGlite();
            const db = drizzle({ client, schema }) as unknown as Db;
            await migrate(db as never, { migrationsFolder: before });
            // the account by SQL: bootstrap writes today's columns, which a database of that version lacks
            const [{ id: mainAccountId }] = (
                (await db.execute(
                    sql`insert into accounts (type, main, name, ref_number, email, path) values ('platform', true, 'Platform', 'PLATFORM', 'admin@example.com', '/') returning id`,
                )) as unknown as { rows: { id: number }[] }
            ).rows as [{ id: number }];
            await db.execute(sql`insert into events (account_id, event, timestamp)
                select ${mainAccountId}, (array['1FAFaceAuthenticated', 'DeviceOffline', 'Unknown'])[1 + g % 3],
                       '2026-11-01T00:00:00Z'::timestamptz - make_interval(secs => g * 997)
                from generate_series(1, 3000) g`);
            await migrate(db as never, { migrationsFolder: MIGRATIONS });

            const of = (q: ReturnType<typeof sql>) => rows<{ k: string }>(db, q).then(r => r.map(x => x.k));
            const hourly = await of(
                sql`select concat_ws(' ', account_id, event, event_group, extract(epoch from hour), count) as k from event_rollups order by 1`,
            );
            expect(hourly.length).toBeGreaterThan(100);
            expect(hourly).toEqual(
                await of(
                    sql`select concat_ws(' ', account_id, event, event_group, extract(epoch from date_trunc('hour', timestamp, 'UTC')), count(*)) as k
                        from events group by account_id, event, event_group, date_trunc('hour', timestamp, 'UTC') order by 1`,
                ),
            );
            const daily = await of(sql`select concat_ws(' ', account_id, event, day, count) as k from event_rollups_daily order by 1`);
            expect(daily).toEqual(
                await of(
                    sql`select concat_ws(' ', account_id, event, (timestamp at time zone 'UTC')::date, count(*)) as k
                        from events group by account_id, event, (timestamp at time zone 'UTC')::date order by 1`,
                ),
            );
            await client.close();
        } finally {
            fs.rmSync(before, { recursive: true, force: true });
        }
    }, 60_000);
});
