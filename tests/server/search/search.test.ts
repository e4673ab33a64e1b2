import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Resource } from '../../../contract/rights';
import { isAtLeast, type Role } from '../../../contract/roles';
import { SEARCH_HITS_PER_KIND, type SearchKind, type SearchReply } from '../../../contract/search';
import { deployments, firmwareArtifacts } from '../../../server/db/schema';
import { approvedReader } from '../readers/approvedReader';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, TARGETS, type RoleMatrix, type Target } from '../permissions/roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;

/** The word every searchable thing made below carries, and the badge each target's profile holds. */
const WORD = 'Zephyrine';
const BADGE = { facility_code: 77, number: 65_431 };

/** What was made in each target account, by kind: the id search must find. */
const made = {} as Record<Target, Partial<Record<SearchKind, number>>>;

/** Across every account in reach (cross_account=true), as the console's search asks from a role's own account. */
const search = async (role: Role, q: string, scope = 'cross_account=true') => {
    const res = await m.call(role, 'GET', `/search?q=${encodeURIComponent(q)}&${scope}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchReply;
};
const ids = (reply: SearchReply, kind: SearchKind) => reply.groups.find(g => g.kind === kind)?.result.map(h => h.id) ?? [];

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    const admin = await p.as('admin@platform.test');
    const h10301 = ((await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[]).find(
        f => f.key === 'h10301',
    )!.id;
    for (const target of TARGETS) {
        const account_id = m.accountFor('dealer', target);
        const of = (made[target] = {} as Partial<Record<SearchKind, number>>);
        const group = await m.asAdmin('POST', '/access_groups', { description: `${WORD} lobby ${target}`, account_id });
        of.access_groups = group.json().id;
        const profile = await m.asAdmin('POST', '/profiles', {
            acs_id: WORD,
            account_id,
            access_group_ids: [of.access_groups],
            badges: [{ card_format_id: h10301, facility_code: BADGE.facility_code, badge_number: BADGE.number }],
        });
        expect(profile.statusCode, profile.body).toBe(201);
        of.profiles = profile.json().id;
        of.badges = profile.json().badges[0].id;
        of.devices = (await approvedReader(p, admin, account_id, `${WORD} front door ${target}`)).id;
        of.readers = (await m.asAdmin('POST', '/readers', { description: `${WORD} turnstile ${target}`, account_id })).json().id;
        const user = await m.asAdmin('POST', '/users', {
            name: `${WORD} Guard`,
            email: `guard-${target}@search.test`,
            role: 'user',
            account: { id: account_id },
            password: 'Guard#Pass1',
            confirm: 'Guard#Pass1',
        });
        expect(user.statusCode, user.body).toBe(201);
        of.users = user.json().id;
        // Firmware and deployments are written as the upload and the scheduler leave them: search only reads them.
        const [artifact] = await p.ctx.db
            .insert(firmwareArtifacts)
            .values({
                account_id,
                name: `${WORD}-os-${target}`,
                device_types: ['rock-s1'],
                size: 1,
                checksum: '0'.repeat(64),
                storage_key: `search-${target}`,
                file_name: `release-${target}.mender`,
                manifest: '{}',
            })
            .returning({ id: firmwareArtifacts.id });
        of.firmware = artifact.id;
        const [deployment] = await p.ctx.db
            .insert(deployments)
            .values({
                account_id,
                name: `Roll-out ${target}`,
                artifact_name: `${WORD}-os-${target}`,
                status: 'finished',
                device_count: 0,
                start_at: new Date(),
            })
            .returning({ id: deployments.id });
        of.deployments = deployment.id;
    }
}, 120_000);
afterAll(() => p?.close());

/** The right that reads each kind (SPEC 6.2), and SPEC 6.3's readers rule. */
const RIGHT: Record<Exclude<SearchKind, 'accounts'>, Resource> = {
    users: 'users',
    devices: 'devices',
    readers: 'devices',
    access_groups: 'profiles',
    profiles: 'profiles',
    badges: 'profiles',
    deployments: 'deployments',
    firmware: 'artifacts',
};
const reads = (role: Role, kind: Exclude<SearchKind, 'accounts'>) =>
    can(role, RIGHT[kind], 'read') && !(kind === 'readers' && role === 'user');

describe('GET /search: every role finds what it may read, in its scope only (SPEC 6.2, DESIGN.md account scope)', () => {
    for (const kind of ['users', 'devices', 'readers', 'access_groups', 'profiles', 'deployments', 'firmware'] as const)
        it(`${kind} by text`, () =>
            expectTable(
                async (r, t) => (ids(await search(r, WORD), kind).includes(made[t][kind]!) ? 1 : 0),
                (r, t) => (reads(r, kind) && inScope(r, t) ? 1 : 0),
            ));

    it('badges by FC:NUMBER and by number alone', () =>
        expectTable(
            async (r, t) => {
                const both = ids(await search(r, `${BADGE.facility_code}:${BADGE.number}`), 'badges').includes(made[t].badges!);
                const number = ids(await search(r, String(BADGE.number)), 'badges').includes(made[t].badges!);
                return both && number ? 1 : both || number ? -1 : 0;
            },
            (r, t) => (reads(r, 'badges') && inScope(r, t) ? 1 : 0),
        ));

    it('accounts by name', () =>
        expectTable(
            async (r, t) => {
                const id = m.accountFor(r, t);
                const name = (await m.asAdmin('GET', `/accounts/${id}`)).json().name as string;
                return ids(await search(r, name), 'accounts').includes(id) ? 1 : 0;
            },
            (r, t) => (can(r, 'accounts', 'read') && inScope(r, t) ? 1 : 0),
        ));

    it('accounts by reference number, and a hit that shows it, for dealer level or higher only (SPEC 5)', () =>
        expectTable(
            async (r, t) => {
                const id = m.accountFor(r, t);
                const account = (await m.asAdmin('GET', `/accounts/${id}`)).json() as { name: string; ref_number: string };
                const byName = (await search(r, account.name)).groups.find(g => g.kind === 'accounts')?.result.find(h => h.id === id);
                const byRef = ids(await search(r, account.ref_number), 'accounts').includes(id);
                // 1: found by its reference number, which the hit shows; -1: neither; 2 and 3: one without the other.
                if (!byName) return byRef ? 2 : 0;
                const shown = byName.detail === account.ref_number;
                return byRef && shown ? 1 : !byRef && !shown ? -1 : byRef ? 2 : 3;
            },
            (r, t) => (can(r, 'accounts', 'read') && inScope(r, t) ? (isAtLeast(r, 'dealer') ? 1 : -1) : 0),
        ));
});

describe('GET /search: the account scope of every list (SPEC 7.1)', () => {
    it("account_id names one account in reach (403 otherwise); without it, the caller's own", () =>
        expectTable(
            async (r, t) => {
                const account = m.accountFor('dealer', t);
                const res = await m.call(r, 'GET', `/search?q=${WORD}&account_id=${account}`);
                if (res.statusCode !== 200) return res.statusCode;
                return ids(res.json() as SearchReply, 'access_groups').join(',') === String(made[t].access_groups) ? 1 : 0;
            },
            (r, t) => (reads(r, 'access_groups') && inScope(r, t) ? 1 : 403),
        ));

    it('no account_id is the own account only, whatever lies below it', async () => {
        const reply = await search('dealer', WORD, '');
        expect(ids(reply, 'access_groups')).toEqual([made.own.access_groups]);
    });
});

describe('GET /search: what a hit says', () => {
    it('a badge reads FC:NUMBER, names its holder and links to the profile', async () => {
        const reply = await search('dealer', `${BADGE.facility_code}:${BADGE.number}`);
        const hit = reply.groups.find(g => g.kind === 'badges')!.result.find(h => h.id === made.own.badges)!;
        expect(hit).toMatchObject({
            label: `${BADGE.facility_code}:${BADGE.number}`,
            detail: WORD,
            profile_id: made.own.profiles,
            account_id: p.demo.dealer.id,
            account_name: p.demo.dealer.name,
        });
    });

    it('another facility code does not find the badge; a wrong number finds no badge at all', async () => {
        expect(ids(await search('admin', `${BADGE.facility_code + 1}:${BADGE.number}`), 'badges')).toEqual([]);
        expect(ids(await search('admin', String(BADGE.number + 1)), 'badges')).toEqual([]);
    });

    it('an identifier matches whole: part of an ACS ID finds no profile, the whole ACS ID does', async () => {
        expect(ids(await search('admin', WORD.slice(0, 5)), 'profiles')).toEqual([]);
        expect(ids(await search('admin', WORD.toUpperCase()), 'profiles')).toEqual([]);
        expect(ids(await search('admin', WORD), 'profiles')).toEqual(expect.arrayContaining(TARGETS.map(t => made[t].profiles)));
    });

    it('names match any part, in any case, and a device is found by its hardware id', async () => {
        expect(ids(await search('admin', 'FRONT DOOR DESC'), 'devices')).toEqual([made.descendant.devices]);
        const hardware = (await m.asAdmin('GET', `/devices/${made.unrelated.devices}`)).json().hardware_id as string;
        const reply = await search('admin', hardware.toLowerCase());
        expect(reply.groups.find(g => g.kind === 'devices')!.result).toEqual([
            expect.objectContaining({ id: made.unrelated.devices, detail: hardware, account_id: p.demo.otherCustomer.id }),
        ]);
    });

    it('a user is found by e-mail address', async () => {
        expect(ids(await search('dealer', 'guard-descendant@search'), 'users')).toEqual([made.descendant.users]);
    });

    it('a kind without hits is left out, and LIKE wildcards are plain text', async () => {
        expect((await search('admin', 'nothing-is-called-this')).groups).toEqual([]);
        expect((await search('admin', '%')).groups).toEqual([]);
        expect((await search('admin', '_')).groups).toEqual([]);
    });

    it(`at most ${SEARCH_HITS_PER_KIND} hits per kind; more says there are others`, async () => {
        const admin = await p.as('admin@platform.test');
        for (let i = 0; i < SEARCH_HITS_PER_KIND; i++) await approvedReader(p, admin, p.demo.customers[1].id, `Crowded hall ${i}`);
        const group = (await search('admin', 'crowded hall')).groups.find(g => g.kind === 'devices')!;
        expect({ n: group.result.length, more: group.more }).toEqual({ n: SEARCH_HITS_PER_KIND, more: false });
        await approvedReader(p, admin, p.demo.customers[1].id, 'Crowded hall 10');
        const more = (await search('admin', 'crowded hall')).groups.find(g => g.kind === 'devices')!;
        expect({ n: more.result.length, more: more.more }).toEqual({ n: SEARCH_HITS_PER_KIND, more: true });
    });

    it('a whole-name match comes first', async () => {
        const admin = await p.as('admin@platform.test');
        const exact = await approvedReader(p, admin, p.demo.customers[1].id, 'Crowded');
        expect(ids(await search('admin', 'crowded'), 'devices')[0]).toBe(exact.id);
    });

    it('refuses an empty or over-long text and a caller who is not signed in', async () => {
        expect((await m.call('admin', 'GET', '/search?q=%20%20')).statusCode).toBe(400);
        expect((await m.call('admin', 'GET', `/search?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
        expect((await p.app.inject({ method: 'GET', url: '/api/v2/search?q=x' })).statusCode).toBe(401);
    });
});
