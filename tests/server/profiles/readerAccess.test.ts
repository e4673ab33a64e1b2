import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCard, type WiegandFormat } from '../../../contract/card-formats';
import type { DeviceConfig } from '../../../contract/device-api';
import { startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { roleMatrix } from '../permissions/roleMatrix';
import { approvedReader } from '../readers/approvedReader';

/**
 * What a reader sees (readers receive their access lists): every change to a
 * profile, a badge, a membership or a custom card format changes the
 * configuration ETag, so GET /device/config with If-None-Match answers 200
 * again, and the access list then holds exactly the profiles of the reader's
 * groups that may pass, with each badge's bits.
 */
let p: TestPlatform;
let admin: ApiCaller;
let account: number;
const formats = {} as Record<string, number>;

beforeAll(async () => {
    p = await startPlatform();
    admin = (await roleMatrix(p)).asAdmin;
    for (const f of (await admin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[])
        formats[f.key] = f.id;
    account = (
        await admin('POST', '/accounts', {
            name: 'Reader Access Test',
            ref_number: 'RA-1',
            address: { email: 'ra@groups.test' },
            parent_id: p.demo.dealer.id,
        })
    ).json().id;
}, 120_000);
afterAll(() => p?.close());

type Device = Awaited<ReturnType<typeof approvedReader>>['device'];

/** The reader pulls its configuration with the ETag it holds: it must be told something changed. */
const pullChanged = async (device: Device, etag: string) => {
    const res = await device('GET', '/config', { 'if-none-match': etag });
    expect(res.statusCode, 'the ETag must change').toBe(200);
    const config = res.json() as DeviceConfig;
    expect(config.etag).not.toBe(etag);
    expect(res.headers.etag).toBe(config.etag);
    return config;
};
/** The access list as [ACS ID, [badge number, bits]...]. */
const seen = (config: DeviceConfig) => config.access_list.map(e => [e.acs_id, e.badges.map(b => [b.badge_number, b.bits])]);
const created = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const res = await admin(method, url, body ? { ...body, account_id: account } : { account_id: account });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : res.json();
};

describe("a reader's access list follows profiles, badges and memberships", () => {
    it('holds exactly the profiles of its groups that may pass, with their badge bits', async () => {
        const served = (await created('POST', '/access_groups', { description: 'Front door people' })).id as number;
        const elsewhere = (await created('POST', '/access_groups', { description: 'Warehouse people' })).id as number;
        // Approved after the default group exists: the reader serves it.
        const { device } = await approvedReader(p, admin, account);
        const first = await device('GET', '/config');
        expect(first.statusCode).toBe(200);
        let config = first.json() as DeviceConfig;
        expect(config.access_groups.map(g => g.id)).toEqual([served]);
        expect(config.access_list).toEqual([]);
        expect((await device('GET', '/config', { 'if-none-match': config.etag })).statusCode).toBe(304);

        // A profile with a badge in the reader's group.
        const alice = await created('POST', '/profiles', {
            acs_id: 'ALICE',
            access_group_ids: [served],
            badges: [{ card_format_id: formats.h10301, facility_code: 12, badge_number: 3456 }],
        });
        config = await pullChanged(device, config.etag);
        expect(seen(config)).toEqual([['ALICE', [[3456, encodeCard('h10301', { facilityCode: 12, cardNumber: 3456 })]]]]);
        expect(config.access_list[0]).toMatchObject({ profile_id: alice.id, access_group_ids: [served], status: 'active', enabled: true });
        expect(config.card_formats.map(f => f.key)).toEqual(['h10301']);
        expect((await device('GET', '/config', { 'if-none-match': config.etag })).statusCode).toBe(304);

        // A profile of another group: the account changed, this reader's list did not.
        const bob = await created('POST', '/profiles', {
            acs_id: 'BOB',
            access_group_ids: [elsewhere],
            badges: [{ card_format_id: formats.h10306, facility_code: 7, badge_number: 99 }],
        });
        config = await pullChanged(device, config.etag);
        expect(seen(config)).toEqual([['ALICE', [[3456, encodeCard('h10301', { facilityCode: 12, cardNumber: 3456 })]]]]);

        // Bob joins the reader's group from the group's page.
        await created('POST', `/access_groups/${served}/profiles`, { profile_ids: [bob.id] });
        config = await pullChanged(device, config.etag);
        expect(seen(config)).toEqual([
            ['ALICE', [[3456, encodeCard('h10301', { facilityCode: 12, cardNumber: 3456 })]]],
            ['BOB', [[99, encodeCard('h10306', { facilityCode: 7, cardNumber: 99 })]]],
        ]);

        // Alice gets a second card, then loses her first.
        const access = await created('POST', `/profiles/${alice.id}/access`, {
            access_group_id: served,
            card: { card_format_id: formats.h10306, facility_code: 8, badge_number: 100 },
        });
        expect(access.cards).toHaveLength(2);
        config = await pullChanged(device, config.etag);
        expect(seen(config)[0]).toEqual([
            'ALICE',
            [
                [3456, encodeCard('h10301', { facilityCode: 12, cardNumber: 3456 })],
                [100, encodeCard('h10306', { facilityCode: 8, cardNumber: 100 })],
            ],
        ]);
        await created('DELETE', `/profiles/${alice.id}/card/${access.cards[0].id}`);
        config = await pullChanged(device, config.etag);
        expect(seen(config)[0]).toEqual(['ALICE', [[100, encodeCard('h10306', { facilityCode: 8, cardNumber: 100 })]]]);

        // Disabled, inactive or expired profiles do not pass.
        await created('PUT', `/profiles/${bob.id}`, { enabled: false });
        config = await pullChanged(device, config.etag);
        expect(seen(config).map(e => e[0])).toEqual(['ALICE']);
        await created('PUT', `/profiles/${bob.id}`, { enabled: true, status: 'inactive' });
        config = await pullChanged(device, config.etag);
        expect(seen(config).map(e => e[0])).toEqual(['ALICE']);
        await created('PUT', `/profiles/${bob.id}`, { status: 'active', expires_at: new Date(Date.now() - 60_000).toISOString() });
        config = await pullChanged(device, config.etag);
        expect(seen(config).map(e => e[0])).toEqual(['ALICE']);
        await created('PUT', `/profiles/${bob.id}`, { expires_at: null });
        config = await pullChanged(device, config.etag);
        expect(seen(config).map(e => e[0])).toEqual(['ALICE', 'BOB']);

        // Alice leaves the group (SPEC 7.2 DELETE /profiles/{id}/access), then Bob is deleted.
        await created('DELETE', `/profiles/${alice.id}/access`, { access_group_id: served });
        config = await pullChanged(device, config.etag);
        expect(seen(config).map(e => e[0])).toEqual(['BOB']);
        await created('DELETE', `/profiles/${bob.id}`);
        config = await pullChanged(device, config.etag);
        expect(config.access_list).toEqual([]);
    });

    it('follows the groups a device serves and the description of those groups', async () => {
        const group = (await created('POST', '/access_groups', { description: 'Night crew' })).id as number;
        await created('POST', '/profiles', { acs_id: 'NIGHT-1', access_group_ids: [group] });
        const { id, device } = await approvedReader(p, admin, account);
        let config = (await device('GET', '/config')).json() as DeviceConfig;
        expect(config.access_list.map(e => e.acs_id)).not.toContain('NIGHT-1');

        await created('POST', `/access_groups/${group}/devices`, { device_ids: [id] });
        config = await pullChanged(device, config.etag);
        expect(config.access_groups.map(g => g.description)).toContain('Night crew');
        expect(config.access_list.map(e => e.acs_id)).toContain('NIGHT-1');

        await created('PUT', `/access_groups/${group}`, { description: 'Night shift' });
        config = await pullChanged(device, config.etag);
        expect(config.access_groups.map(g => g.description)).toContain('Night shift');

        await created('DELETE', `/access_groups/${group}/devices/${id}`);
        config = await pullChanged(device, config.etag);
        expect(config.access_list.map(e => e.acs_id)).not.toContain('NIGHT-1');
    });

    it('a change to a custom card format changes the bits the reader holds', async () => {
        const group = (await created('POST', '/access_groups', { description: 'Custom cards' })).id as number;
        const layout = (cardStart: number): WiegandFormat & { account_id: number } => ({
            name: 'Site 30-bit',
            type: 'custom',
            bits: 30,
            facility: { start: 2, length: 10 },
            card: { start: cardStart, length: 18 },
            parity: [{ position: 1, kind: 'even', covers: [2, 3, 4] }],
            account_id: account,
        });
        const format = await created('POST', '/card_formats', layout(12));
        const { id, device } = await approvedReader(p, admin, account);
        await created('POST', `/access_groups/${group}/devices`, { device_ids: [id] });
        await created('POST', '/profiles', {
            acs_id: 'CUSTOM-1',
            access_group_ids: [group],
            badges: [{ card_format_id: format.id, facility_code: 5, badge_number: 6 }],
        });
        let config = (await device('GET', '/config')).json() as DeviceConfig;
        const bitsOf = (c: DeviceConfig) => c.access_list.find(e => e.acs_id === 'CUSTOM-1')!.badges[0]!.bits;
        expect(bitsOf(config)).toBe(encodeCard(layout(12), { facilityCode: 5, cardNumber: 6 }));

        await created('PUT', `/card_formats/${format.id}`, { ...layout(13), card: { start: 13, length: 17 } });
        config = await pullChanged(device, config.etag);
        expect(bitsOf(config)).toBe(encodeCard({ ...layout(13), card: { start: 13, length: 17 } }, { facilityCode: 5, cardNumber: 6 }));
    });
});
