import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_TAKEN } from '../../../server/resources/profiles';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, scoped, roleMatrix, type RoleMatrix, type Target } from '../permissions/roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;
const formats = {} as Record<'h10301' | 'h10306' | 'h10302' | 'fascn-200', number>;
/** the default group of each account */
const everyone = new Map<number, number>();

interface Badge {
    id: number;
    badge_number: number;
    facility_code: number | null;
    card_format_id: number;
    card_format_name: string;
    card_length: number;
}
interface Profile {
    id: number;
    account_id: number;
    acs_id: string | null;
    status: string;
    enabled: boolean;
    badges: Badge[];
    access_group_ids: number[];
    access_groups: { id: number; description: string }[];
}

const newGroup = async (accountId: number, description = `Group ${++seq}`) => {
    const res = await m.asAdmin('POST', '/access_groups', { description, account_id: accountId });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
};
const newProfile = async (accountId: number, body: object = {}): Promise<Profile> => {
    const res = await m.asAdmin('POST', '/profiles', {
        acs_id: `EMP-${++seq}`,
        access_group_ids: [everyone.get(accountId)!],
        account_id: accountId,
        ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
};
const badge = (format: keyof typeof formats, badge_number: number, facility_code?: number | null) => ({
    card_format_id: formats[format],
    badge_number,
    ...(facility_code === undefined ? {} : { facility_code }),
});

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    for (const f of (await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: keyof typeof formats }[])
        formats[f.key] = f.id;
    for (const account of [p.mainAccountId, p.demo.dealer.id, p.demo.customers[0].id, p.demo.customers[1].id, p.demo.otherCustomer.id])
        everyone.set(account, await newGroup(account, 'Everyone'));
}, 120_000);
afterAll(() => p?.close());

describe('profiles: every role in its own, a descendant and an unrelated account (SPEC 6.2 profiles rights)', () => {
    const profile = (r: Parameters<RoleMatrix['accountFor']>[0], t: Parameters<RoleMatrix['accountFor']>[1]) =>
        newProfile(m.accountFor(r, t), { badges: [badge('h10301', 10_000 + ++seq, 1)] });
    it('GET /profiles', () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/profiles?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            scoped('profiles', 'read', 200, 403),
        ));
    it('GET /profiles/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/profiles/${(await profile(r, t)).id}`)).statusCode,
            scoped('profiles', 'read', 200, 404),
        ));
    it('POST /profiles', () =>
        expectTable(
            async (r, t) =>
                (
                    await m.call(r, 'POST', '/profiles', {
                        acs_id: `NEW-${++seq}`,
                        access_group_ids: [everyone.get(m.accountFor(r, t))!],
                        account_id: m.accountFor(r, t),
                    })
                ).statusCode,
            scoped('profiles', 'write', 201, 403),
        ));
    it('PUT /profiles/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'PUT', `/profiles/${(await profile(r, t)).id}`, { enabled: false })).statusCode,
            scoped('profiles', 'write', 200, 404),
        ));
    it('DELETE /profiles/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'DELETE', `/profiles/${(await profile(r, t)).id}`)).statusCode,
            scoped('profiles', 'delete', 204, 404),
        ));
    it('GET /profiles/:id/access', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/profiles/${(await profile(r, t)).id}/access`)).statusCode,
            scoped('profiles', 'read', 200, 404),
        ));
    it('POST /profiles/:id/access', () =>
        expectTable(
            async (r, t) => {
                const target = await profile(r, t);
                return (
                    await m.call(r, 'POST', `/profiles/${target.id}/access`, {
                        access_group_id: everyone.get(target.account_id),
                        card: badge('h10306', 20_000 + ++seq, 2),
                    })
                ).statusCode;
            },
            scoped('profiles', 'write', 200, 404),
        ));
    it('DELETE /profiles/:id/access', () =>
        expectTable(
            async (r, t) => {
                const target = await profile(r, t);
                return (
                    await m.call(r, 'DELETE', `/profiles/${target.id}/access`, {
                        access_group_id: everyone.get(target.account_id),
                        card_id: target.badges[0]!.id,
                    })
                ).statusCode;
            },
            scoped('profiles', 'write', 200, 404),
        ));
    it('DELETE /profiles/:id/card/:cardId', () =>
        expectTable(
            async (r, t) => {
                const target = await profile(r, t);
                return (await m.call(r, 'DELETE', `/profiles/${target.id}/card/${target.badges[0]!.id}`)).statusCode;
            },
            scoped('profiles', 'write', 204, 404),
        ));

    it('lists hold the profiles of the account asked for, or with cross_account of every account in reach', async () => {
        for (const role of ['admin', 'dealer', 'moderator', 'user'] as const) {
            const own = m.accountFor(role, 'own');
            for (const query of [`account_id=${own}`, '']) {
                const list = (await m.call(role, 'GET', `/profiles?per_page=200&${query}`)).json().result as Profile[];
                expect(list.length).toBeGreaterThan(0);
                expect(new Set(list.map(x => x.account_id))).toEqual(new Set([own]));
            }
            const across = new Set(
                ((await m.call(role, 'GET', '/profiles?per_page=200&cross_account=true')).json().result as Profile[]).map(
                    x => x.account_id,
                ),
            );
            const reach = (target: Target) => (inScope(role, target) ? [m.accountFor(role, target)] : []);
            for (const target of ['own', 'descendant', 'unrelated'] as Target[])
                expect(across.has(m.accountFor(role, target)), `${role} across accounts: ${target}`).toBe(reach(target).length > 0);
        }
    });

    it('a group or card of another account cannot be used', async () => {
        const target = await newProfile(p.demo.customers[0].id);
        const foreignGroup = everyone.get(p.demo.otherCustomer.id)!;
        const res = await m.asAdmin('POST', `/profiles/${target.id}/access`, { access_group_id: foreignGroup });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.access_group_id).toBe("Choose access groups of the profile's account");
        const foreign = await newProfile(p.demo.otherCustomer.id, { badges: [badge('h10301', 31_000, 5)] });
        expect((await m.asAdmin('DELETE', `/profiles/${target.id}/card/${foreign.badges[0]!.id}`)).statusCode).toBe(404);
        expect((await m.asAdmin('DELETE', `/profiles/${target.id}/access`, { card_id: foreign.badges[0]!.id })).statusCode).toBe(404);
        expect((await m.asAdmin('GET', `/profiles/${foreign.id}`)).json().badges).toHaveLength(1);
    });
});

describe('badges are checked against their card format (SPEC 5 Profile)', () => {
    const account = () => p.demo.customers[0].id;
    const create = (body: object) =>
        m.asAdmin('POST', '/profiles', { access_group_ids: [everyone.get(account())!], account_id: account(), ...body });

    it('requires the SPEC 5 fields: at least one access group, badge number, card format, facility code when the format has one', async () => {
        const noGroups = await m.asAdmin('POST', '/profiles', { acs_id: 'X', access_group_ids: [], account_id: account() });
        expect(noGroups.json().fields.access_group_ids).toBe('At least one access group is required');
        expect((await m.asAdmin('POST', '/profiles', { acs_id: 'X', account_id: account() })).json().fields.access_group_ids).toBe(
            'At least one access group is required',
        );
        expect(
            (await create({ badges: [{ card_format_id: formats.h10301, facility_code: 1 }] })).json().fields['badges.0.badge_number'],
        ).toBe('Badge number is required');
        expect((await create({ badges: [{ badge_number: 5, facility_code: 1 }] })).json().fields['badges.0.card_format_id']).toBe(
            'Card format is required',
        );
        expect((await create({ badges: [badge('h10301', 5)] })).json().fields['badges.0.facility_code']).toBe('Facility code is required');
    });

    it("refuses numbers and facility codes that do not fit the format's fields", async () => {
        const cases: [object, string, string][] = [
            [badge('h10301', 65_536, 1), 'badges.0.badge_number', 'Badge number must be a whole number from 0 to 65535 in 26-bit H10301'],
            [badge('h10301', 1, 256), 'badges.0.facility_code', 'Facility code must be a whole number from 0 to 255 in 26-bit H10301'],
            [badge('h10306', 1, 65_536), 'badges.0.facility_code', 'Facility code must be a whole number from 0 to 65535 in 34-bit H10306'],
            [badge('h10302', 1, 7), 'badges.0.facility_code', '37-bit H10302 carries no facility code'],
            [
                badge('fascn-200', 1_000_000, 12_345_678),
                'badges.0.badge_number',
                'Badge number must be a credential number of up to 6 digits in 200-bit FASC-N (PIV)',
            ],
        ];
        for (const [card, field, message] of cases) {
            const res = await create({ badges: [card] });
            expect(res.statusCode, message).toBe(400);
            expect(res.json().fields[field]).toBe(message);
        }
        // Nothing was written by the refused requests.
        expect((await m.asAdmin('GET', `/profiles?account_id=${account()}&badge_number=65536`)).json().count).toBe(0);
        // The largest values that fit are taken, and the card length is the format's bits.
        const ok = await newProfile(account(), {
            badges: [badge('h10301', 65_535, 255), badge('h10302', 34_359_738_367, null), badge('fascn-200', 999_999, 12_345_678)],
        });
        expect(ok.badges.map(b => [b.card_format_name, b.card_length, b.facility_code])).toEqual([
            ['26-bit H10301', 26, 255],
            ['37-bit H10302', 37, null],
            ['200-bit FASC-N (PIV)', 200, 12_345_678],
        ]);
    });

    it('a card opens for one person in an account: the same format, facility code and number twice is refused with 409', async () => {
        await newProfile(account(), { badges: [badge('h10301', 777, 77)] });
        const again = await create({ acs_id: 'Twin', badges: [badge('h10301', 777, 77)] });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe(BADGE_TAKEN);
        expect((await create({ badges: [badge('h10301', 778, 77), badge('h10301', 778, 77)] })).statusCode).toBe(409);
        // Another facility code, format or account is another card.
        await newProfile(account(), { badges: [badge('h10301', 777, 78)] });
        await newProfile(p.demo.customers[1].id, { badges: [badge('h10301', 777, 77)] });
    });

    it('a custom format of another account cannot be used', async () => {
        const layout = {
            name: `Other ${++seq}`,
            type: 'custom',
            bits: 30,
            facility: { start: 2, length: 10 },
            card: { start: 12, length: 18 },
            parity: [],
        };
        const foreign = (await m.asAdmin('POST', '/card_formats', { ...layout, account_id: p.demo.otherCustomer.id })).json();
        const res = await create({ badges: [{ card_format_id: foreign.id, badge_number: 1, facility_code: 1 }] });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields['badges.0.card_format_id']).toBe('Choose a card format of the account');
    });
});

describe('the profile and its filters (SPEC 3 Profile, 7.2 GET /profiles)', () => {
    it('shows badges with their format, access groups, creation time, last activity and expiry', async () => {
        const account = p.demo.customers[1].id;
        const lab = await newGroup(account, 'Lab');
        const made = await newProfile(account, {
            acs_id: 'LAB-0001',
            access_group_ids: [lab, everyone.get(account)!],
            expires_at: '2031-01-01T00:00:00.000Z',
            badges: [badge('h10306', 4321, 99)],
        });
        const shown = (await m.asAdmin('GET', `/profiles/${made.id}`)).json();
        expect(shown).toMatchObject({
            acs_id: 'LAB-0001',
            status: 'active',
            enabled: true,
            expires_at: '2031-01-01T00:00:00.000Z',
            last_activity_at: null,
            last_event: null,
            last_device: null,
            badges: [
                {
                    badge_number: 4321,
                    facility_code: 99,
                    card_format_name: '34-bit H10306',
                    card_length: 34,
                    status: 'active',
                    enabled: true,
                },
            ],
        });
        expect(shown.access_groups.map((g: { description: string }) => g.description)).toEqual(['Everyone', 'Lab']);
        expect(new Date(shown.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
        const access = (await m.asAdmin('GET', `/profiles/${made.id}/access`)).json();
        expect(access.access_groups.map((g: { id: number }) => g.id).sort()).toEqual([lab, everyone.get(account)!].sort());
        expect(access.cards.map((c: Badge) => c.badge_number)).toEqual([4321]);
    });

    it('filters by status, enabled, ACS ID (exact, or q to search), access group and badge number', async () => {
        const account = p.demo.customers[1].id;
        const night = await newGroup(account, 'Night');
        const a = await newProfile(account, { acs_id: 'FLT-ALPHA', status: 'enrollment', badges: [badge('h10301', 9001, 3)] });
        const b = await newProfile(account, { acs_id: 'FLT-BETA', enabled: false, access_group_ids: [night] });
        const c = await newProfile(account, {
            acs_id: 'FLT-GAMMA',
            status: 'inactive',
            access_group_ids: [night],
            badges: [badge('h10306', 9001, 3)],
        });
        const ids = async (query: string) =>
            ((await m.asAdmin('GET', `/profiles?account_id=${account}&per_page=200&${query}`)).json().result as Profile[]).map(x => x.id);
        expect(await ids('q=flt-')).toEqual([a.id, b.id, c.id]);
        expect(await ids('acs_id=FLT-BETA')).toEqual([b.id]);
        expect(await ids('q=flt-&status=enrollment')).toEqual([a.id]);
        expect(await ids('q=flt-&status=inactive')).toEqual([c.id]);
        expect(await ids('q=flt-&enabled=false')).toEqual([b.id]);
        expect(await ids(`access_group_id=${night}`)).toEqual([b.id, c.id]);
        expect(await ids('badge_number=9001')).toEqual([a.id, c.id]);
        expect(await ids('q=flt-&sort=-acs_id')).toEqual([c.id, b.id, a.id]);
    });

    it('PUT changes the fields given; access_group_ids replaces the groups but never empties them', async () => {
        const account = p.demo.customers[1].id;
        const night = await newGroup(account);
        const made = await newProfile(account, { acs_id: 'PUT-1', badges: [badge('h10301', 4_444, 4)] });
        const res = await m.asAdmin('PUT', `/profiles/${made.id}`, { status: 'inactive', access_group_ids: [night] });
        expect(res.json()).toMatchObject({
            acs_id: 'PUT-1',
            status: 'inactive',
            enabled: true,
            access_group_ids: [night],
            badges: [expect.objectContaining({ badge_number: 4_444 })],
        });
        expect((await m.asAdmin('PUT', `/profiles/${made.id}`, { access_group_ids: [] })).json().fields.access_group_ids).toBe(
            'At least one access group is required',
        );
    });
});

describe('card formats still used by cards (SPEC 4.8)', () => {
    it('cannot be deleted until the cards that use them are removed', async () => {
        const account = p.demo.customers[0].id;
        const layout = {
            name: `Site 30-bit ${++seq}`,
            type: 'custom',
            bits: 30,
            facility: { start: 2, length: 10 },
            card: { start: 12, length: 18 },
            parity: [],
            account_id: account,
        };
        const format = (await m.asAdmin('POST', '/card_formats', layout)).json();
        const holder = await newProfile(account, { badges: [{ card_format_id: format.id, badge_number: 200_000, facility_code: 1000 }] });
        const refused = await m.asAdmin('DELETE', `/card_formats/${format.id}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('The cards that use the format must be removed first.');
        expect((await m.asAdmin('GET', `/card_formats/${format.id}`)).statusCode).toBe(200);
        expect((await m.asAdmin('DELETE', `/profiles/${holder.id}/card/${holder.badges[0]!.id}`)).statusCode).toBe(204);
        expect((await m.asAdmin('DELETE', `/card_formats/${format.id}`)).statusCode).toBe(204);
    });
});
