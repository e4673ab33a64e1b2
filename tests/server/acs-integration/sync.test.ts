import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../../server/db/database';
import type { AcsCardholder } from '../../../server/resources/acs-integration/connector';
import { applyCardholders, expireSuspensions, type AcsSyncResult } from '../../../server/resources/acs-integration/sync';
import { recordConsent } from '../../../server/resources/profiles/queries';
import { encodeCard } from '../../../contract/card-formats';
import type { DeviceConfig } from '../../../contract/device-api';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader } from '../readers/approvedReader';

/**
 * The ACS synchronisation: the ACS's cardholders become profiles, badges and
 * access groups of an account, on the real server and database. What a user
 * notices is checked through the API (GET /profiles, the profile's badges,
 * groups, status and consent) and the readers' access version; the property
 * test compares the stored profiles with a model of the last list after every
 * run of random sequences.
 */
let p: TestPlatform;
let admin: ApiCaller;
let accountNumber = 0;
const GRACE = 7;
const DAY = 86_400_000;
const T0 = new Date('2026-11-02T08:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
}, 120_000);
afterAll(() => p?.close());

const newAccount = async (options: { type: 'bool'; name: string; value: string }[] = []) => {
    const res = await admin('POST', '/accounts', {
        name: `ACS Sync ${++accountNumber}`,
        ref_number: `ACS-${accountNumber}`,
        address: { email: `acs${accountNumber}@sync.test` },
        parent_id: p.demo.dealer.id,
        options,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
};

const sync = (account: number, list: AcsCardholder[], now: Date, extra: { defaultCardFormat?: string } = {}) =>
    applyCardholders(p.ctx.db, account, list, { now, graceDays: GRACE, storage: p.ctx.storage, ...extra });

const holder = (acs_id: string, badges: (number | [number, number])[], groups: string[] = [], enabled = true): AcsCardholder => ({
    acs_id,
    enabled,
    access_groups: groups,
    badges: badges.map(b =>
        Array.isArray(b)
            ? { badge_number: String(b[1]), facility_code: b[0], card_format: '26-bit H10301' }
            : { badge_number: String(b), card_format: '37-bit H10302' },
    ),
});

interface ApiProfile {
    id: number;
    acs_id: string | null;
    status: string;
    enabled: boolean;
    badges: { badge_number: number; facility_code: number | null; card_format_name: string }[];
    access_groups: { description: string }[];
    consent: { document: boolean } | null;
}
/** The account's profiles as the console lists them, by ACS ID (profiles without one under their id). */
const profilesOf = async (account: number): Promise<Map<string, ApiProfile>> => {
    const res = await admin('GET', `/profiles?account_id=${account}&per_page=200`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json().result as ApiProfile[]).map(r => [r.acs_id ?? `#${r.id}`, r]));
};
const badgeNames = (prof: ApiProfile | undefined) =>
    (prof?.badges ?? []).map(b => `${b.card_format_name} ${b.facility_code ?? '-'}:${b.badge_number}`).sort();
const groupNames = (prof: ApiProfile | undefined) => (prof?.access_groups ?? []).map(g => g.description).sort();
const accountGroups = async (account: number) =>
    (
        await rows<{ description: string }>(p.ctx.db, sql`select description from access_groups where account_id = ${account} order by id`)
    ).map(g => g.description);
/** What readers compare: the account's access version (their configuration ETag follows it). */
const accessVersion = async (account: number) =>
    Number(
        (await rows<{ version: number }>(p.ctx.db, sql`select version from access_versions where account_id = ${account}`))[0]?.version ??
            1,
    );
const actions = (r: AcsSyncResult) => r.changes.map(c => `${c.action} ${c.acs_id ?? ''}`.trim());
const nothingChanged = {
    added: 0,
    changed: 0,
    suspended: 0,
    reactivated: 0,
    deleted: 0,
    badges_added: 0,
    badges_removed: 0,
    groups_created: 0,
};

describe('applying cardholders', () => {
    it('adds profiles with their badges and groups, then changes them in place', async () => {
        const account = await newAccount();
        const before = await accessVersion(account);
        const first = await sync(
            account,
            [holder('E-100', [[12, 3456]], ['Staff', 'Lab']), holder('E-101', [900001], ['staff'], false)],
            at(0),
        );
        expect(first.counts).toMatchObject({ added: 2, badges_added: 2, groups_created: 2, unchanged: 0 });
        expect(first.changes.filter(c => c.level !== 'info')).toEqual([]);
        expect(await accessVersion(account)).toBeGreaterThan(before);
        // Groups by name whatever the case: 'staff' is the group 'Staff' made for E-100.
        expect(await accountGroups(account)).toEqual(['Staff', 'Lab']);
        let seen = await profilesOf(account);
        const ann = seen.get('E-100')!;
        expect(ann).toMatchObject({ status: 'active', enabled: true });
        expect(badgeNames(ann)).toEqual(['26-bit H10301 12:3456']);
        expect(groupNames(ann)).toEqual(['Lab', 'Staff']);
        expect(seen.get('E-101')).toMatchObject({ status: 'active', enabled: false });
        expect(badgeNames(seen.get('E-101'))).toEqual(['37-bit H10302 -:900001']);
        expect(groupNames(seen.get('E-101'))).toEqual(['Staff']);

        // The ACS disables Ann, moves her from Lab to Night shift, and replaces her card by two others.
        const second = await sync(
            account,
            [holder('E-100', [[12, 3457], 777], ['STAFF', 'Night shift'], false), holder('E-101', [900001], ['staff'], true)],
            at(1),
        );
        expect(second.counts).toMatchObject({ added: 0, changed: 2, badges_added: 2, badges_removed: 1, groups_created: 1, unchanged: 0 });
        const annChange = second.changes.find(c => c.action === 'changed' && c.acs_id === 'E-100')!;
        expect(annChange.details).toEqual({ enabled: { from: true, to: false }, groups_added: ['Night shift'], groups_removed: ['Lab'] });
        seen = await profilesOf(account);
        expect(seen.get('E-100')!.id, 'updated in place, never recreated').toBe(ann.id);
        expect(seen.get('E-100')).toMatchObject({ status: 'active', enabled: false });
        expect(badgeNames(seen.get('E-100'))).toEqual(['26-bit H10301 12:3457', '37-bit H10302 -:777']);
        expect(groupNames(seen.get('E-100'))).toEqual(['Night shift', 'Staff']);
        expect(seen.get('E-101')!.enabled).toBe(true);
        expect(await accountGroups(account)).toEqual(['Staff', 'Lab', 'Night shift']);
    });

    it('changes nothing, not even the access version, when the same list comes again', async () => {
        const account = await newAccount();
        const list = [holder('A', [[1, 10]], ['Doors']), holder('B', [20, 21], ['doors', 'Garage'], false), holder('C', [[1, 30]])];
        await sync(account, list, at(0));
        const version = await accessVersion(account);
        const stored = await profilesOf(account);
        const again = await sync(account, list, at(0.5));
        expect(again.counts).toEqual({ ...nothingChanged, unchanged: 3 });
        expect(again.changes).toEqual([]);
        expect(await accessVersion(account)).toBe(version);
        expect(await profilesOf(account)).toEqual(stored);
    });

    it('suspends a profile whose cardholder is gone, reactivates it with its consent when back, deletes it after the grace', async () => {
        const account = await newAccount();
        await sync(account, [holder('K-1', [[5, 500]], ['Main']), holder('K-2', [[5, 501]], ['Main'])], at(0));
        const kept = (await profilesOf(account)).get('K-1')!;
        // Consent and its signed file stand for what enrollment attached to the person (the face lives on the readers under this profile id).
        const fileKey = `consents/${account}/${kept.id}-sync.pdf`;
        await p.ctx.storage.put(fileKey, Buffer.from('%PDF-1.4 signed'));
        await recordConsent(p.ctx.db, kept.id, {
            accepted_at: at(0),
            method: 'paper',
            document_version: 'v1',
            file_key: fileKey,
            recorded_by: ADMIN.email,
        });

        const gone = await sync(account, [holder('K-2', [[5, 501]], ['Main'])], at(1));
        expect(actions(gone)).toEqual(['badge_removed K-1', 'suspended K-1']);
        expect(gone.counts).toMatchObject({ suspended: 1, badges_removed: 1, deleted: 0, unchanged: 1 });
        let seen = (await profilesOf(account)).get('K-1')!;
        expect(seen).toMatchObject({ id: kept.id, status: 'inactive', consent: { document: true } });
        expect(badgeNames(seen)).toEqual([]);

        // Still gone a day before the grace ends: nothing more happens.
        const waiting = await sync(account, [holder('K-2', [[5, 501]], ['Main'])], at(1 + GRACE - 1));
        expect(waiting.counts).toEqual({ ...nothingChanged, unchanged: 2 });

        const back = await sync(account, [holder('K-1', [[5, 500]], ['Main']), holder('K-2', [[5, 501]], ['Main'])], at(1 + GRACE - 0.5));
        expect(actions(back)).toEqual(['badge_added K-1', 'reactivated K-1']);
        seen = (await profilesOf(account)).get('K-1')!;
        expect(seen).toMatchObject({ id: kept.id, status: 'active', enabled: true, consent: { document: true } });
        expect(badgeNames(seen)).toEqual(['26-bit H10301 5:500']);
        expect(groupNames(seen)).toEqual(['Main']);
        expect(await p.ctx.storage.stat(fileKey)).toBeDefined();

        // Gone again; the grace counts from this suspension, and once passed the profile goes the way deletions go.
        await sync(account, [holder('K-2', [[5, 501]], ['Main'])], at(20));
        expect((await profilesOf(account)).get('K-1')!.status).toBe('inactive');
        const version = await accessVersion(account);
        const expired = await expireSuspensions(p.ctx.db, p.ctx.storage, account, at(20 + GRACE), GRACE);
        expect(expired.counts.deleted).toBe(1);
        expect(expired.changes).toEqual([
            expect.objectContaining({ action: 'deleted', acs_id: 'K-1', profile_id: kept.id, level: 'info' }),
        ]);
        expect((await profilesOf(account)).has('K-1')).toBe(false);
        expect(await accessVersion(account)).toBeGreaterThan(version);
        expect(await p.ctx.storage.stat(fileKey), 'the consent file goes with the profile').toBeUndefined();
        const events = await rows<{ profiles: { profile_id: number; deletion_cause: string }[] }>(
            p.ctx.db,
            sql`select profiles from events where account_id = ${account} and event = 'ProfileDeleted'`,
        );
        expect(events.map(e => e.profiles[0])).toEqual([expect.objectContaining({ profile_id: kept.id, deletion_cause: 'deleted' })]);

        // Back after the grace: a new person as far as the platform knows.
        const returned = await sync(account, [holder('K-1', [[5, 500]], ['Main']), holder('K-2', [[5, 501]], ['Main'])], at(40));
        expect(actions(returned)).toEqual(['added K-1']);
        expect((await profilesOf(account)).get('K-1')!.id).not.toBe(kept.id);
    });

    it('keeps the profile of a cardholder whose lost card is deleted before the replacement is added', async () => {
        const account = await newAccount();
        await sync(account, [holder('L-7', [[3, 1000]], ['Main'])], at(0));
        const id = (await profilesOf(account)).get('L-7')!.id;

        const lost = await sync(account, [holder('L-7', [], ['Main'])], at(1));
        expect(actions(lost)).toEqual(['badge_removed L-7', 'suspended L-7']);
        const between = (await profilesOf(account)).get('L-7')!;
        expect(between).toMatchObject({ id, status: 'inactive' });
        expect(groupNames(between)).toEqual(['Main']);
        // Readers stop letting the suspended profile through; the lost card opens nothing.
        expect(badgeNames(between)).toEqual([]);

        const replaced = await sync(account, [holder('L-7', [[3, 1001]], ['Main'])], at(2));
        expect(actions(replaced)).toEqual(['badge_added L-7', 'reactivated L-7']);
        const after = (await profilesOf(account)).get('L-7')!;
        expect(after).toMatchObject({ id, status: 'active' });
        expect(badgeNames(after)).toEqual(['26-bit H10301 3:1001']);
        const deleted = await rows(p.ctx.db, sql`select id from events where account_id = ${account} and event = 'ProfileDeleted'`);
        expect(deleted).toEqual([]);
    });

    it('changes what a reader lets through: the lost card at once, the replacement when it comes, nothing on a run that changes nothing', async () => {
        const account = await newAccount();
        await sync(account, [holder('R-1', [[3, 2000]], ['Front door']), holder('R-2', [[3, 2001]], ['Front door'])], at(0));
        // Approved once the account has its default group (made by the sync): the reader serves it.
        const { device } = await approvedReader(p, admin, account);
        const pull = async (etag?: string) => {
            const res = await device('GET', '/config', etag ? { 'if-none-match': etag } : {});
            return { status: res.statusCode, config: res.statusCode === 200 ? (res.json() as DeviceConfig) : undefined };
        };
        const seenBy = (config: DeviceConfig) => config.access_list.map(e => [e.acs_id, e.badges.map(b => [b.badge_number, b.bits])]);
        const bits = (fc: number, n: number) => encodeCard('h10301', { facilityCode: fc, cardNumber: n });
        let { config } = await pull();
        expect(seenBy(config!)).toEqual([
            ['R-1', [[2000, bits(3, 2000)]]],
            ['R-2', [[2001, bits(3, 2001)]]],
        ]);

        await sync(account, [holder('R-1', [], ['Front door']), holder('R-2', [[3, 2001]], ['Front door'])], at(1));
        let next = await pull(config!.etag);
        expect(next.status, 'the ETag changed').toBe(200);
        expect(seenBy(next.config!)).toEqual([['R-2', [[2001, bits(3, 2001)]]]]);
        config = next.config;

        await sync(account, [holder('R-1', [[3, 2002]], ['Front door']), holder('R-2', [[3, 2001]], ['Front door'])], at(2));
        next = await pull(config!.etag);
        expect(next.status).toBe(200);
        expect(seenBy(next.config!)).toEqual([
            ['R-1', [[2002, bits(3, 2002)]]],
            ['R-2', [[2001, bits(3, 2001)]]],
        ]);
        config = next.config;

        await sync(account, [holder('R-1', [[3, 2002]], ['Front door']), holder('R-2', [[3, 2001]], ['Front door'])], at(3));
        expect((await pull(config!.etag)).status, 'nothing new for the reader').toBe(304);
    });

    it('never touches profiles made in the console, and skips a badge another profile holds', async () => {
        const account = await newAccount();
        const group = (await admin('POST', '/access_groups', { description: 'Console group', account_id: account })).json().id as number;
        const formats = (await admin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[];
        const h10301 = formats.find(f => f.key === 'h10301')!.id;
        const made = await admin('POST', '/profiles', {
            account_id: account,
            access_group_ids: [group],
            badges: [{ card_format_id: h10301, facility_code: 9, badge_number: 99 }],
        });
        expect(made.statusCode, made.body).toBe(201);
        const consoleProfile = made.json() as ApiProfile;
        const before = await profilesOf(account);

        const result = await sync(
            account,
            [
                holder(
                    'M-1',
                    [
                        [9, 99],
                        [9, 100],
                    ],
                    ['Console group'],
                ),
                holder('M-2', [
                    [9, 100],
                    [9, 101],
                ]),
            ],
            at(0),
        );
        const warnings = result.changes.filter(c => c.level === 'warning');
        expect(warnings.map(w => w.message)).toEqual([
            `Badge 26-bit H10301 9:99 of cardholder M-1 is skipped: it already belongs to profile ${consoleProfile.id}.`,
            'Badge 26-bit H10301 9:100 of cardholder M-2 is skipped: cardholder M-1 has it too.',
        ]);
        expect(warnings.every(w => w.action === 'skipped')).toBe(true);
        const seen = await profilesOf(account);
        expect(seen.get(`#${consoleProfile.id}`)).toEqual(before.get(`#${consoleProfile.id}`));
        expect(badgeNames(seen.get('M-1'))).toEqual(['26-bit H10301 9:100']);
        expect(badgeNames(seen.get('M-2'))).toEqual(['26-bit H10301 9:101']);

        // An empty ACS suspends its own cardholders only.
        await sync(account, [], at(1));
        const emptied = await profilesOf(account);
        expect(emptied.get(`#${consoleProfile.id}`)).toEqual(before.get(`#${consoleProfile.id}`));
        expect([emptied.get('M-1')!.status, emptied.get('M-2')!.status]).toEqual(['inactive', 'inactive']);
        await expireSuspensions(p.ctx.db, p.ctx.storage, account, at(1 + GRACE), GRACE);
        expect([...(await profilesOf(account)).keys()]).toEqual([`#${consoleProfile.id}`]);
    });

    it('moves a badge from one cardholder to another in one run, and refuses an opted-out badge', async () => {
        const account = await newAccount([{ type: 'bool', name: 'acs/opt_out_enabled', value: 'true' }]);
        await sync(
            account,
            [
                holder('X-1', [
                    [6, 60],
                    [6, 61],
                ]),
                holder('X-2', [[6, 62]]),
            ],
            at(0),
        );
        const formats = (await admin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[];
        const h10301 = formats.find(f => f.key === 'h10301')!.id;
        const optOut = await admin('POST', '/opt_out', { account_id: account, card_format_id: h10301, facility_code: 6, badge_number: 70 });
        expect(optOut.statusCode, optOut.body).toBe(201);

        // X-1's second card is handed to X-2 (listed before X-1: the order of the list does not matter), and X-2 gets the opted-out one.
        const result = await sync(
            account,
            [
                holder('X-2', [
                    [6, 62],
                    [6, 61],
                    [6, 70],
                ]),
                holder('X-1', [[6, 60]]),
            ],
            at(1),
        );
        expect(result.changes.filter(c => c.level === 'warning')).toEqual([
            expect.objectContaining({
                acs_id: 'X-2',
                message:
                    'Badge 26-bit H10301 6:70 of cardholder X-2 is skipped: This badge is in the bio opt-out list: its holder refuses biometric enrollment.',
            }),
        ]);
        const seen = await profilesOf(account);
        expect(badgeNames(seen.get('X-1'))).toEqual(['26-bit H10301 6:60']);
        expect(badgeNames(seen.get('X-2'))).toEqual(['26-bit H10301 6:61', '26-bit H10301 6:62']);
    });

    it('applies a cardholder listed twice once, and leaves a second profile with the same ACS ID alone', async () => {
        const account = await newAccount();
        const group = (await admin('POST', '/access_groups', { description: 'Main', account_id: account })).json().id as number;
        await sync(account, [holder('D-1', [[8, 1]], ['Main'])], at(0));
        const linkedId = (await profilesOf(account)).get('D-1')!.id;
        const typed = await admin('POST', '/profiles', { account_id: account, acs_id: 'D-1', access_group_ids: [group] });
        expect(typed.statusCode, typed.body).toBe(201);
        const result = await sync(account, [holder('D-1', [[8, 2]], ['Main']), holder('D-1', [[8, 3]], ['Other'])], at(1));
        expect(result.changes.filter(c => c.level === 'warning').map(c => c.message)).toEqual([
            `Profile ${typed.json().id} is left as it is: profile ${linkedId} already has ACS ID D-1.`,
            'Cardholder D-1 is listed twice by the ACS: the first one is applied.',
        ]);
        const rowsNow = await rows<{ id: number; badges: number[] }>(
            p.ctx.db,
            sql`select p.id, coalesce(array_agg(b.badge_number order by b.badge_number) filter (where b.id is not null), '{}') as badges
                from profiles p left join badges b on b.profile_id = p.id where p.account_id = ${account} group by p.id order by p.id`,
        );
        expect(rowsNow.map(r => [Number(r.id), r.badges.map(Number)])).toEqual([
            [linkedId, [2]],
            [typed.json().id, []],
        ]);
    });

    it('runs one at a time for an account: two at once make each profile once', async () => {
        const account = await newAccount();
        const list = Array.from({ length: 40 }, (_, i) => holder(`C-${i}`, [[9, i + 1]], ['Both']));
        const [a, b] = await Promise.all([sync(account, list, at(0)), sync(account, list, at(0))]);
        expect([a.counts.added, b.counts.added].sort()).toEqual([0, 40]);
        expect([a.counts.unchanged, b.counts.unchanged].sort()).toEqual([0, 40]);
        expect((await profilesOf(account)).size).toBe(40);
        expect(await accountGroups(account)).toEqual(['Both']);
    });

    it('gives a badge of an unknown card format the default format, with a warning', async () => {
        const account = await newAccount();
        const result = await sync(
            account,
            [
                {
                    acs_id: 'F-1',
                    enabled: true,
                    access_groups: [],
                    badges: [{ badge_number: '4242', facility_code: 7, card_format: 'Mystery 48-bit' }],
                },
                { acs_id: 'F-2', enabled: true, access_groups: [], badges: [{ badge_number: '4243', facility_code: 7 }] },
            ],
            at(0),
        );
        expect(result.changes.filter(c => c.level === 'warning')).toEqual([
            expect.objectContaining({
                action: 'skipped',
                acs_id: 'F-1',
                message: 'Card format "Mystery 48-bit" of badge 4242 of cardholder F-1 is unknown: 26-bit H10301 is used.',
            }),
        ]);
        const seen = await profilesOf(account);
        expect(badgeNames(seen.get('F-1'))).toEqual(['26-bit H10301 7:4242']);
        expect(badgeNames(seen.get('F-2'))).toEqual(['26-bit H10301 7:4243']);

        // The integration's own default, when set, replaces the 26-bit one.
        const other = await newAccount();
        await sync(
            other,
            [
                {
                    acs_id: 'F-3',
                    enabled: true,
                    access_groups: [],
                    badges: [{ badge_number: '4244', facility_code: 60000, card_format: 'nope' }],
                },
            ],
            at(0),
            { defaultCardFormat: '34-bit H10306' },
        );
        expect(badgeNames((await profilesOf(other)).get('F-3'))).toEqual(['34-bit H10306 60000:4244']);
    });

    it('skips what cannot be a badge and goes on with the rest', async () => {
        const account = await newAccount();
        const result = await sync(
            account,
            [
                {
                    acs_id: 'B-1',
                    enabled: true,
                    access_groups: [],
                    badges: [
                        { badge_number: 'A12', facility_code: 1 },
                        { badge_number: '70000', facility_code: 1 },
                        { badge_number: '5', facility_code: 1 },
                    ],
                },
                { acs_id: 'B-2', enabled: true, access_groups: [], badges: [] },
            ],
            at(0),
        );
        expect(result.changes.map(c => [c.action, c.level, c.acs_id, c.message])).toEqual([
            ['skipped', 'warning', 'B-1', 'Badge "A12" of cardholder B-1 is skipped: a badge number is a whole number.'],
            ['skipped', 'warning', 'B-1', expect.stringMatching(/^Badge 70000 of cardholder B-1 is skipped: .+ in 26-bit H10301\.$/)],
            ['skipped', 'info', null, '1 new cardholder has no badge: no profile is made until one is added.'],
            ['added', 'info', 'B-1', expect.any(String)],
        ]);
        expect(badgeNames((await profilesOf(account)).get('B-1'))).toEqual(['26-bit H10301 1:5']);
        expect((await profilesOf(account)).has('B-2')).toBe(false);
    });

    it('stores ACS IDs and group names as the ACS spells them, and skips what text cannot hold', async () => {
        const account = await newAccount();
        const odd = ['O"Brien\\1', 'a,b', '{x}', 'NULL', ' spaced ', 'Zoë 名'];
        const result = await sync(
            account,
            [...odd.map((id, i) => holder(id, [[2, i + 1]], [`${id} group`])), holder('bad\u0000id', [[2, 99]])],
            at(0),
        );
        expect(result.changes.filter(c => c.level === 'warning')).toEqual([
            expect.objectContaining({ acs_id: 'badid', message: 'A cardholder is skipped: its ACS ID is not text.' }),
        ]);
        const seen = await profilesOf(account);
        // ACS IDs are trimmed, as the console's form trims them.
        expect([...seen.keys()].sort()).toEqual(odd.map(id => id.trim()).sort());
        expect(groupNames(seen.get('O"Brien\\1'))).toEqual(['O"Brien\\1 group']);
        expect(groupNames(seen.get('Zoë 名'))).toEqual(['Zoë 名 group']);
        const again = await sync(
            account,
            odd.map((id, i) => holder(id, [[2, i + 1]], [`${id} group`])),
            at(1),
        );
        expect(again.counts).toEqual({ ...nothingChanged, unchanged: odd.length });
    });

    it('refuses a grace that is not a number of days, deleting nothing', async () => {
        const account = await newAccount();
        await sync(account, [holder('N-1', [[1, 1]])], at(0));
        await sync(account, [], at(1));
        for (const grace of [Number.NaN, -1])
            await expect(expireSuspensions(p.ctx.db, p.ctx.storage, account, at(100), grace)).rejects.toThrow('must be a number of days');
        expect((await profilesOf(account)).get('N-1')!.status).toBe('inactive');
    });

    it('creates a missing group once, as the default when the account has none', async () => {
        const account = await newAccount();
        await sync(account, [holder('G-1', [[1, 1]], ['Visitors desk']), holder('G-2', [[1, 2]], ['visitors DESK'])], at(0));
        const again = await sync(account, [holder('G-1', [[1, 1]], ['Visitors desk']), holder('G-3', [[1, 3]], ['VISITORS desk'])], at(1));
        expect(again.counts.groups_created).toBe(0);
        const groups = await rows<{ description: string; default_group: boolean }>(
            p.ctx.db,
            sql`select description, default_group from access_groups where account_id = ${account}`,
        );
        expect(groups).toEqual([{ description: 'Visitors desk', default_group: true }]);
    });
});

// ---- the property: after every run, the linked profiles are the model of the last list ----

interface ModelProfile {
    id?: number;
    enabled: boolean;
    suspendedAt: number | null;
    badges: Set<string>;
    groups: Set<string>;
}

const GROUP_NAMES = ['Staff', 'staff', 'STAFF', 'Lab', 'Night shift', 'night SHIFT', 'Garage'];
const ACS_IDS = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'];

/** One ACS list: each badge belongs to one cardholder at most, as an ACS keeps it. */
const acsList = fc
    .array(
        fc.record({
            acs_id: fc.constantFrom(...ACS_IDS),
            enabled: fc.boolean(),
            badges: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
            groups: fc.uniqueArray(fc.constantFrom(...GROUP_NAMES), { maxLength: 3 }),
        }),
        { maxLength: 6 },
    )
    .map(list => {
        const seenIds = new Set<string>();
        const seenBadges = new Set<number>();
        return list
            .filter(h => !seenIds.has(h.acs_id) && seenIds.add(h.acs_id))
            .map(h => {
                const badges = h.badges.filter(b => !seenBadges.has(b));
                badges.forEach(b => seenBadges.add(b));
                // Odd numbers in 26-bit with a facility code, even ones in 37-bit without: two formats in play.
                return holder(
                    h.acs_id,
                    badges.map(b => (b % 2 ? ([4, b] as [number, number]) : b)),
                    h.groups,
                    h.enabled,
                );
            });
    });

const badgeName = (b: AcsCardholder['badges'][number]) =>
    b.facility_code ? `26-bit H10301 ${b.facility_code}:${b.badge_number}` : `37-bit H10302 -:${b.badge_number}`;

/** What the platform must hold after a list, given what it held (in place). */
const applyToModel = (model: Map<string, ModelProfile>, list: AcsCardholder[], now: number) => {
    for (const [acsId, m] of model) if (m.suspendedAt !== null && m.suspendedAt <= now - GRACE * DAY) model.delete(acsId);
    const listed = new Set(list.map(h => h.acs_id));
    for (const [acsId, m] of model)
        if (!listed.has(acsId)) {
            m.badges = new Set();
            m.suspendedAt ??= now;
        }
    for (const h of list) {
        const badges = new Set(h.badges.map(badgeName));
        const groups = new Set(h.access_groups.map(g => g.toLowerCase()));
        const m = model.get(h.acs_id);
        if (!m) {
            if (badges.size) model.set(h.acs_id, { enabled: h.enabled, suspendedAt: null, badges, groups });
            continue;
        }
        Object.assign(m, { enabled: h.enabled, badges, groups, suspendedAt: badges.size ? null : (m.suspendedAt ?? now) });
    }
};

const storedState = async (account: number) => {
    const found = await rows<{ id: number; acs_id: string; status: string; enabled: boolean; acs_suspended_at: string | Date | null }>(
        p.ctx.db,
        sql`select id, acs_id, status, enabled, acs_suspended_at from profiles where account_id = ${account}`,
    );
    const seen = await profilesOf(account);
    return new Map(
        found.map(r => [
            r.acs_id,
            {
                id: Number(r.id),
                enabled: r.enabled,
                status: r.status,
                suspendedAt: r.acs_suspended_at === null ? null : new Date(r.acs_suspended_at).getTime(),
                badges: badgeNames(seen.get(r.acs_id)),
                groups: groupNames(seen.get(r.acs_id))
                    .map(g => g.toLowerCase())
                    .sort(),
            },
        ]),
    );
};

describe('random sequences of ACS lists', () => {
    it('leave exactly the profiles, badges and groups of the last list, plus the suspended ones within the grace', async () => {
        await fc.assert(
            fc.asyncProperty(fc.array(fc.tuple(acsList, fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 6 }), async runs => {
                const account = await newAccount();
                const model = new Map<string, ModelProfile>();
                let now = T0.getTime();
                for (const [list, days] of runs) {
                    now += days * DAY;
                    const versionBefore = await accessVersion(account);
                    const result = await sync(account, list, new Date(now));
                    applyToModel(model, list, now);
                    const stored = await storedState(account);
                    expect([...stored.keys()].sort()).toEqual([...model.keys()].sort());
                    for (const [acsId, m] of model) {
                        const s = stored.get(acsId)!;
                        if (m.id !== undefined) expect(s.id, `${acsId} keeps its profile`).toBe(m.id);
                        m.id = s.id;
                        expect(s).toMatchObject({
                            enabled: m.enabled,
                            status: m.suspendedAt === null ? 'active' : 'inactive',
                            suspendedAt: m.suspendedAt,
                            badges: [...m.badges].sort(),
                            groups: [...m.groups].sort(),
                        });
                    }
                    expect(result.changes.filter(c => c.level !== 'info')).toEqual([]);
                    const changed = Object.entries(result.counts).some(([k, v]) => k !== 'unchanged' && v > 0);
                    if (changed) expect(await accessVersion(account)).toBeGreaterThan(versionBefore);
                    else expect(await accessVersion(account)).toBe(versionBefore);
                    // Each group name once, whatever the case it came in.
                    const groups = (await accountGroups(account)).map(g => g.toLowerCase());
                    expect(new Set(groups).size).toBe(groups.length);
                }
                // And once more: the same list changes nothing.
                const last = runs[runs.length - 1]![0];
                const again = await sync(account, last, new Date(now));
                expect(Object.entries(again.counts).filter(([k, v]) => k !== 'unchanged' && v > 0)).toEqual([]);
            }),
            { numRuns: 25, seed: 12_2026 },
        );
    }, 300_000);
});
