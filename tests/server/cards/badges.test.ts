import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGE_AUTOCOMPLETE_MAX } from '../../../contract/cards';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, roleMatrix, scoped, type RoleMatrix } from '../permissions/roleMatrix';

/** GET /cards and /cards/autocomplete: every badge of the account, and the badge picker of the other screens. */
let p: TestPlatform;
let m: RoleMatrix;
let h10301: number;
let account: number;

interface Badge {
    id: number;
    profile_id: number;
    acs_id: string | null;
    badge_number: number;
    facility_code: number | null;
    card_format_name: string;
}

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    h10301 = ((await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[]).find(
        f => f.key === 'h10301',
    )!.id;
    account = (
        await m.asAdmin('POST', '/accounts', {
            name: 'Badge Picker Test',
            ref_number: 'BP-1',
            address: { email: 'bp@cards.test' },
            parent_id: p.demo.dealer.id,
        })
    ).json().id;
    const group = (await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).json().id;
    // 30 people, badge 500 + i at facility code 1 + i % 3: three holders of each number
    for (let i = 0; i < 30; i++) {
        const res = await m.asAdmin('POST', '/profiles', {
            acs_id: `PICK-${String(i).padStart(2, '0')}`,
            access_group_ids: [group],
            badges: [{ card_format_id: h10301, facility_code: 1 + (i % 3), badge_number: 500 + Math.floor(i / 3) }],
            account_id: account,
        });
        expect(res.statusCode, res.body).toBe(201);
    }
}, 120_000);
afterAll(() => p?.close());

const get = async (url: string) => {
    const res = await m.asAdmin('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: Badge[]; count: number };
};

describe('every badge of the account', () => {
    it('lists them with their holders, a page at a time, by number', async () => {
        const first = await get(`/cards?account_id=${account}&per_page=20`);
        expect(first.count).toBe(30);
        expect(first.result).toHaveLength(20);
        expect(first.result.map(b => b.badge_number)).toEqual([...first.result.map(b => b.badge_number)].sort((a, b) => a - b));
        expect(first.result[0]).toMatchObject({ card_format_name: '26-bit H10301', badge_number: 500 });
        expect(first.result[0]!.acs_id).toMatch(/^PICK-0[012]$/);
    });

    it('finds a number (its three holders), an FC:NUMBER (one), and a holder by part of the ACS ID', async () => {
        const byNumber = await get(`/cards?account_id=${account}&q=503`);
        expect(byNumber.result.map(b => b.acs_id).sort()).toEqual(['PICK-09', 'PICK-10', 'PICK-11']);
        const byBoth = await get(`/cards?account_id=${account}&q=2:503`);
        expect(byBoth.result.map(b => [b.acs_id, b.facility_code, b.badge_number])).toEqual([['PICK-10', 2, 503]]);
        const byHolder = await get(`/cards?account_id=${account}&q=pick-2`);
        expect(byHolder.result.map(b => b.acs_id).sort()).toEqual([
            'PICK-20',
            'PICK-21',
            'PICK-22',
            'PICK-23',
            'PICK-24',
            'PICK-25',
            'PICK-26',
            'PICK-27',
            'PICK-28',
            'PICK-29',
        ]);
        expect((await get(`/cards?account_id=${account}&q=nobody`)).count).toBe(0);
    });

    it('the picker answers at most its limit, whatever is asked', async () => {
        const all = await get(`/cards/autocomplete?account_id=${account}`);
        expect(all.result).toHaveLength(BADGE_AUTOCOMPLETE_MAX);
        expect(all.count).toBe(30);
        expect((await get(`/cards/autocomplete?account_id=${account}&q=1:509`)).result.map(b => b.acs_id)).toEqual(['PICK-27']);
    });

    it('every role reads the badges of the accounts it may act in', async () => {
        for (const path of ['/cards', '/cards/autocomplete'])
            await expectTable(
                (r, t) => m.call(r, 'GET', `${path}?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
                scoped('profiles', 'read', 200),
            );
    });
});
