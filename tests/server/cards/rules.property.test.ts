import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '../../../contract/cards';
import { profiles } from '../../../server/db/schema';
import { profileExpiry, visitorExpiry } from '../../../server/resources/profiles/jobs';
import { BADGE_TAKEN } from '../../../server/resources/profiles';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

/**
 * The SPEC 4.7 rules between the badge lists, visitors and the expiry jobs,
 * against an in-memory model of one fresh account. A generated sequence of
 * operations (profiles, opt-out, exclusion, adaptive, visitor ranges,
 * visitors, time zone, inactivity days, the clock, the expiry jobs) runs on
 * the server and on the model; after every operation the status code and
 * refusal, the profiles, the three lists with their holders, the ranges, the
 * expiration policy and the ProfileDeleted events must be the model's.
 *
 * The model's rules, written plainly:
 * - opting a badge out deletes every profile holding it (visitors too, cause
 *   opt_out) and takes it out of the adaptive and exclusion lists; a profile
 *   or a visitor with that badge is refused afterwards (409);
 * - a badge in the opt-out list, in a visitor range or held by a visitor is
 *   not added to the exclusion list (409); an opted-out badge is not adaptive;
 * - issuing a visitor never deletes a profile: a held badge is refused (409)
 *   and its holder stays;
 * - a visitor expires at the first instant of the next day in the account's
 *   time zone (as it was when the visitor was issued), and visitorExpiry
 *   deletes it once the clock reaches that instant (cause visitor_expired);
 * - with prp/profiles = N, profileExpiry deletes non-visitors whose last
 *   activity, or creation when none, is older than N days, unless they hold a
 *   badge of the exclusion list (cause expired).
 */

let p: TestPlatform;
let token: string;
let h10301: number;
let seq = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    p.call(token, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
    p = await startPlatform();
    token = await p.login(ADMIN.email);
    const predefined = (await api('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[];
    h10301 = predefined.find(f => f.key === 'h10301')!.id;
}, 120_000);
afterAll(() => p?.close());

// ---- the operations ----

/** A 26-bit H10301 badge of a small space, so that operations meet on the same badges. */
interface Key {
    fc: number;
    n: number;
}
const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'America/Santiago'] as const;
const BAD_ZONE = 'Mars/Olympus_Mons';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Op =
    | { kind: 'profile'; badges: Key[] }
    | { kind: 'optOut'; key: Target }
    | { kind: 'optOutCsv'; keys: Key[] }
    | { kind: 'exclusion'; key: Target }
    | { kind: 'adaptive'; key: Target }
    | { kind: 'range'; fc: number; first: number; last: number }
    | { kind: 'visitor'; key: Key; inRange: boolean }
    | { kind: 'zone'; zone: string }
    | { kind: 'days'; value: string }
    | { kind: 'advance'; ms: number }
    | { kind: 'seen'; pick: number }
    | { kind: 'profileExpiry' }
    | { kind: 'visitorExpiry' };

const key: fc.Arbitrary<Key> = fc.record({ fc: fc.integer({ min: 1, max: 2 }), n: fc.integer({ min: 1, max: 12 }) });
/** A badge for the lists: any badge, or one a profile holds now (the held-th of them, `or` when none is held). */
type Target = Key | { held: number; or: Key };
const target: fc.Arbitrary<Target> = fc.oneof(key, fc.record({ held: fc.nat(20), or: key }));
const validRange: fc.Arbitrary<Op> = fc
    .record({ fc: fc.integer({ min: 1, max: 2 }), first: fc.integer({ min: 1, max: 6 }), span: fc.integer({ min: 0, max: 11 }) })
    .map(r => ({ kind: 'range', fc: r.fc, first: r.first, last: Math.min(12, r.first + r.span) }));
/** How a run may begin, so that visitors and expiries come early: visitor ranges, a time zone, an inactivity policy. */
const preamble = fc.array(
    fc.oneof(
        validRange,
        fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
        fc.record({ kind: fc.constant('days' as const), value: fc.constantFrom('1', '2', '3') }),
    ),
    { maxLength: 4 },
);
const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('profile' as const), badges: fc.array(key, { minLength: 1, maxLength: 2 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('optOut' as const), key: target }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('optOutCsv' as const), keys: fc.array(key, { minLength: 1, maxLength: 3 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('exclusion' as const), key: target }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('adaptive' as const), key: target }) },
    {
        weight: 3,
        // mostly wide ranges, so that visitors get issued; now and then one whose last number is below its first
        arbitrary: fc
            .record({ fc: fc.integer({ min: 1, max: 2 }), first: fc.integer({ min: 1, max: 8 }), span: fc.integer({ min: -3, max: 11 }) })
            .map(r => ({ kind: 'range' as const, fc: r.fc, first: r.first, last: Math.max(1, Math.min(12, r.first + r.span)) })),
    },
    // inRange: the number is moved into the facility code's range, when it has one, so that most visitors get issued
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('visitor' as const), key, inRange: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES, BAD_ZONE) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('days' as const), value: fc.constantFrom('never', '1', '2', '3', '0') }) },
    {
        weight: 3,
        // whole half hours: the clock stays on a half-hour grid (see `now` below)
        arbitrary: fc.record({
            kind: fc.constant('advance' as const),
            ms: fc.constantFrom(HOUR / 2, HOUR, 3 * HOUR, 6 * HOUR, 11 * HOUR, DAY, 2 * DAY, 4 * DAY),
        }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('seen' as const), pick: fc.nat(20) }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'profileExpiry' as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'visitorExpiry' as const }) },
);

/** Where a run's clock starts: whole hours a few hours before daylight-saving changes of the zones, and a plain summer day. */
const STARTS = [
    '2026-03-28T18:00:00Z', // Europe/Paris springs forward 2026-03-29 01:00Z
    '2026-10-24T20:00:00Z', // Europe/Paris falls back 2026-10-25 01:00Z
    '2026-03-07T22:00:00Z', // America/New_York springs forward 2026-03-08 07:00Z
    '2026-10-31T21:00:00Z', // America/New_York falls back 2026-11-01 06:00Z
    '2026-04-04T22:00:00Z', // America/Santiago falls back at its midnight, 2026-04-05 03:00Z
    '2026-09-05T23:00:00Z', // America/Santiago springs forward over its midnight, 2026-09-06 04:00Z
    '2026-06-15T09:30:00Z',
].map(s => Date.parse(s));

// ---- the model ----

const name = (k: Key) => `${k.fc}:${k.n}`;
const keyOf = (badge: string): Key => {
    const [fcode, n] = badge.split(':').map(Number);
    return { fc: fcode!, n: n! };
};

interface ModelProfile {
    id: number;
    badges: string[];
    visitor: boolean;
    expiresAt: number | null;
    /** last activity, or creation when none: what the inactivity policy measures */
    activeAt: number;
}

interface Model {
    profiles: Map<number, ModelProfile>;
    optOut: Set<string>;
    exclusion: Set<string>;
    adaptive: Set<string>;
    /** visitor range by facility code */
    ranges: Map<number, { first: number; last: number }>;
    zone: string | undefined;
    days: string | undefined;
    deleted: { profile_id: number; deletion_cause: string }[];
}

const resolve = (m: Model, t: Target): Key => {
    if (!('held' in t)) return t;
    const held = [...m.profiles.values()].flatMap(x => x.badges).sort();
    return held.length ? keyOf(held[t.held % held.length]!) : t.or;
};
const holderOf = (m: Model, badge: string) => [...m.profiles.values()].find(x => x.badges.includes(badge));
const inRange = (m: Model, k: Key) => {
    const r = m.ranges.get(k.fc);
    return !!r && r.first <= k.n && k.n <= r.last;
};
const isVisitorBadge = (m: Model, k: Key) => inRange(m, k) || !!holderOf(m, name(k))?.visitor;
const zoneOf = (m: Model) => m.zone ?? 'UTC';
const inactivityDays = (m: Model) => (m.days === undefined || m.days === 'never' ? null : Number(m.days));
const deleteIn = (m: Model, ids: number[], cause: string) => {
    for (const id of ids) {
        m.profiles.delete(id);
        m.deleted.push({ profile_id: id, deletion_cause: cause });
    }
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar date of an instant in a zone, as YYYY-MM-DD (so that later dates compare greater). */
const localDate = (t: number, zone: string) => {
    let format = dateFormats.get(zone);
    if (!format) {
        format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
        dateFormats.set(zone, format);
    }
    return format.format(new Date(t));
};
/**
 * The model's next midnight, written independently of contract/cards.ts: the
 * first millisecond whose date in the zone is after today's, found by
 * bisection (a zone's date never goes back as time goes on, even where a
 * daylight-saving change skips or repeats midnight).
 */
const modelMidnight = (now: number, zone: string) => {
    const today = localDate(now, zone);
    let before = now;
    let after = now + 2 * DAY;
    while (after - before > 1) {
        const mid = Math.floor((before + after) / 2);
        if (localDate(mid, zone) > today) after = mid;
        else before = mid;
    }
    return after;
};

// ---- a run ----

/**
 * The server's clock: the run sets p.clock.offsetMs so that ctx.now() starts at
 * a whole hour of STARTS and moves it by whole half hours, so between
 * operations ctx.now() is a half-hour mark plus the real time the run has
 * taken (seconds). The model reads this same clock just before each
 * operation; no midnight of the zones (all on half hours) and no inactivity
 * cutoff can fall between the model's reading and the server's, a few
 * milliseconds later. A profile whose activity is exactly N days of the grid
 * before the job is older than N days by the real time in between, and both
 * the model and the server delete it.
 */
const now = () => p.ctx.now().getTime();

const card = (k: Key) => ({ card_format_id: h10301, facility_code: k.fc, badge_number: k.n });

interface Site {
    id: number;
    group: number;
}

const newSite = async (): Promise<Site> => {
    seq++;
    const made = await api('POST', '/accounts', {
        name: `Rules site ${seq}`,
        ref_number: `RP-${seq}`,
        address: { email: `rules${seq}@rules.test` },
        parent_id: p.demo.dealer.id,
        options: [{ type: 'bool', name: 'acs/opt_out_enabled', value: 'true' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const group = await api('POST', '/access_groups', { description: 'Everyone', account_id: id });
    expect(group.statusCode, group.body).toBe(201);
    return { id, group: group.json().id as number };
};

/** The account's whole option list as the model holds it (PUT replaces them all). */
const optionList = (zone: string | undefined, days: string | undefined) => [
    { type: 'bool', name: 'acs/opt_out_enabled', value: 'true' },
    ...(zone === undefined ? [] : [{ type: 'string', name: 'prp/timezone', value: zone }]),
    ...(days === undefined ? [] : [{ type: 'string', name: 'prp/profiles', value: days }]),
];

interface Outcome {
    status: number;
    /** the refusal's error, or for a validation error its field and message */
    error?: string;
    field?: [string, string];
}

/** Runs one operation on the server and on the model; returns what the server answered and what the model expects. */
const step = async (site: Site, m: Model, o: Op): Promise<{ got: Outcome; want: Outcome; badge?: string }> => {
    const outcome = (res: LightMyRequestResponse): Outcome => {
        if (res.statusCode < 400) return { status: res.statusCode };
        const body = res.json() as { error: string; fields?: Record<string, string> };
        return body.fields
            ? { status: res.statusCode, field: Object.entries(body.fields)[0] }
            : { status: res.statusCode, error: body.error };
    };
    switch (o.kind) {
        case 'profile': {
            let want: Outcome = { status: 201 };
            const seen: string[] = [];
            for (const k of o.badges) {
                if (seen.includes(name(k)) || holderOf(m, name(k))) want = { status: 409, error: BADGE_TAKEN };
                else if (m.optOut.has(name(k))) want = { status: 409, error: CARD_MESSAGES.optedOut };
                if (want.status !== 201) break;
                seen.push(name(k));
            }
            const res = await api('POST', '/profiles', {
                acs_id: `RP-${++seq}`,
                access_group_ids: [site.group],
                account_id: site.id,
                badges: o.badges.map(card),
            });
            if (res.statusCode === 201) {
                const id = res.json().id as number;
                // A new profile's age is its created_at, but POST /profiles stores the database's now(), the
                // real clock, not the shifted ctx.now() the jobs measure against. A profile made for real is
                // made at the server's clock, so the test writes ctx.now() into created_at right after, the way
                // lists.test.ts sets dates: the model and the server then agree on when it was created.
                const createdAt = now();
                await p.ctx.db
                    .update(profiles)
                    .set({ created_at: new Date(createdAt) })
                    .where(eq(profiles.id, id));
                if (want.status === 201)
                    m.profiles.set(id, { id, badges: o.badges.map(name), visitor: false, expiresAt: null, activeAt: createdAt });
            }
            return { got: outcome(res), want };
        }
        case 'optOut': {
            const k = resolve(m, o.key);
            const badge = name(k);
            const res = await api('POST', '/opt_out', { ...card(k), account_id: site.id });
            if (m.optOut.has(badge)) return { got: outcome(res), want: { status: 409, error: CARD_MESSAGES.alreadyListed }, badge };
            const holders = [...m.profiles.values()].filter(x => x.badges.includes(badge)).map(x => x.id);
            m.optOut.add(badge);
            m.adaptive.delete(badge);
            m.exclusion.delete(badge);
            deleteIn(m, holders, 'opt_out');
            const got = outcome(res);
            // the reply counts the holders it deleted
            if (res.statusCode === 201) expect(res.json().profiles_deleted, 'profiles_deleted').toBe(holders.length);
            return { got, want: { status: 201 }, badge };
        }
        case 'optOutCsv': {
            // SPEC 4.7: a bio opt-out import deletes the matching profiles, the same as one badge at a time
            const form = new FormData();
            const csv = ['badge_number,facility_code', ...o.keys.map(k => `${k.n},${k.fc}`)].join('\n');
            form.append('file', new Blob([csv], { type: 'text/csv' }), 'opt-out.csv');
            const res = await p.call(token, { method: 'POST', url: `/api/v2/opt_out/csv?account_id=${site.id}`, payload: form });
            const badges = [...new Set(o.keys.map(name))];
            const added = badges.filter(b => !m.optOut.has(b)).length;
            const holders = [...m.profiles.values()].filter(x => x.badges.some(b => badges.includes(b))).map(x => x.id);
            for (const b of badges) {
                m.optOut.add(b);
                m.adaptive.delete(b);
                m.exclusion.delete(b);
            }
            deleteIn(m, holders, 'opt_out');
            if (res.statusCode === 200)
                expect(res.json(), 'the import says what it did').toEqual({
                    lines: o.keys.length,
                    added,
                    already: o.keys.length - added,
                    profiles_deleted: holders.length,
                    refused: [],
                    refused_more: 0,
                });
            return { got: outcome(res), want: { status: 200 } };
        }
        case 'exclusion': {
            const k = resolve(m, o.key);
            const badge = name(k);
            const res = await api('POST', '/exclusion', { ...card(k), account_id: site.id });
            let want: Outcome = { status: 201 };
            if (m.exclusion.has(badge)) want = { status: 409, error: CARD_MESSAGES.alreadyListed };
            else if (m.optOut.has(badge)) want = { status: 409, error: CARD_MESSAGES.exclusionOptedOut };
            else if (isVisitorBadge(m, k)) want = { status: 409, error: CARD_MESSAGES.exclusionVisitor };
            else m.exclusion.add(badge);
            return { got: outcome(res), want, badge };
        }
        case 'adaptive': {
            const k = resolve(m, o.key);
            const badge = name(k);
            const res = await api('POST', '/cards/adaptive', { ...card(k), account_id: site.id });
            let want: Outcome = { status: 201 };
            if (m.adaptive.has(badge)) want = { status: 409, error: CARD_MESSAGES.alreadyListed };
            else if (m.optOut.has(badge)) want = { status: 409, error: CARD_MESSAGES.adaptiveOptedOut };
            else m.adaptive.add(badge);
            return { got: outcome(res), want, badge };
        }
        case 'range': {
            const res = await api('PATCH', '/cards/visitors/range', {
                card_format_id: h10301,
                facility_code: o.fc,
                first_number: o.first,
                last_number: o.last,
                account_id: site.id,
            });
            if (o.last < o.first) return { got: outcome(res), want: { status: 400, field: ['last_number', CARD_MESSAGES.rangeOrder] } };
            m.ranges.set(o.fc, { first: o.first, last: o.last });
            return { got: outcome(res), want: { status: 200 } };
        }
        case 'visitor': {
            const range = m.ranges.get(o.key.fc);
            const k = o.inRange && range ? { fc: o.key.fc, n: range.first + ((o.key.n - 1) % (range.last - range.first + 1)) } : o.key;
            const badge = name(k);
            const at = now();
            const res = await api('POST', '/cards/visitors', { ...card(k), acs_id: `VIS-${++seq}`, account_id: site.id });
            let want: Outcome = { status: 201 };
            if (!inRange(m, k)) want = { status: 400, field: ['badge_number', CARD_MESSAGES.notInRange] };
            else if (m.optOut.has(badge)) want = { status: 409, error: CARD_MESSAGES.optedOut };
            else if (holderOf(m, badge)) want = { status: 409, error: BADGE_TAKEN };
            if (want.status === 201 && res.statusCode === 201) {
                const id = res.json().id as number;
                m.profiles.set(id, { id, badges: [badge], visitor: true, expiresAt: modelMidnight(at, zoneOf(m)), activeAt: at });
            }
            return { got: outcome(res), want, badge };
        }
        case 'zone': {
            const res = await api('PUT', `/accounts/${site.id}/options`, { options: optionList(o.zone, m.days) });
            if (o.zone === BAD_ZONE)
                return { got: outcome(res), want: { status: 400, field: ['options.1.value', 'An IANA time zone, such as Europe/Paris'] } };
            m.zone = o.zone;
            return { got: outcome(res), want: { status: 200 } };
        }
        case 'days': {
            const res = await api('PUT', `/accounts/${site.id}/options`, { options: optionList(m.zone, o.value) });
            if (o.value === '0') {
                const index = m.zone === undefined ? 1 : 2;
                return {
                    got: outcome(res),
                    want: { status: 400, field: [`options.${index}.value`, "'never' or a whole number of days from 1 to 3650"] },
                };
            }
            m.days = o.value;
            return { got: outcome(res), want: { status: 200 } };
        }
        case 'advance':
            p.clock.offsetMs += o.ms;
            return { got: { status: 0 }, want: { status: 0 } };
        case 'seen': {
            // A reader seeing the profile sets its last activity: written straight into the database at the
            // server's clock, the way lists.test.ts does, since the device API would need an enrolled reader.
            const ids = [...m.profiles.keys()].sort((a, b) => a - b);
            if (ids.length) {
                const id = ids[o.pick % ids.length]!;
                const at = now();
                await p.ctx.db
                    .update(profiles)
                    .set({ last_activity_at: new Date(at) })
                    .where(eq(profiles.id, id));
                m.profiles.get(id)!.activeAt = at;
            }
            return { got: { status: 0 }, want: { status: 0 } };
        }
        case 'profileExpiry': {
            const days = inactivityDays(m);
            if (days !== null) {
                const cutoff = now() - days * DAY;
                const gone = [...m.profiles.values()]
                    .filter(x => !x.visitor && x.activeAt < cutoff && !x.badges.some(b => m.exclusion.has(b)))
                    .map(x => x.id);
                deleteIn(m, gone, 'expired');
            }
            await profileExpiry.run(p.ctx);
            return { got: { status: 0 }, want: { status: 0 } };
        }
        case 'visitorExpiry': {
            const at = now();
            deleteIn(
                m,
                [...m.profiles.values()].filter(x => x.visitor && x.expiresAt! <= at).map(x => x.id),
                'visitor_expired',
            );
            await visitorExpiry.run(p.ctx);
            return { got: { status: 0 }, want: { status: 0 } };
        }
    }
};

interface ServerProfile {
    id: number;
    visitor: boolean;
    expires_at: string | null;
    badges: { badge_number: number; facility_code: number | null; adaptive: boolean; excluded: boolean }[];
}
interface ServerListed {
    badge_number: number;
    facility_code: number | null;
    profile: { id: number } | null;
}

/** Everything the account shows, as the server answers it and as the model says it should be. */
const snapshot = async (site: Site, m: Model) => {
    const at = now();
    const get = async (url: string) => {
        const res = await api('GET', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
    };
    const q = `account_id=${site.id}&per_page=200`;
    const listed = async (path: string) =>
        ((await get(`${path}?${q}`)).result as ServerListed[])
            .map(e => `${e.facility_code}:${e.badge_number}>${e.profile?.id ?? '-'}`)
            .sort();
    const got = {
        profiles: ((await get(`/profiles?${q}`)).result as ServerProfile[])
            .map(x => ({
                id: x.id,
                visitor: x.visitor,
                expires_at: x.expires_at,
                badges: x.badges.map(b => ({ badge: `${b.facility_code}:${b.badge_number}`, adaptive: b.adaptive, excluded: b.excluded })),
            }))
            .sort((a, b) => a.id - b.id),
        opt_out: await listed('/opt_out'),
        exclusion: await listed('/exclusion'),
        adaptive: await listed('/cards/adaptive'),
        ranges: (
            (await get(`/cards/visitors/range?account_id=${site.id}`)).result as {
                facility_code: number;
                first_number: number;
                last_number: number;
                visitors: number;
            }[]
        )
            .map(r => ({ fc: r.facility_code, first: r.first_number, last: r.last_number, visitors: r.visitors }))
            .sort((a, b) => a.fc - b.fc),
        policy: await get(`/profiles/expiration_time?account_id=${site.id}`),
        deleted: (
            (await get(`/events?${q}&event=ProfileDeleted`)).result as {
                profiles: { profile_id: number; deletion_cause: string | null; profile_deleted: boolean }[];
            }[]
        )
            .flatMap(e => e.profiles)
            .map(x => ({ profile_id: x.profile_id, deletion_cause: x.deletion_cause, profile_deleted: x.profile_deleted }))
            .sort((a, b) => a.profile_id - b.profile_id),
    };
    const holder = (badge: string) => `${badge}>${holderOf(m, badge)?.id ?? '-'}`;
    const want = {
        profiles: [...m.profiles.values()]
            .map(x => ({
                id: x.id,
                visitor: x.visitor,
                expires_at: x.expiresAt === null ? null : new Date(x.expiresAt).toISOString(),
                badges: x.badges.map(b => ({ badge: b, adaptive: m.adaptive.has(b), excluded: m.exclusion.has(b) })),
            }))
            .sort((a, b) => a.id - b.id),
        opt_out: [...m.optOut].map(holder).sort(),
        exclusion: [...m.exclusion].map(holder).sort(),
        adaptive: [...m.adaptive].map(holder).sort(),
        ranges: [...m.ranges.entries()]
            .map(([fcode, r]) => ({
                fc: fcode,
                first: r.first,
                last: r.last,
                visitors: [...m.profiles.values()].filter(x => x.visitor && x.badges.map(keyOf).some(k => k.fc === fcode && inRange(m, k)))
                    .length,
            }))
            .sort((a, b) => a.fc - b.fc),
        policy: {
            time_zone: zoneOf(m),
            inactivity_days: inactivityDays(m),
            visitor_expiry: new Date(modelMidnight(at, zoneOf(m))).toISOString(),
            exclusions: m.exclusion.size,
        },
        deleted: m.deleted.map(d => ({ ...d, profile_deleted: true })).sort((a, b) => a.profile_id - b.profile_id),
    };
    return { got, want };
};

describe('SPEC 4.7 badge lists, visitors and expiry against a model', () => {
    it('every operation answers as the model says, and the account then shows exactly the model', async () => {
        const clockAtStart = p.clock.offsetMs;
        try {
            await fc.assert(
                fc.asyncProperty(
                    fc.constantFrom(...STARTS),
                    preamble,
                    fc.array(op, { minLength: 1, maxLength: 25, size: 'max' }),
                    async (start, first, rest) => {
                        const ops = [...first, ...rest];
                        // a new account per run: nothing carries over from the runs before
                        const site = await newSite();
                        p.clock.offsetMs = start - Date.now();
                        const m: Model = {
                            profiles: new Map(),
                            optOut: new Set(),
                            exclusion: new Set(),
                            adaptive: new Set(),
                            ranges: new Map(),
                            zone: undefined,
                            days: undefined,
                            deleted: [],
                        };
                        for (const [i, o] of ops.entries()) {
                            const { got, want, badge } = await step(site, m, o);
                            const where = `operation ${i} ${JSON.stringify(o)}${badge ? ` (badge ${badge})` : ''}`;
                            expect(got, where).toEqual(want);
                            const shown = await snapshot(site, m);
                            expect(shown.got, `after ${where}`).toEqual(shown.want);
                        }
                    },
                ),
                { numRuns: 20, interruptAfterTimeLimit: 75_000, markInterruptAsFailure: true },
            );
        } finally {
            p.clock.offsetMs = clockAtStart;
        }
    }, 90_000);
});
