import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/database';
import { pruneEvents } from '../../../server/resources/events/retention';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { approvedReader, deadlocksSoFar, type TestReader } from './helpers';

/**
 * The PostgreSQL run only (TEST_DATABASE_URL): batches of one account stored
 * at the same time on separate connections meet on the same rollup rows
 * (migration 0018). They must wait for each other, never deadlock, and count
 * each stored event once, resent ones included.
 */
let p: TestPlatform;
let readers: TestReader[];
let account: number;

beforeAll(async () => {
    p = await startPlatform();
    const admin = await p.as(ADMIN.email);
    account = p.demo.customers[0].id;
    readers = await Promise.all([0, 1, 2, 3].map(() => approvedReader(p, admin, account)));
}, 60_000);
afterAll(() => p?.close());

describe('rollups under concurrent ingestion (PostgreSQL)', () => {
    it('count every event of batches stored at once exactly once, with no deadlock, while retention deletes', async () => {
        const TYPES = ['1FAFaceAuthenticated', '2FAAuthenticated', 'CrossingByKnownUser', 'TamperedDeviceDetected', 'DeviceOnline'];
        const start = Date.now() - 30 * 3600_000;
        // 48 batches over the same 27 hours and types: every batch touches most of the account's rollup rows, half of them in
        // reverse order, and each batch is posted twice at once (the second copy is skipped, as a reader's retry is).
        const batches = Array.from({ length: 24 }, (_, b) => {
            const events = Array.from({ length: 60 }, (_, i) => ({
                device_event_id: `conc-${b}-${i}`,
                event: TYPES[(i + b) % TYPES.length]!,
                timestamp: new Date(start + (3 + ((i * 7 + b * 13) % 27)) * 3600_000 + i * 1000 + b).toISOString(),
            }));
            return { reader: readers[b % readers.length]!, events: b % 2 ? events.reverse() : events };
        });
        // Older events for retention to delete meanwhile, in the first three hours: the same days' rows as the batches.
        const old = Array.from({ length: 200 }, (_, i) => ({
            device_event_id: `old-${i}`,
            event: TYPES[i % TYPES.length]!,
            timestamp: new Date(start + (i % 180) * 60_000).toISOString(),
        }));
        for (let i = 0; i < old.length; i += 50) expect((await readers[0]!.post({ events: old.slice(i, i + 50) })).statusCode).toBe(200);
        const before = await deadlocksSoFar(p);
        const posted = Promise.all(batches.flatMap(({ reader, events }) => [reader.post({ events }), reader.post({ events })]));
        const pruned = (async () => {
            for (let i = 0; i < 10; i++) await pruneEvents(p.ctx.db, account, new Date(start + 3 * 3600_000), 20);
        })();
        const replies = await posted;
        await pruned;
        for (const r of replies) expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
        const stored = new Set(replies.flatMap(r => r.body.accepted.filter(a => !a.duplicate).map(a => a.id)));
        expect(stored.size).toBe(24 * 60);

        const [counted] = await rows<{ events: number; rollups: number; daily: number }>(
            p.ctx.db,
            sql`select (select count(*)::int from events where account_id = ${account}) as events,
                       (select coalesce(sum(count), 0)::int from event_rollups where account_id = ${account}) as rollups,
                       (select coalesce(sum(count), 0)::int from event_rollups_daily where account_id = ${account}) as daily`,
        );
        // Retention took the 200 older events; the batches' events all stay.
        expect(counted!.events).toBe(24 * 60);
        expect(counted!.rollups).toBe(counted!.events);
        expect(counted!.daily).toBe(counted!.events);
        const mismatched = await rows(
            p.ctx.db,
            sql`select * from (select account_id, event, date_trunc('hour', timestamp, 'UTC') as hour, count(*)::int as count from events group by 1, 2, 3) e
                full join event_rollups r using (account_id, event, hour) where e.count is distinct from r.count`,
        );
        expect(mismatched).toEqual([]);
        expect(await deadlocksSoFar(p)).toBe(before);
    }, 120_000);
});
