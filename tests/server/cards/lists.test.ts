import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES, nextMidnight } from '../../../contract/cards';
import { events, profiles } from '../../../server/db/schema';
import { enrollmentImageRetention, profileExpiry, visitorExpiry } from '../../../server/resources/profiles/jobs';
import { BADGE_TAKEN } from '../../../server/resources/profiles';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from '../permissions/roleMatrix';

/**
 * The badge lists of SPEC 2.2 and 4.7 through HTTP: visitor ranges and
 * visitors that end at midnight in the account's time zone, the exclusion,
 * opt-out and adaptive lists and the rules between them, the expiry jobs,
 * consent documents, the profile export, status counts, badge search, and
 * what deleting a card format takes with it (SPEC 4.8).
 */

let p: TestPlatform;
let m: RoleMatrix;
let h10301: number;
let seq = 0;
const PARIS = 'Europe/Paris';
const FORMAT_IN_USE = 'The cards that use the format must be removed first.';

interface Badge {
    id: number;
    badge_number: number;
    facility_code: number | null;
    card_format_id: number;
    adaptive: boolean;
    excluded: boolean;
}
interface Profile {
    id: number;
    account_id: number;
    acs_id: string | null;
    status: string;
    enabled: boolean;
    visitor: boolean;
    expires_at: string | null;
    badges: Badge[];
    access_group_ids: number[];
    consent: { accepted_at: string; method: string; document_version: string | null; document: boolean } | null;
}
interface Range {
    id: number;
    card_format_id: number;
    facility_code: number | null;
    first_number: number;
    last_number: number;
    visitors: number;
}
interface Listed {
    id: number;
    badge_number: number;
    facility_code: number | null;
    card_format_id: number;
    profile: { id: number; acs_id: string | null } | null;
}
interface Option {
    type: string;
    name: string;
    value: string;
}

/** A customer account under the demo dealer, with its default access group. */
interface Site {
    id: number;
    group: number;
}

/** PATCH is not among the role matrix's methods: the same call with the admin's token. */
const patch = (url: string, payload: object) => p.call(m.tokens.admin, { method: 'PATCH', url: `/api/v2${url}`, payload });

const card = (badge_number: number, facility_code: number, card_format_id = h10301) => ({ card_format_id, facility_code, badge_number });

const newSite = async (options: Option[] = []): Promise<Site> => {
    const made = await m.asAdmin('POST', '/accounts', {
        name: `Lists site ${++seq}`,
        ref_number: `LS-${seq}`,
        address: { email: `site${seq}@lists.test` },
        parent_id: p.demo.dealer.id,
        options,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const group = await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: id });
    expect(group.statusCode, group.body).toBe(201);
    return { id, group: group.json().id as number };
};

const optionsOf = async (accountId: number): Promise<Option[]> => (await m.asAdmin('GET', `/accounts/${accountId}/options`)).json().options;

/** PUT /accounts/:id/options replaces them all: the ones not named stay as they were. */
const putOptions = async (accountId: number, changes: Record<string, string>) => {
    const current = await optionsOf(accountId);
    const kept = current.filter(o => !(o.name in changes));
    const changed = Object.entries(changes).map(([name, value]) => ({ type: 'string', name, value }));
    return m.asAdmin('PUT', `/accounts/${accountId}/options`, { options: [...kept, ...changed] });
};

const newProfile = async (site: Site, body: object = {}): Promise<Profile> => {
    const res = await m.asAdmin('POST', '/profiles', {
        acs_id: `P-${++seq}`,
        access_group_ids: [site.group],
        account_id: site.id,
        ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
};
const getProfile = (id: number) => m.asAdmin('GET', `/profiles/${id}`);

const setRange = (site: Site, range: object) => patch('/cards/visitors/range', { account_id: site.id, ...range });
const rangesOf = async (site: Site): Promise<Range[]> =>
    (await m.asAdmin('GET', `/cards/visitors/range?account_id=${site.id}`)).json().result;
const addVisitor = (site: Site, badge: object, acs_id = `VIS-${++seq}`) =>
    m.asAdmin('POST', '/cards/visitors', { ...badge, acs_id, account_id: site.id });

const listed = async (site: Site, path: string, q?: string): Promise<Listed[]> =>
    (await m.asAdmin('GET', `${path}?account_id=${site.id}&per_page=200${q ? `&q=${encodeURIComponent(q)}` : ''}`)).json().result;

/** The ids GET /profiles lists for a query, in the list's order. */
const profileIds = async (site: Site, query: string) => {
    const res = await m.asAdmin('GET', `/profiles?account_id=${site.id}&per_page=200&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as Profile[]).map(x => x.id);
};

/** The ProfileDeleted events of a profile, as the Security Events list shows them. */
const deletionCauses = async (site: Site, profileId: number) => {
    const res = await m.asAdmin('GET', `/events?account_id=${site.id}&event=ProfileDeleted&profile_id=${profileId}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as { profiles: { profile_id: number; deletion_cause: string | null; profile_deleted: boolean }[] }[]).map(e =>
        e.profiles.map(x => ({ profile_id: x.profile_id, deletion_cause: x.deletion_cause, profile_deleted: x.profile_deleted })),
    );
};

/** An instant on a wall clock of the zone: '2026-10-25, 00:00:00'. */
const wallClock = (instant: Date, zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
    }).format(instant);

/** A multipart body written out by hand: the fields in order, then the file in the field "file". */
const multipart = (fields: [string, string][], file: { name: string; type: string; data: Buffer }) => {
    const boundary = `----lists-test-${++seq}`;
    const chunks: Buffer[] = fields.map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    chunks.push(
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const uploadConsent = (profileId: number, body: ReturnType<typeof multipart>) =>
    p.call(m.tokens.admin, { method: 'POST', url: `/api/v2/profiles/${profileId}/consent`, ...body });

const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const DOCX = Buffer.concat([Buffer.from('PK\x03\x04', 'binary'), Buffer.from('word/document.xml fake docx body')]);

/** The account most tests work in: opt-out on, a time zone of its own. */
let site: Site;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    const predefined = (await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[];
    h10301 = predefined.find(f => f.key === 'h10301')!.id;
    site = await newSite([
        { type: 'bool', name: 'acs/opt_out_enabled', value: 'true' },
        { type: 'string', name: 'acs/provider', value: 'lists-test' },
    ]);
    const zoned = await putOptions(site.id, { 'prp/timezone': PARIS });
    expect(zoned.statusCode, zoned.body).toBe(200);
}, 120_000);
afterAll(() => p?.close());

describe('visitor ranges (SPEC 2.2 /visitors, 5)', () => {
    it('the time zone option is set beside the options the account had', async () => {
        expect((await optionsOf(site.id)).map(o => [o.name, o.value])).toEqual([
            ['acs/opt_out_enabled', 'true'],
            ['acs/provider', 'lists-test'],
            ['prp/timezone', PARIS],
        ]);
    });

    it('PATCH creates the range of a format and facility code, and the same format and facility code again replaces its numbers', async () => {
        const created = await setRange(site, { ...card(1000, 20), first_number: 1000, last_number: 1999 });
        expect(created.statusCode, created.body).toBe(200);
        expect(created.json()).toMatchObject({
            card_format_id: h10301,
            facility_code: 20,
            first_number: 1000,
            last_number: 1999,
            visitors: 0,
        });
        const listed20 = (await rangesOf(site)).filter(r => r.card_format_id === h10301 && r.facility_code === 20);
        expect(listed20).toEqual([expect.objectContaining({ id: created.json().id, first_number: 1000, last_number: 1999 })]);

        const replaced = await setRange(site, { card_format_id: h10301, facility_code: 20, first_number: 1000, last_number: 1099 });
        expect(replaced.statusCode, replaced.body).toBe(200);
        expect(replaced.json()).toMatchObject({ id: created.json().id, first_number: 1000, last_number: 1099 });
        expect((await rangesOf(site)).filter(r => r.card_format_id === h10301 && r.facility_code === 20)).toEqual([
            expect.objectContaining({ id: created.json().id, first_number: 1000, last_number: 1099 }),
        ]);
    });

    it('refuses a last number below the first, a number outside the format and a missing first number, changing nothing', async () => {
        const base = { card_format_id: h10301, facility_code: 20 };
        const backwards = await setRange(site, { ...base, first_number: 1200, last_number: 1100 });
        expect(backwards.statusCode).toBe(400);
        expect(backwards.json().fields.last_number).toBe(CARD_MESSAGES.rangeOrder);

        // 26-bit H10301 card numbers are 16 bits: 0 to 65535.
        const tooBig = await setRange(site, { ...base, first_number: 1000, last_number: 65_536 });
        expect(tooBig.statusCode).toBe(400);
        expect(tooBig.json().fields.last_number).toBe('Badge number must be a whole number from 0 to 65535 in 26-bit H10301');
        const tooBigFirst = await setRange(site, { ...base, first_number: 70_000, last_number: 70_001 });
        expect(tooBigFirst.statusCode).toBe(400);
        expect(tooBigFirst.json().fields.first_number).toBe('Badge number must be a whole number from 0 to 65535 in 26-bit H10301');

        const noFirst = await setRange(site, { ...base, last_number: 1100 });
        expect(noFirst.statusCode).toBe(400);
        expect(noFirst.json().fields.first_number).toBe('First number is required');

        expect((await rangesOf(site)).filter(r => r.card_format_id === h10301 && r.facility_code === 20)).toEqual([
            expect.objectContaining({ first_number: 1000, last_number: 1099 }),
        ]);
    });
});

describe('visitors (SPEC 2.2 /visitors, 4.7)', () => {
    it('a badge of a range makes a visitor profile that expires at the next midnight of the account time zone', async () => {
        const before = nextMidnight(p.ctx.now(), PARIS).toISOString();
        const res = await addVisitor(site, card(1050, 20), 'VIS-PARIS');
        const after = nextMidnight(p.ctx.now(), PARIS).toISOString();
        expect(res.statusCode, res.body).toBe(201);
        const visitor = res.json() as Profile;
        expect(visitor).toMatchObject({ acs_id: 'VIS-PARIS', visitor: true, account_id: site.id, access_group_ids: [site.group] });
        expect(visitor.badges).toEqual([expect.objectContaining({ badge_number: 1050, facility_code: 20, card_format_id: h10301 })]);
        expect([before, after]).toContain(visitor.expires_at);
        // Checked without nextMidnight too: 00:00:00 on a Paris wall clock, within the coming day.
        const expires = new Date(visitor.expires_at!);
        expect(wallClock(expires, PARIS)).toMatch(/, 00:00:00$/);
        expect(expires.getTime()).toBeGreaterThan(p.ctx.now().getTime() - 1000);
        expect(expires.getTime() - p.ctx.now().getTime()).toBeLessThanOrEqual(25 * 3600_000);
        // Midnight in Paris is never midnight UTC: the account's zone was used.
        expect(visitor.expires_at).not.toBe(nextMidnight(p.ctx.now(), 'UTC').toISOString());
        const shown = (await getProfile(visitor.id)).json();
        expect(shown).toMatchObject({ visitor: true, expires_at: visitor.expires_at });

        // GET /profiles/expiration_time tells the same instant for visits made now.
        const expiration = (await m.asAdmin('GET', `/profiles/expiration_time?account_id=${site.id}`)).json();
        expect(expiration.time_zone).toBe(PARIS);
        expect([before, after, nextMidnight(p.ctx.now(), PARIS).toISOString()]).toContain(expiration.visitor_expiry);

        // The visitors list shows the badge and when it expires; the range counts its visitor.
        const visitors = (await m.asAdmin('GET', `/cards/visitors?account_id=${site.id}&per_page=200`)).json();
        expect(visitors.result).toContainEqual(
            expect.objectContaining({
                id: visitor.badges[0]!.id,
                profile_id: visitor.id,
                acs_id: 'VIS-PARIS',
                badge_number: 1050,
                facility_code: 20,
                expires_at: visitor.expires_at,
            }),
        );
        expect((await rangesOf(site)).find(r => r.card_format_id === h10301 && r.facility_code === 20)!.visitors).toBe(1);

        // Ending the visit deletes the profile and its badge.
        const ended = await m.asAdmin('DELETE', `/cards/visitors/${visitor.badges[0]!.id}`);
        expect(ended.statusCode, ended.body).toBe(204);
        expect((await getProfile(visitor.id)).statusCode).toBe(404);
        const left = (await m.asAdmin('GET', `/cards/visitors?account_id=${site.id}&per_page=200`)).json().result as {
            profile_id: number;
        }[];
        expect(left.map(v => v.profile_id)).not.toContain(visitor.id);
        expect(await deletionCauses(site, visitor.id)).toEqual([
            [{ profile_id: visitor.id, deletion_cause: 'deleted', profile_deleted: true }],
        ]);
    });

    it('on the days Paris changes its clocks a visit still ends at midnight Paris time', async () => {
        const cases = [
            // 00:30 CEST on 25 October 2026, a 25-hour day: the visit ends at 00:00 CET on the 26th.
            { now: '2026-10-24T22:30:00.000Z', ends: '2026-10-25T23:00:00.000Z' },
            // 23:30 CET on 27 March 2027: the next day starts half an hour later, still in CET (the change is at 02:00).
            { now: '2027-03-27T22:30:00.000Z', ends: '2027-03-27T23:00:00.000Z' },
        ];
        try {
            for (const [i, { now, ends }] of cases.entries()) {
                p.clock.offsetMs = Date.parse(now) - Date.now();
                const res = await addVisitor(site, card(1070 + i, 20));
                expect(res.statusCode, res.body).toBe(201);
                expect(res.json().expires_at, now).toBe(ends);
                expect((await m.asAdmin('GET', `/profiles/expiration_time?account_id=${site.id}`)).json().visitor_expiry, now).toBe(ends);
                expect((await m.asAdmin('DELETE', `/cards/visitors/${res.json().badges[0].id}`)).statusCode).toBe(204);
            }
        } finally {
            p.clock.offsetMs = 0;
        }
    });

    it('a badge outside the ranges is refused with 400: the replaced numbers no longer count', async () => {
        // 1500 was in the first range (1000-1999), not in its replacement (1000-1099).
        const res = await addVisitor(site, card(1500, 20));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.badge_number).toBe(CARD_MESSAGES.notInRange);
        const otherFacility = await addVisitor(site, card(1050, 19));
        expect(otherFacility.statusCode).toBe(400);
        expect(otherFacility.json().fields.badge_number).toBe(CARD_MESSAGES.notInRange);
        expect(await profileIds(site, 'visitor=true')).toEqual([]);
    });

    it('a badge another profile holds is refused with 409 and that profile, excluded, stays (SPEC 4.7)', async () => {
        const holder = await newProfile(site, { acs_id: 'KEEPER', badges: [card(500, 21)] });
        expect((await m.asAdmin('POST', '/exclusion', { ...card(500, 21), account_id: site.id })).statusCode).toBe(201);
        expect((await setRange(site, { card_format_id: h10301, facility_code: 21, first_number: 100, last_number: 900 })).statusCode).toBe(
            200,
        );

        const res = await addVisitor(site, card(500, 21));
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(BADGE_TAKEN);
        const kept = await getProfile(holder.id);
        expect(kept.statusCode).toBe(200);
        expect(kept.json()).toMatchObject({
            visitor: false,
            badges: [expect.objectContaining({ badge_number: 500, facility_code: 21, excluded: true })],
        });
        expect(await profileIds(site, 'visitor=true')).toEqual([]);
    });
});

describe('exclusion list (SPEC 4.7)', () => {
    it('refuses opted-out and visitor badges, takes a badge once, and marks its holder', async () => {
        const optedOut = await m.asAdmin('POST', '/opt_out', { ...card(1, 30), account_id: site.id });
        expect(optedOut.statusCode, optedOut.body).toBe(201);
        const refusedOptOut = await m.asAdmin('POST', '/exclusion', { ...card(1, 30), account_id: site.id });
        expect(refusedOptOut.statusCode).toBe(409);
        expect(refusedOptOut.json().error).toBe(CARD_MESSAGES.exclusionOptedOut);

        const refusedVisitor = await m.asAdmin('POST', '/exclusion', { ...card(1060, 20), account_id: site.id });
        expect(refusedVisitor.statusCode).toBe(409);
        expect(refusedVisitor.json().error).toBe(CARD_MESSAGES.exclusionVisitor);

        const before = (await m.asAdmin('GET', `/profiles/expiration_time?account_id=${site.id}`)).json();
        const holder = await newProfile(site, { badges: [card(1, 31)] });
        const added = await m.asAdmin('POST', '/exclusion', { ...card(1, 31), account_id: site.id });
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({
            list: 'exclusion',
            badge_number: 1,
            facility_code: 31,
            profile: { id: holder.id },
            profiles_deleted: 0,
        });
        const again = await m.asAdmin('POST', '/exclusion', { ...card(1, 31), account_id: site.id });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe(CARD_MESSAGES.alreadyListed);

        const shown = (await getProfile(holder.id)).json() as Profile;
        expect(shown.badges).toEqual([expect.objectContaining({ badge_number: 1, facility_code: 31, excluded: true, adaptive: false })]);
        // Nothing of the refused badges reached the list.
        const entries = await listed(site, '/exclusion');
        expect(entries.map(e => `${e.facility_code}:${e.badge_number}`).sort()).toEqual(['21:500', '31:1']);

        const after = (await m.asAdmin('GET', `/profiles/expiration_time?account_id=${site.id}`)).json();
        expect(after).toMatchObject({ time_zone: PARIS, inactivity_days: null, exclusions: before.exclusions + 1 });
        expect(after.exclusions).toBe(entries.length);
    });
});

describe('adaptive two-factor list (SPEC 2.2 /adaptive)', () => {
    it('marks the holder badge, refuses opted-out badges, and adds and removes in bulk', async () => {
        const holder = await newProfile(site, { badges: [card(1, 32)] });
        const added = await m.asAdmin('POST', '/cards/adaptive', { ...card(1, 32), account_id: site.id });
        expect(added.statusCode, added.body).toBe(201);
        expect(added.json()).toMatchObject({ list: 'adaptive', profile: { id: holder.id } });
        expect(((await getProfile(holder.id)).json() as Profile).badges[0]).toMatchObject({ adaptive: true, excluded: false });

        // 30:1 was opted out above.
        const refused = await m.asAdmin('POST', '/cards/adaptive', { ...card(1, 30), account_id: site.id });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(CARD_MESSAGES.adaptiveOptedOut);

        const bulk = await m.asAdmin('POST', '/cards/adaptive/bulk', {
            add: [card(2, 32), card(1, 30)],
            remove: [added.json().id],
            account_id: site.id,
        });
        expect(bulk.statusCode, bulk.body).toBe(200);
        expect(bulk.json()).toEqual({ added: 1, removed: 1, refused: [{ index: 1, reason: CARD_MESSAGES.adaptiveOptedOut }] });
        expect((await listed(site, '/cards/adaptive')).map(e => `${e.facility_code}:${e.badge_number}`)).toEqual(['32:2']);
        expect(((await getProfile(holder.id)).json() as Profile).badges[0]!.adaptive).toBe(false);
    });

    it('a badge added to the opt-out list leaves the adaptive and exclusion lists, and its holder goes', async () => {
        const holder = await newProfile(site, { badges: [card(1, 33)] });
        expect((await m.asAdmin('POST', '/cards/adaptive', { ...card(1, 33), account_id: site.id })).statusCode).toBe(201);
        expect((await m.asAdmin('POST', '/exclusion', { ...card(1, 33), account_id: site.id })).statusCode).toBe(201);
        expect(((await getProfile(holder.id)).json() as Profile).badges[0]).toMatchObject({ adaptive: true, excluded: true });

        const optOut = await m.asAdmin('POST', '/opt_out', { ...card(1, 33), account_id: site.id });
        expect(optOut.statusCode, optOut.body).toBe(201);
        expect(optOut.json().profiles_deleted).toBe(1);
        expect(await listed(site, '/cards/adaptive', '33:1')).toEqual([]);
        expect(await listed(site, '/exclusion', '33:1')).toEqual([]);
        expect((await listed(site, '/opt_out', '33:1')).map(e => e.badge_number)).toEqual([1]);
        expect((await getProfile(holder.id)).statusCode).toBe(404);
        expect(await deletionCauses(site, holder.id)).toEqual([
            [{ profile_id: holder.id, deletion_cause: 'opt_out', profile_deleted: true }],
        ]);
        // The other lists' entries are untouched.
        expect((await listed(site, '/cards/adaptive')).map(e => `${e.facility_code}:${e.badge_number}`)).toEqual(['32:2']);
        expect((await listed(site, '/exclusion')).map(e => `${e.facility_code}:${e.badge_number}`).sort()).toEqual(['21:500', '31:1']);
    });
});

describe('expiry jobs (SPEC 3 profile expiration policy)', () => {
    it('prp/profiles takes never or a number of days, nothing else', async () => {
        const expiring = await newSite();
        const refused = await putOptions(expiring.id, { 'prp/profiles': 'soon' });
        expect(refused.statusCode).toBe(400);
        expect(Object.values(refused.json().fields)).toContain("'never' or a whole number of days from 1 to 3650");
        expect(await optionsOf(expiring.id)).toEqual([]);
    });

    it('deletes profiles inactive for longer than the policy, except excluded ones, with a ProfileDeleted event', async () => {
        const expiring = await newSite();
        expect((await putOptions(expiring.id, { 'prp/profiles': '30' })).statusCode).toBe(200);
        const fortyDaysAgo = new Date(p.ctx.now().getTime() - 40 * 86_400_000);
        const old = await newProfile(expiring, { acs_id: 'OLD' });
        const excluded = await newProfile(expiring, { acs_id: 'OLD-EXCLUDED', badges: [card(1, 40)] });
        expect((await m.asAdmin('POST', '/exclusion', { ...card(1, 40), account_id: expiring.id })).statusCode).toBe(201);
        const seenLately = await newProfile(expiring, { acs_id: 'OLD-SEEN' });
        const fresh = await newProfile(expiring, { acs_id: 'FRESH' });
        for (const id of [old.id, excluded.id, seenLately.id])
            await p.ctx.db.update(profiles).set({ created_at: fortyDaysAgo }).where(eq(profiles.id, id));
        await p.ctx.db
            .update(profiles)
            .set({ last_activity_at: new Date(p.ctx.now().getTime() - 86_400_000) })
            .where(eq(profiles.id, seenLately.id));
        expect((await m.asAdmin('GET', `/profiles/expiration_time?account_id=${expiring.id}`)).json()).toMatchObject({
            time_zone: 'UTC',
            inactivity_days: 30,
            exclusions: 1,
        });

        await profileExpiry.run(p.ctx);

        expect((await getProfile(old.id)).statusCode).toBe(404);
        expect(await deletionCauses(expiring, old.id)).toEqual([
            [{ profile_id: old.id, deletion_cause: 'expired', profile_deleted: true }],
        ]);
        for (const kept of [excluded, seenLately, fresh]) {
            expect((await getProfile(kept.id)).statusCode, kept.acs_id!).toBe(200);
            expect(await deletionCauses(expiring, kept.id)).toEqual([]);
        }
        // An account without the policy keeps its old profiles.
        const keeping = await newSite();
        const ancient = await newProfile(keeping);
        await p.ctx.db.update(profiles).set({ created_at: fortyDaysAgo }).where(eq(profiles.id, ancient.id));
        await profileExpiry.run(p.ctx);
        expect((await getProfile(ancient.id)).statusCode).toBe(200);
    });

    it('deletes visitors whose expiry has passed, with deletion cause visitor_expired', async () => {
        const visits = await newSite();
        expect((await setRange(visits, { card_format_id: h10301, facility_code: 41, first_number: 1, last_number: 10 })).statusCode).toBe(
            200,
        );
        const gone = (await addVisitor(visits, card(5, 41))).json() as Profile;
        const staying = (await addVisitor(visits, card(6, 41))).json() as Profile;
        await p.ctx.db
            .update(profiles)
            .set({ expires_at: new Date(p.ctx.now().getTime() - 60_000) })
            .where(eq(profiles.id, gone.id));

        await visitorExpiry.run(p.ctx);

        expect((await getProfile(gone.id)).statusCode).toBe(404);
        expect(await deletionCauses(visits, gone.id)).toEqual([
            [{ profile_id: gone.id, deletion_cause: 'visitor_expired', profile_deleted: true }],
        ]);
        expect((await getProfile(staying.id)).statusCode).toBe(200);
        // The badge of the ended visit can be issued again.
        expect((await addVisitor(visits, card(5, 41))).statusCode).toBe(201);
    });
});

describe('consent documents (SPEC 2.2 /consented, 5)', () => {
    it('records a paper consent with its PDF, gives the same bytes back, and refuses Word files', async () => {
        const signer = await newProfile(site, { acs_id: 'CONSENTING' });
        const unsigned = await newProfile(site, { acs_id: 'NOT-CONSENTING' });
        const res = await uploadConsent(
            signer.id,
            multipart([['document_version', 'v2.1']], { name: 'signed.pdf', type: 'application/pdf', data: PDF }),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().consent).toMatchObject({ method: 'paper', document: true, document_version: 'v2.1' });

        const download = await m.asAdmin('GET', `/profiles/${signer.id}/download_consent`);
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toMatch(/^application\/pdf/);
        expect(download.headers['content-disposition']).toContain('consent.pdf');
        expect(Buffer.compare(download.rawPayload, PDF)).toBe(0);

        const word = await uploadConsent(
            signer.id,
            multipart([['document_version', 'v3']], {
                name: 'signed.docx',
                type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                data: DOCX,
            }),
        );
        expect(word.statusCode).toBe(400);
        expect(word.json().error).toBe('Upload PDF, not Word files');
        // The refused file replaced nothing.
        expect(((await getProfile(signer.id)).json() as Profile).consent).toMatchObject({ document_version: 'v2.1', document: true });
        expect(Buffer.compare((await m.asAdmin('GET', `/profiles/${signer.id}/download_consent`)).rawPayload, PDF)).toBe(0);
        expect((await m.asAdmin('GET', `/profiles/${unsigned.id}/download_consent`)).statusCode).toBe(404);

        const accepted = await profileIds(site, 'consent_accepted=true');
        expect(accepted).toContain(signer.id);
        expect(accepted).not.toContain(unsigned.id);
        const notAccepted = await profileIds(site, 'consent_accepted=false');
        expect(notAccepted).not.toContain(signer.id);
        expect(notAccepted).toContain(unsigned.id);
    });
});

describe('profile export (SPEC 7.2, CSV injection)', () => {
    it('writes a formula ACS ID as text and applies the list filters', async () => {
        const exporting = await newSite();
        const formula = await newProfile(exporting, { acs_id: '=HYPERLINK("x")', badges: [card(7, 60)] });
        const inactive = await newProfile(exporting, { acs_id: 'GONE-QUIET', status: 'inactive' });
        const res = await m.asAdmin('GET', `/profiles/export?account_id=${exporting.id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
        expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
        const records = parse(res.body, { columns: true }) as Record<string, string>[];
        expect(records.map(r => Number(r.id))).toEqual([formula.id, inactive.id]);
        expect(records[0]).toMatchObject({
            acs_id: `'=HYPERLINK("x")`,
            status: 'active',
            visitor: 'false',
            badges: '60:7 (26-bit H10301)',
        });

        const filtered = await m.asAdmin('GET', `/profiles/export?account_id=${exporting.id}&status=inactive`);
        expect(filtered.statusCode).toBe(200);
        const onlyInactive = parse(filtered.body, { columns: true }) as Record<string, string>[];
        expect(onlyInactive.map(r => [Number(r.id), r.acs_id, r.status])).toEqual([[inactive.id, 'GONE-QUIET', 'inactive']]);
    });
});

describe('status counts (GET /profiles/aggregate/status)', () => {
    it('counts what the account holds: by status, disabled, visitors and consented', async () => {
        const counted = await newSite();
        const empty = await m.asAdmin('GET', `/profiles/aggregate/status?account_id=${counted.id}`);
        expect(empty.json()).toEqual({ total: 0, active: 0, enrollment: 0, inactive: 0, disabled: 0, visitors: 0, consented: 0 });

        const consenting = await newProfile(counted);
        await newProfile(counted, { enabled: false });
        await newProfile(counted, { status: 'inactive' });
        await newProfile(counted, { status: 'enrollment' });
        expect((await setRange(counted, { card_format_id: h10301, facility_code: 1, first_number: 1, last_number: 5 })).statusCode).toBe(
            200,
        );
        expect((await addVisitor(counted, card(3, 1))).statusCode).toBe(201);
        const consent = await uploadConsent(consenting.id, multipart([], { name: 'c.pdf', type: 'application/pdf', data: PDF }));
        expect(consent.statusCode, consent.body).toBe(200);

        const res = await m.asAdmin('GET', `/profiles/aggregate/status?account_id=${counted.id}`);
        expect(res.statusCode).toBe(200);
        // active: the consenting one, the disabled one and the visitor
        expect(res.json()).toEqual({ total: 5, active: 3, enrollment: 1, inactive: 1, disabled: 1, visitors: 1, consented: 1 });
    });
});

describe('badge search (GET /profiles?q=)', () => {
    it('FC:NUMBER finds the holder of that facility code and number, a number its holders, text a part of an ACS ID', async () => {
        const searched = await newSite();
        const alpha = await newProfile(searched, { acs_id: 'SRCH-ALPHA', badges: [card(4242, 50)] });
        const bravo = await newProfile(searched, { acs_id: 'SRCH-BRAVO', badges: [card(4242, 51)] });
        const charlie = await newProfile(searched, { acs_id: 'SRCH-CHARLIE', badges: [card(4243, 50)] });
        expect(await profileIds(searched, `q=${encodeURIComponent('50:4242')}`)).toEqual([alpha.id]);
        expect(await profileIds(searched, `q=${encodeURIComponent('51:4242')}`)).toEqual([bravo.id]);
        expect(await profileIds(searched, `q=${encodeURIComponent('52:4242')}`)).toEqual([]);
        expect(await profileIds(searched, 'q=4242')).toEqual([alpha.id, bravo.id]);
        expect(await profileIds(searched, 'q=4243')).toEqual([charlie.id]);
        expect(await profileIds(searched, 'q=harl')).toEqual([charlie.id]);
        expect(await profileIds(searched, 'q=srch-')).toEqual([alpha.id, bravo.id, charlie.id]);
    });
});

describe('deleting a card format (SPEC 4.8)', () => {
    const layout = (name: string) => ({
        name,
        type: 'custom',
        bits: 30,
        facility: { start: 2, length: 10 },
        card: { start: 12, length: 18 },
        parity: [],
        account_id: site.id,
    });
    const newFormat = async () => {
        const res = await m.asAdmin('POST', '/card_formats', layout(`Lists 30-bit ${++seq}`));
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as number;
    };

    it('takes its visitor range, visitors and list entries with it', async () => {
        const format = await newFormat();
        expect((await setRange(site, { card_format_id: format, facility_code: 7, first_number: 100, last_number: 200 })).statusCode).toBe(
            200,
        );
        const visitor = await addVisitor(site, card(150, 7, format));
        expect(visitor.statusCode, visitor.body).toBe(201);
        expect((await m.asAdmin('POST', '/exclusion', { ...card(300, 7, format), account_id: site.id })).statusCode).toBe(201);

        const res = await m.asAdmin('DELETE', `/card_formats/${format}`);
        expect(res.statusCode, res.body).toBe(204);
        expect((await m.asAdmin('GET', `/card_formats/${format}`)).statusCode).toBe(404);
        expect((await getProfile(visitor.json().id)).statusCode).toBe(404);
        expect((await rangesOf(site)).filter(r => r.card_format_id === format)).toEqual([]);
        expect((await listed(site, '/exclusion')).filter(e => e.card_format_id === format)).toEqual([]);
        // The other entries of the list stay.
        expect((await listed(site, '/exclusion')).map(e => `${e.facility_code}:${e.badge_number}`).sort()).toEqual(['21:500', '31:1']);
    });

    it('is refused with 409 while a profile that is not a visitor holds a card of it, and nothing goes', async () => {
        const format = await newFormat();
        expect((await setRange(site, { card_format_id: format, facility_code: 7, first_number: 100, last_number: 200 })).statusCode).toBe(
            200,
        );
        const visitor = await addVisitor(site, card(150, 7, format));
        expect(visitor.statusCode, visitor.body).toBe(201);
        const holder = await newProfile(site, { badges: [card(500, 7, format)] });

        const res = await m.asAdmin('DELETE', `/card_formats/${format}`);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(FORMAT_IN_USE);
        expect((await m.asAdmin('GET', `/card_formats/${format}`)).statusCode).toBe(200);
        expect((await getProfile(visitor.json().id)).statusCode).toBe(200);
        expect((await getProfile(holder.id)).statusCode).toBe(200);
        expect((await rangesOf(site)).filter(r => r.card_format_id === format)).toHaveLength(1);
    });
});

describe('enrollment image retention (SPEC 3 image retention policy)', () => {
    /** An event of the site with an image file, `daysAgo` old. */
    const eventWithImage = async (site: Site, event: string, daysAgo: number) => {
        const key = `events/retention-test/${++seq}.jpg`;
        await p.ctx.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xe0, seq]));
        const [row] = await p.ctx.db
            .insert(events)
            .values({ account_id: site.id, event, timestamp: new Date(p.ctx.now().getTime() - daysAgo * 86_400_000), image_key: key })
            .returning({ id: events.id });
        return { id: row!.id, key };
    };
    const imageOf = async (id: number) =>
        (await p.ctx.db.select({ key: events.image_key, reason: events.image_reason }).from(events).where(eq(events.id, id)))[0]!;

    it('keeps all by default, removes enrollment images past the period, and none when told not to retain', async () => {
        const site = await newSite();
        const oldEnrollment = await eventWithImage(site, 'FullEnrollment', 40);
        const newEnrollment = await eventWithImage(site, '1FAProfileCreate', 2);
        const oldAccess = await eventWithImage(site, '1FAFaceAuthenticated', 40);

        await enrollmentImageRetention.run(p.ctx);
        for (const e of [oldEnrollment, newEnrollment, oldAccess]) expect((await imageOf(e.id)).key).toBe(e.key);

        expect((await putOptions(site.id, { 'ret/enrollment_images': '30' })).statusCode).toBe(200);
        await enrollmentImageRetention.run(p.ctx);
        expect(await imageOf(oldEnrollment.id)).toEqual({ key: null, reason: 'retention' });
        expect(await p.ctx.storage.stat(oldEnrollment.key)).toBeUndefined();
        expect((await imageOf(newEnrollment.id)).key).toBe(newEnrollment.key);
        // the policy is for enrollment images: an old access event keeps its picture (the event image policy decides there)
        expect((await imageOf(oldAccess.id)).key).toBe(oldAccess.key);

        expect((await putOptions(site.id, { 'ret/enrollment_images': 'none' })).statusCode).toBe(200);
        await enrollmentImageRetention.run(p.ctx);
        expect(await imageOf(newEnrollment.id)).toEqual({ key: null, reason: 'retention' });
        expect((await imageOf(oldAccess.id)).key).toBe(oldAccess.key);

        const refused = await putOptions(site.id, { 'ret/enrollment_images': 'forever' });
        expect(refused.statusCode).toBe(400);
    });
});
