import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATE_DIMENSIONS, EVENT_GROUPS, type EventGroup } from '../../../contract/events';
import { rows } from '../../../server/db/database';
import { countEvents } from '../../../server/resources/events/aggregate';
import { toEventQuery, type EventScope } from '../../../server/resources/events/filters';
import { pruneEvents } from '../../../server/resources/events/retention';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { restoreBody } from '../system/backupArchive';
import { approvedReader, frame, type TestReader } from './helpers';

/**
 * The rollups (migration 0018) against the events themselves: random
 * sequences of ingestion (JSON and multipart batches, events resent, late
 * events hours and days back), retention prunes, deletes, an event moved in
 * time and accounts deleted with their events; after each, every rollup row
 * equals a direct count, and the dashboard's tiles and the statistics equal
 * the direct aggregate of the events.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Few types of three groups, so that batches meet the same (account, type, hour) rows again. */
const TYPES = ['1FAFaceAuthenticated', '2FAAuthenticated', 'CrossingByKnownUser', 'TamperedDeviceDetected'] as const;

let p: TestPlatform;
let admin: ApiCaller;
let readers: TestReader[];
let contoso: number;
/** what was sent, for resending */
const sent: { reader: number; device_event_id: string; event: string; timestamp: string }[] = [];
let seq = 0;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    readers = [await approvedReader(p, admin, contoso), await approvedReader(p, admin, p.demo.customers[1].id)];
}, 60_000);
afterAll(() => p?.close());

/** A time in the last four days, to the millisecond: batches cross hours and days, and land hours and days late. */
const when = fc.integer({ min: 0, max: 4 * DAY });
const newEvent = fc.record({ type: fc.constantFrom(...TYPES), ago: when });
const batch = fc.record({
    kind: fc.constant('ingest' as const),
    reader: fc.nat(1),
    fresh: fc.array(newEvent, { minLength: 1, maxLength: 25 }),
    /** events of this reader sent before, sent again (counted once) */
    resend: fc.array(fc.nat(), { maxLength: 5 }),
    multipart: fc.boolean(),
});
const operation = fc.oneof(
    { weight: 6, arbitrary: batch },
    {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('prune' as const), reader: fc.nat(1), ago: when, limit: fc.integer({ min: 1, max: 40 }) }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
    {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), by: fc.integer({ min: -2 * DAY, max: 2 * DAY }) }),
    },
    {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('account' as const), fresh: fc.array(newEvent, { minLength: 1, maxLength: 20 }) }),
    },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

const storedIds = async () => (await rows<{ id: string }>(p.ctx.db, sql`select id::text from events order by id`)).map(r => Number(r.id));

const run = async (op: Operation) => {
    if (op.kind === 'ingest') {
        const reader = readers[op.reader]!;
        const mine = sent.filter(s => s.reader === op.reader);
        const again = op.resend.filter(() => mine.length).map(i => mine[i % mine.length]!);
        const fresh = op.fresh.map(e => ({
            device_event_id: `roll-${++seq}`,
            event: e.type,
            timestamp: new Date(Date.now() - e.ago).toISOString(),
        }));
        const events = [...fresh, ...again.map(({ device_event_id, event, timestamp }) => ({ device_event_id, event, timestamp }))];
        const res = op.multipart
            ? await reader.post([{ ...events[0]!, image: 'i0' }, ...events.slice(1)], { i0: frame().jpeg })
            : await reader.post({ events });
        expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
        expect(res.body.rejected).toEqual([]);
        sent.push(...fresh.map(e => ({ ...e, reader: op.reader })));
    } else if (op.kind === 'prune') {
        await pruneEvents(p.ctx.db, readers[op.reader]!.accountId, new Date(Date.now() - op.ago), op.limit);
    } else if (op.kind === 'delete') {
        const ids = await storedIds();
        if (ids.length) expect((await admin('DELETE', `/events/${ids[op.pick % ids.length]}?cross_account=true`)).statusCode).toBe(204);
    } else if (op.kind === 'move') {
        // Nothing in the product moves an event today; the trigger must follow if something does.
        const ids = await storedIds();
        if (ids.length)
            await p.ctx.db.execute(
                sql`update events set timestamp = timestamp + make_interval(secs => ${op.by / 1000}) where id = ${ids[op.pick % ids.length]}`,
            );
    } else {
        const created = await admin('POST', '/accounts', {
            name: `Rollup ${++seq}`,
            ref_number: `RU-${seq}`,
            address: { email: `rollup${seq}@example.test` },
            parent_id: p.demo.dealer.id,
        });
        expect(created.statusCode, created.body).toBe(201);
        const account = created.json().id as number;
        const reader = await approvedReader(p, admin, account);
        const events = op.fresh.map(e => ({
            device_event_id: `gone-${++seq}`,
            event: e.type,
            timestamp: new Date(Date.now() - e.ago).toISOString(),
        }));
        expect((await reader.post({ events })).body.accepted).toHaveLength(events.length);
        expect((await admin('DELETE', `/accounts/${account}`)).statusCode).toBe(204);
    }
};

/** Every rollup row, and what counting the events gives: they must be the same rows. */
const rollupsAndCounts = async () => {
    const of = (query: ReturnType<typeof sql>) =>
        rows<{ account_id: number; event: string; bucket: string; count: number }>(p.ctx.db, query).then(r =>
            r.map(x => `${x.account_id} ${x.event} ${x.bucket} ${Number(x.count)}`),
        );
    return {
        hourly: await of(sql`select account_id, event, hour::text as bucket, count from event_rollups order by 1, 2, 3`),
        hourlyCounted: await of(
            sql`select account_id, event, date_trunc('hour', timestamp, 'UTC')::text as bucket, count(*)::int as count from events group by 1, 2, 3 order by 1, 2, 3`,
        ),
        daily: await of(sql`select account_id, event, day::text as bucket, count from event_rollups_daily order by 1, 2, 3`),
        dailyCounted: await of(
            sql`select account_id, event, (timestamp at time zone 'UTC')::date::text as bucket, count(*)::int as count from events group by 1, 2, 3 order by 1, 2, 3`,
        ),
    };
};

const GROUPS = EVENT_GROUPS.filter(g => g !== 'all');
/** The dashboard's event tiles as the direct count gives them at `now`. */
const directTiles = async (scope: EventScope, now: number) => {
    const dayStart = new Date(now - (now % DAY) - 29 * DAY);
    const recent = await countEvents(p.ctx.db, scope, { from: new Date(now - DAY) }, ['group'], 0);
    const daily = await countEvents(p.ctx.db, scope, { from: dayStart }, ['day', 'group'], 0);
    return {
        last_24h: GROUPS.map(group => ({ group, count: recent.find(r => r.group === group)?.count ?? 0 })),
        per_day: daily.filter(d => d.group !== 'all').map(d => ({ day: d.day, group: d.group, count: d.count })),
    };
};

/** A statistics query: scope, time (to the ms, on an hour, on a day, open), type or group, dimensions and zone. */
const statistics = fc.record(
    {
        cross: fc.boolean(),
        dims: fc.subarray([...AGGREGATE_DIMENSIONS], { minLength: 1 }),
        offset: fc.constantFrom(0, 0, -120, 60, 300, 330, -600),
        from: fc.tuple(when, fc.constantFrom('ms', 'hour', 'day')),
        to: fc.tuple(when, fc.constantFrom('ms', 'hour', 'day')),
        group: fc.constantFrom<EventGroup>('authenticated', 'crossing', 'security', 'all'),
        event: fc.constantFrom(...TYPES),
    },
    { requiredKeys: ['cross', 'dims', 'offset'] },
);
const instant = ([ago, unit]: [number, 'ms' | 'hour' | 'day']) => {
    const t = Date.now() - ago;
    return new Date(unit === 'ms' ? t : t - (t % (unit === 'hour' ? HOUR : DAY))).toISOString();
};

describe('event rollups', () => {
    it('equal a direct count after any sequence of ingestion, prunes, deletes and account deletions; so do the dashboard and statistics', async () => {
        const contosoScope: EventScope = { accountId: contoso };
        const platform: EventScope = { pathPrefix: '/' };
        await fc.assert(
            fc.asyncProperty(
                fc.array(operation, { minLength: 1, maxLength: 8 }),
                fc.array(statistics, { minLength: 3, maxLength: 3 }),
                async (ops, queries) => {
                    for (const op of ops) await run(op);

                    const state = await rollupsAndCounts();
                    expect(state.hourly).toEqual(state.hourlyCounted);
                    expect(state.daily).toEqual(state.dailyCounted);

                    // The dashboard through HTTP: its clock runs, so the direct count is taken just before and just after.
                    for (const [caller, url, scope] of [
                        [admin, `/dashboard?account_id=${contoso}`, contosoScope],
                        [admin, '/dashboard?cross_account=true', platform],
                    ] as const) {
                        const before = await directTiles(scope, Date.now());
                        const res = await caller('GET', url);
                        const after = await directTiles(scope, Date.now());
                        expect(res.statusCode, res.body).toBe(200);
                        const { last_24h, per_day } = res.json().events as Awaited<ReturnType<typeof directTiles>>;
                        expect([before, after]).toContainEqual({ last_24h, per_day });
                    }

                    for (const q of queries) {
                        const params = new URLSearchParams({ group_by: q.dims.join(','), timezone_offset: String(q.offset) });
                        if (q.cross) params.set('cross_account', 'true');
                        else params.set('account_id', String(contoso));
                        if (q.from) params.set('from', instant(q.from));
                        if (q.to) params.set('to', instant(q.to));
                        if (q.group) params.set('group', q.group);
                        if (q.event) params.set('event', q.event);
                        const res = await admin('GET', `/events/aggregate?${params}`);
                        expect(res.statusCode, res.body).toBe(200);
                        const filters = toEventQuery({
                            from: params.get('from') ?? undefined,
                            to: params.get('to') ?? undefined,
                            group: q.group,
                            event: q.event,
                        });
                        expect(res.json().result).toEqual(
                            await countEvents(p.ctx.db, q.cross ? platform : contosoScope, filters, q.dims, q.offset),
                        );
                    }
                },
            ),
            { numRuns: 25, seed: 14 },
        );
    }, 300_000);
});

describe('event rollups after a restore', () => {
    it('equal the restored events, even when the archive holds rollups that do not', async () => {
        const token = await p.login(ADMIN.email);
        await run({ kind: 'ingest', reader: 0, fresh: [{ type: '2FAAuthenticated', ago: 5 * HOUR }], resend: [], multipart: false });
        // An archive whose rollups disagree with its events (edited, or written by a faulty version).
        await p.ctx.db.execute(sql`update event_rollups set count = count + 5`);
        await p.ctx.db.execute(sql`delete from event_rollups_daily where account_id = ${contoso}`);
        const url = await p.listen();
        const archive = Buffer.from(
            await (await fetch(`${url}/api/v2/system/backup`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
        );
        const restored = await p.call(token, { method: 'POST', url: '/api/v2/system/restore', ...restoreBody(archive) });
        expect(restored.statusCode, restored.body).toBe(200);
        const state = await rollupsAndCounts();
        expect(state.hourly.length).toBeGreaterThan(0);
        expect(state.hourly).toEqual(state.hourlyCounted);
        expect(state.daily).toEqual(state.dailyCounted);
    }, 60_000);
});
