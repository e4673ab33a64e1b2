import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_EXACT_COUNT_LIMIT } from '../../../contract/events';
import { rows } from '../../../server/db/database';
import { events } from '../../../server/db/schema';
import { eventsWhere, type EventQuery, type EventScope } from '../../../server/resources/events/filters';
import { startPlatform, type TestPlatform } from '../harness';
import { asUnpartitionedPlan } from './helpers';

/**
 * The lists stay fast at millions of rows only if each is read from an index
 * in its own order (DESIGN.md Lists at scale): a page must never sort the
 * matching rows. The plans of the list's queries are checked on a table big
 * enough for the planner to choose as it would at scale.
 */
let p: TestPlatform;
let accountIds: number[];
beforeAll(async () => {
    p = await startPlatform();
    accountIds = [p.demo.customers[0].id, p.demo.customers[1].id, p.demo.otherCustomer.id, p.demo.dealer.id];
    await p.ctx.db.execute(sql`insert into events (account_id, event, timestamp, device_id, profile_ids, badge_numbers)
        select (array[${sql.join(
            accountIds.map(a => sql`${a}::int`),
            sql`, `,
        )}])[1 + g % 4],
               (array['1FAFaceAuthenticated', 'DeviceOffline', 'TailgatingByKnownUser', 'SIPIncomingReceived', '1FABadgeAuthenticated'])[1 + g % 5],
               '2026-11-01T00:00:00Z'::timestamptz - make_interval(secs => g * 13), 1000 + g % 40, array[g % 3000]::integer[], array[g % 5000]::bigint[]
        from generate_series(1, 60000) g`);
    await p.ctx.db.execute(sql`analyze events`);
}, 120_000);
afterAll(() => p?.close());

const plan = async (scope: EventScope, query: EventQuery, order: SQL = sql`${events.timestamp} desc, ${events.id} desc`) => {
    const found = await rows<Record<string, string>>(
        p.ctx.db,
        sql`explain select ${events.id} from ${events} where ${eventsWhere(scope, query) ?? sql`true`} order by ${order} limit 20`,
    );
    return asUnpartitionedPlan(p.ctx.db, found.map(r => Object.values(r)[0]).join('\n'));
};

describe('each list reads an index in its order, without sorting the matching rows', () => {
    it.each([
        // With a quarter of the rows in each account, walking time alone and skipping other accounts' rows is as good as the account's index.
        ['the default list of an account', () => plan({ accountId: accountIds[0]! }, {}), ['events_account_time_idx', 'events_time_idx']],
        [
            'oldest first',
            () => plan({ accountId: accountIds[0]! }, {}, sql`${events.timestamp} asc, ${events.id} asc`),
            ['events_account_time_idx', 'events_time_idx'],
        ],
        [
            'a group',
            () => plan({ accountId: accountIds[0]! }, { group: 'authenticated' }),
            ['events_account_group_time_idx', 'events_time_idx'],
        ],
        [
            'a type within its group',
            () => plan({ accountId: accountIds[0]! }, { group: 'authenticated', event: '1FAFaceAuthenticated' }),
            ['events_account_group_time_idx', 'events_time_idx'],
        ],
        ['a reader', () => plan({ accountId: accountIds[0]! }, { device_id: 1004 }), ['events_device_time_idx']],
        ['every account (admin, cross_account)', () => plan({ pathPrefix: '/' }, {}), ['events_time_idx']],
        [
            'a date range',
            () => plan({ accountId: accountIds[0]! }, { from: new Date('2026-10-25T00:00:00Z'), to: new Date('2026-10-28T00:00:00Z') }),
            ['events_account_time_idx', 'events_time_idx'],
        ],
    ])('%s', async (_name, explain, indexes) => {
        const text = await explain();
        // The scan that reads the rows: on PostgreSQL the empty months' partitions each have a scan of their own, of any index.
        const used = [...text.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+).*rows=(\d+)/g)].sort(
            (a, b) => Number(b[2]) - Number(a[2]),
        )[0]?.[1];
        expect(indexes, text).toContain(used);
        // A sort of the rows, not the Merge Append of the monthly partitions' index scans (its "Sort Key").
        expect(text).not.toMatch(/\bSort\s+\(/);
    });

    it('a profile or a badge through its GIN index', async () => {
        expect(await plan({ accountId: accountIds[0]! }, { profile_id: 17 })).toContain('events_profile_ids_idx');
        expect(await plan({ accountId: accountIds[0]! }, { badge_number: 17 })).toContain('events_badge_numbers_idx');
    });
});

describe('the exact count of a list reads the index alone', () => {
    // The count of a list under EVENTS_EXACT_COUNT_LIMIT reads every matching row: from the index alone, not one table
    // page a row (the visibility map is what autovacuum, or the embedded maintenance job, keeps).
    const countPlan = async (query: EventQuery) => {
        await p.ctx.db.execute(sql`vacuum (analyze) events`);
        const found = await rows<Record<string, string>>(
            p.ctx.db,
            sql`explain select count(*) from (select 1 from ${events} where ${eventsWhere({ accountId: accountIds[0]! }, query)} limit ${
                EVENTS_EXACT_COUNT_LIMIT + 1
            }) bounded`,
        );
        return asUnpartitionedPlan(p.ctx.db, found.map(r => Object.values(r)[0]).join('\n'));
    };
    it.each([
        ['a reader', { device_id: 1004 }, 'events_device_time_idx'],
        ['a date range', { from: new Date('2026-10-25T00:00:00Z'), to: new Date('2026-10-28T00:00:00Z') }, 'events_account_time_idx'],
    ])('%s', async (_name, query, index) => {
        const text = await countPlan(query);
        // The scan that reads the rows (on PostgreSQL the empty months' partitions have scans of their own).
        const reading = [...text.matchAll(/((?:Index Only |Index |Bitmap Heap |Seq )Scan(?: using \w+)?) on \w+.*rows=(\d+)/g)].sort(
            (a, b) => Number(b[2]) - Number(a[2]),
        )[0]?.[1];
        expect(reading, text).toBe(`Index Only Scan using ${index}`);
    });
});
