import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_GROUPS, EVENT_GROUP_TYPES, EVENT_TYPES, type EventGroup, type EventRecord, type EventType } from '../../../contract/events';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile, approvedReader, type TestReader } from './helpers';

/**
 * The list's filters and paging against an in-memory model: a generated
 * data set goes in through the device API, then random filter, sort and page
 * combinations must return exactly the model's rows and count.
 */
interface Modelled {
    id: number;
    account: 'contoso' | 'fabrikam';
    device_id: number;
    event: EventType;
    group: EventGroup;
    at: number;
    profile_ids: number[];
    badges: number[];
}

let p: TestPlatform;
let admin: ApiCaller;
let dealer: ApiCaller;
const model: Modelled[] = [];
let readers: TestReader[] = [];
let profileIds: Record<'contoso' | 'fabrikam', number[]>;
const BADGES = [1001, 1002, 1003, 1004, 1005];
const base = Date.UTC(2026, 10, 1, 0, 0, 0);
/** few distinct times, so that many events share one and the id must break the tie */
const TIMES = Array.from({ length: 40 }, (_, i) => base + i * 5 * 3600_000 + (i % 3) * 60_000);

const groupOf = (event: EventType): EventGroup =>
    (Object.entries(EVENT_GROUP_TYPES).find(([, types]) => types.includes(event))?.[0] as EventGroup) ?? 'all';

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    dealer = await p.as(p.demo.dealer.users.dealer.email);
    const contoso = p.demo.customers[0].id;
    const fabrikam = p.demo.customers[1].id;
    readers = [await approvedReader(p, admin, contoso), await approvedReader(p, admin, contoso), await approvedReader(p, admin, fabrikam)];
    profileIds = {
        contoso: [(await addProfile(p, contoso)).id, (await addProfile(p, contoso)).id, (await addProfile(p, contoso)).id],
        fabrikam: [(await addProfile(p, fabrikam)).id, (await addProfile(p, fabrikam)).id],
    };
    const data = fc.sample(
        fc.record({
            reader: fc.nat(readers.length - 1),
            event: fc.constantFrom(...EVENT_TYPES),
            at: fc.constantFrom(...TIMES),
            people: fc.array(fc.record({ pick: fc.nat(2), badge: fc.option(fc.constantFrom(...BADGES), { nil: undefined }) }), {
                maxLength: 2,
            }),
        }),
        { numRuns: 260, seed: 20261101 },
    );
    for (const [r, reader] of readers.entries()) {
        const account = reader.accountId === contoso ? 'contoso' : 'fabrikam';
        const mine = data.filter(d => d.reader === r);
        for (let i = 0; i < mine.length; i += 50) {
            const chunk = mine.slice(i, i + 50);
            const sent = chunk.map((d, k) => ({
                device_event_id: `prop-${r}-${i + k}`,
                event: d.event,
                timestamp: new Date(d.at).toISOString(),
                profiles: d.people.map(x => ({
                    profile_id: profileIds[account][x.pick % profileIds[account].length]!,
                    ...(x.badge ? { badge_number: x.badge } : {}),
                })),
            }));
            const res = await reader.post({ events: sent });
            expect(res.body.accepted).toHaveLength(chunk.length);
            res.body.accepted.forEach((a, k) =>
                model.push({
                    id: a.id,
                    account,
                    device_id: reader.id,
                    event: sent[k]!.event,
                    group: groupOf(sent[k]!.event),
                    at: Date.parse(sent[k]!.timestamp),
                    profile_ids: sent[k]!.profiles.map(x => x.profile_id),
                    badges: sent[k]!.profiles.map(x => x.badge_number).filter((b): b is number => b !== undefined),
                }),
            );
        }
    }
}, 120_000);
afterAll(() => p?.close());

const filters = fc.record(
    {
        scope: fc.constantFrom('contoso', 'fabrikam', 'dealer-cross'),
        group: fc.constantFrom(...EVENT_GROUPS),
        event: fc.constantFrom(...EVENT_TYPES),
        device: fc.nat(2),
        profile: fc.nat(4),
        badge_number: fc.constantFrom(...BADGES, 9999),
        from: fc.constantFrom(...TIMES),
        to: fc.constantFrom(...TIMES),
        after: fc.nat(300),
        page: fc.integer({ min: 1, max: 4 }),
        per_page: fc.integer({ min: 1, max: 60 }),
        sort: fc.constantFrom('-timestamp', '+timestamp'),
    },
    { requiredKeys: ['scope', 'page', 'per_page'] },
);
type Filters = typeof filters extends fc.Arbitrary<infer T> ? T : never;

const params = (f: Filters) => {
    const q = new URLSearchParams({ page: String(f.page), per_page: String(f.per_page) });
    if (f.scope === 'dealer-cross') q.set('cross_account', 'true');
    else q.set('account_id', String(f.scope === 'contoso' ? p.demo.customers[0].id : p.demo.customers[1].id));
    if (f.group) q.set('group', f.group);
    if (f.event) q.set('event', f.event);
    if (f.device !== undefined) q.set('device_id', String(readers[f.device]!.id));
    if (f.profile !== undefined) q.set('profile_id', String([...profileIds.contoso, ...profileIds.fabrikam][f.profile]!));
    if (f.badge_number !== undefined) q.set('badge_number', String(f.badge_number));
    if (f.from !== undefined) q.set('from', new Date(f.from).toISOString());
    if (f.to !== undefined) q.set('to', new Date(f.to).toISOString());
    if (f.after !== undefined) q.set('after_id', String(model[0]!.id + f.after));
    if (f.sort) q.set('sort', f.sort);
    return q;
};

/** The model's answer: the same filters written plainly over the array. */
const expected = (f: Filters) => {
    const profile = f.profile === undefined ? undefined : [...profileIds.contoso, ...profileIds.fabrikam][f.profile];
    const rows = model.filter(
        e =>
            (f.scope === 'dealer-cross' || e.account === f.scope) &&
            (!f.group || f.group === 'all' || e.group === f.group) &&
            (!f.event || e.event === f.event) &&
            (f.device === undefined || e.device_id === readers[f.device]!.id) &&
            (profile === undefined || e.profile_ids.includes(profile)) &&
            (f.badge_number === undefined || e.badges.includes(f.badge_number)) &&
            (f.from === undefined || e.at >= f.from) &&
            (f.to === undefined || e.at < f.to) &&
            (f.after === undefined || e.id > model[0]!.id + f.after),
    );
    const ascending = f.sort === '+timestamp';
    rows.sort((a, b) => (a.at - b.at || a.id - b.id) * (ascending ? 1 : -1));
    return { ids: rows.slice((f.page - 1) * f.per_page, f.page * f.per_page).map(r => r.id), count: rows.length };
};

describe('GET /events filters and paging', () => {
    it("returns exactly the model's rows, in order, with its count, for any combination of filters, sort and page", async () => {
        await fc.assert(
            fc.asyncProperty(filters, async f => {
                const caller = f.scope === 'dealer-cross' ? dealer : admin;
                const res = await caller('GET', `/events?${params(f)}`);
                expect(res.statusCode, res.body).toBe(200);
                const body = res.json() as { result: EventRecord[]; count: number; count_is_estimate: boolean };
                const want = expected(f);
                expect({ ids: body.result.map(r => r.id), count: body.count, estimate: body.count_is_estimate }).toEqual({
                    ...want,
                    estimate: false,
                });
            }),
            { numRuns: 150, seed: 4 },
        );
    }, 120_000);

    it('pages that follow each other cover the list once, with no event twice even when many share a timestamp', async () => {
        const seen: number[] = [];
        for (let page = 1; ; page++) {
            const body = (await admin('GET', `/events?account_id=${p.demo.customers[0].id}&per_page=17&page=${page}`)).json() as {
                result: EventRecord[];
            };
            if (!body.result.length) break;
            seen.push(...body.result.map(r => r.id));
        }
        const contoso = model.filter(e => e.account === 'contoso');
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.sort((a, b) => a - b)).toEqual(contoso.map(e => e.id).sort((a, b) => a - b));
    });
});

describe('GET /events/aggregate', () => {
    it("counts by type, group, day, hour and device in the caller's time zone as the model does", async () => {
        const dims = fc.subarray(['type', 'group', 'day', 'hour', 'device'] as const, { minLength: 1 });
        await fc.assert(
            fc.asyncProperty(
                dims,
                fc.constantFrom(0, -120, 300, 330, -600),
                fc.constantFrom('contoso', 'fabrikam'),
                async (groupBy, offset, account) => {
                    const accountId = account === 'contoso' ? p.demo.customers[0].id : p.demo.customers[1].id;
                    const res = await admin(
                        'GET',
                        `/events/aggregate?account_id=${accountId}&group_by=${groupBy.join(',')}&timezone_offset=${offset}`,
                    );
                    expect(res.statusCode, res.body).toBe(200);
                    const counts = new Map<string, number>();
                    for (const e of model.filter(m => m.account === account)) {
                        const local = new Date(e.at - offset * 60_000);
                        const key = groupBy
                            .map(
                                d =>
                                    ({
                                        type: e.event,
                                        group: e.group,
                                        day: local.toISOString().slice(0, 10),
                                        hour: String(local.getUTCHours()),
                                        device: String(e.device_id),
                                    })[d],
                            )
                            .join('|');
                        counts.set(key, (counts.get(key) ?? 0) + 1);
                    }
                    const got = new Map(
                        (res.json().result as Record<string, string | number>[]).map(r => [
                            groupBy.map(d => String(d === 'device' ? r.device_id : r[d])).join('|'),
                            r.count,
                        ]),
                    );
                    expect(got).toEqual(counts);
                },
            ),
            { numRuns: 25, seed: 9 },
        );
    }, 60_000);

    it('refuses a dimension it does not know', async () => {
        const res = await admin('GET', `/events/aggregate?account_id=${p.demo.customers[0].id}&group_by=type,weather`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(/group_by takes/);
    });
});
