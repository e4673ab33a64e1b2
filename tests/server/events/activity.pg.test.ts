import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/database';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { addProfile, approvedReader, deadlocksSoFar, type TestReader } from './helpers';

/**
 * The PostgreSQL run only (TEST_DATABASE_URL): readers at several doors
 * post at once, and their batches name the same people, in any order. Each
 * batch sets those profiles' last activity (SPEC 3 Profile) in the statement
 * that stores it; the batches must wait for each other, never deadlock (a
 * deadlock costs a retry, and a reader a 500 once retries run out).
 */
let p: TestPlatform;
let readers: TestReader[];
let people: number[];

beforeAll(async () => {
    p = await startPlatform();
    const admin = await p.as(ADMIN.email);
    const account = p.demo.customers[0].id;
    readers = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(() => approvedReader(p, admin, account)));
    people = [];
    for (let i = 0; i < 40; i++) people.push((await addProfile(p, account)).id);
}, 60_000);
afterAll(() => p?.close());

describe("profiles' last activity under concurrent ingestion (PostgreSQL)", () => {
    it('is the latest authentication of each person across batches stored at once, with no deadlock', async () => {
        const start = Date.now() - 3600_000;
        // 32 batches of 80 authentications, all naming the same 40 people; every other batch in reverse order.
        const batches = Array.from({ length: 32 }, (_, b) => {
            const events = Array.from({ length: 80 }, (_, i) => ({
                device_event_id: `activity-${b}-${i}`,
                event: '1FAFaceAuthenticated',
                timestamp: new Date(start + b * 100_000 + i * 1000).toISOString(),
                profiles: [{ profile_id: people[i % people.length]! }],
            }));
            return { reader: readers[b % readers.length]!, events: b % 2 ? events.reverse() : events };
        });
        const before = await deadlocksSoFar(p);
        const replies = await Promise.all(batches.map(({ reader, events }) => reader.post({ events })));
        for (const r of replies) expect(r.statusCode, JSON.stringify(r.body)).toBe(200);
        expect(replies.flatMap(r => r.body.accepted).length).toBe(32 * 80);

        // Each person's last event is the newest authentication naming them, whichever batch it came in.
        const wrong = await rows(
            p.ctx.db,
            sql`select p.id, p.last_event_id, newest.id as newest from profiles p
                join lateral (select e.id from events e where p.id = any(e.profile_ids)
                              order by e.timestamp desc, e.id desc limit 1) newest on true
                where p.id in ${people} and (p.last_event_id is distinct from newest.id)`,
        );
        expect(wrong).toEqual([]);
        expect(await deadlocksSoFar(p)).toBe(before);
    }, 120_000);
});
