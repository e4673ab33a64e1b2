import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../contract/roles';
import { conflictOnDuplicate } from '../../../server/http/errors';
import { createAccessGroup } from '../../../server/resources/access-groups/queries';
import { ACCESS_GROUP_CONFLICTS } from '../../../server/resources/access-groups/routes';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, scoped, roleMatrix, type RoleMatrix, type Target } from '../permissions/roleMatrix';
import { approvedReader } from '../readers/approvedReader';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;
let h10301: number;

interface Group {
    id: number;
    account_id: number;
    description: string;
    default_group: boolean;
    devices_count: number;
    profiles_count: number;
}

const newGroup = async (accountId: number, body: object = {}): Promise<Group> => {
    const res = await m.asAdmin('POST', '/access_groups', { description: `Group ${++seq}`, account_id: accountId, ...body });
    expect(res.statusCode).toBe(201);
    return res.json();
};
const newProfile = async (accountId: number, groups: number[], badges: object[] = []) => {
    const res = await m.asAdmin('POST', '/profiles', { acs_id: `P-${++seq}`, access_group_ids: groups, badges, account_id: accountId });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
};
const groupsOf = async (accountId: number) =>
    (await m.asAdmin('GET', `/access_groups?account_id=${accountId}&per_page=999999`)).json().result as Group[];

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    h10301 = (await m.asAdmin('GET', '/card_formats?type=predefined&q=H10301')).json().result[0].id;
    // Each account gets its default group first, so the groups the cases make are ordinary ones.
    for (const account of [p.mainAccountId, p.demo.dealer.id, p.demo.customers[0].id, p.demo.customers[1].id, p.demo.otherCustomer.id])
        await newGroup(account, { description: 'Everyone' });
}, 120_000);
afterAll(() => p?.close());

describe('access groups: every role in its own, a descendant and an unrelated account', () => {
    const group = (r: Role, t: Target) => newGroup(m.accountFor(r, t));
    it('GET /access_groups', () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/access_groups?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            scoped('profiles', 'read', 200, 403),
        ));
    it('GET /access_groups/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/access_groups/${(await group(r, t)).id}`)).statusCode,
            scoped('profiles', 'read', 200, 404),
        ));
    it('GET /access_groups/:id/embedded', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/access_groups/${(await group(r, t)).id}/embedded`)).statusCode,
            scoped('profiles', 'read', 200, 404),
        ));
    it('POST /access_groups', () =>
        expectTable(
            async (r, t) =>
                (await m.call(r, 'POST', '/access_groups', { description: `By ${r} ${++seq}`, account_id: m.accountFor(r, t) })).statusCode,
            scoped('deviceConfig', 'write', 201, 403),
        ));
    it('PUT /access_groups/:id', () =>
        expectTable(
            async (r, t) =>
                (await m.call(r, 'PUT', `/access_groups/${(await group(r, t)).id}`, { description: `Renamed ${++seq}` })).statusCode,
            scoped('deviceConfig', 'write', 200, 404),
        ));
    it('DELETE /access_groups/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'DELETE', `/access_groups/${(await group(r, t)).id}`)).statusCode,
            scoped('deviceConfig', 'write', 204, 404),
        ));
    it('POST and DELETE /access_groups/:id/devices', async () => {
        const devices = new Map<number, number>();
        for (const t of ['own', 'descendant', 'unrelated'] as Target[])
            for (const r of ROLES)
                devices.set(
                    m.accountFor(r, t),
                    devices.get(m.accountFor(r, t)) ?? (await approvedReader(p, m.asAdmin, m.accountFor(r, t))).id,
                );
        await expectTable(
            async (r, t) =>
                (
                    await m.call(r, 'POST', `/access_groups/${(await group(r, t)).id}/devices`, {
                        device_ids: [devices.get(m.accountFor(r, t))!],
                    })
                ).statusCode,
            scoped('deviceConfig', 'write', 200, 404),
        );
        await expectTable(
            async (r, t) => {
                const g = await group(r, t);
                const device = devices.get(m.accountFor(r, t))!;
                expect((await m.asAdmin('POST', `/access_groups/${g.id}/devices`, { device_ids: [device] })).statusCode).toBe(200);
                return (await m.call(r, 'DELETE', `/access_groups/${g.id}/devices/${device}`)).statusCode;
            },
            scoped('deviceConfig', 'write', 200, 404),
        );
    });
    it('POST and DELETE /access_groups/:id/profiles', async () => {
        await expectTable(
            async (r, t) => {
                const g = await group(r, t);
                const everyone = (await groupsOf(m.accountFor(r, t))).find(x => x.default_group)!;
                const profile = await newProfile(m.accountFor(r, t), [everyone.id]);
                return (await m.call(r, 'POST', `/access_groups/${g.id}/profiles`, { profile_ids: [profile.id] })).statusCode;
            },
            scoped('profiles', 'write', 200, 404),
        );
        await expectTable(
            async (r, t) => {
                const g = await group(r, t);
                const profile = await newProfile(m.accountFor(r, t), [g.id]);
                return (await m.call(r, 'DELETE', `/access_groups/${g.id}/profiles/${profile.id}`)).statusCode;
            },
            scoped('profiles', 'write', 200, 404),
        );
    });

    it('lists never hold groups of another account, with or without cross_account', async () => {
        const all = (await m.asAdmin('GET', '/accounts?cross_account=true&per_page=999999')).json().result as {
            id: number;
            parent_id: number | null;
        }[];
        for (const role of ROLES) {
            const own = m.accountFor(role, 'own');
            const allowed = new Set(
                role === 'admin'
                    ? [p.mainAccountId, ...all.map(a => a.id)]
                    : role === 'dealer' || role === 'installer'
                      ? [own, ...all.filter(a => a.parent_id === own).map(a => a.id)]
                      : [own],
            );
            const plain = (await m.call(role, 'GET', `/access_groups?account_id=${own}&per_page=999999`)).json().result as Group[];
            expect(new Set(plain.map(g => g.account_id))).toEqual(new Set([own]));
            const cross = (await m.call(role, 'GET', '/access_groups?cross_account=true&per_page=999999')).json().result as Group[];
            expect(cross.length).toBeGreaterThan(0);
            for (const g of cross) expect(allowed.has(g.account_id), `${role} sees group of account ${g.account_id}`).toBe(true);
        }
    });
});

describe('the default group (SPEC 4.8)', () => {
    it('the first group of an account becomes its default; making another the default takes it from the previous one', async () => {
        const account = (
            await m.asAdmin('POST', '/accounts', {
                name: 'Default Rules Inc',
                ref_number: 'DR-1',
                address: { email: 'dr@groups.test' },
                parent_id: p.demo.dealer.id,
            })
        ).json().id as number;
        const first = await newGroup(account, { description: 'Lobby', default_group: false });
        expect(first.default_group).toBe(true);
        const second = await newGroup(account, { description: 'Lab' });
        expect(second.default_group).toBe(false);
        const third = await newGroup(account, { description: 'Garage', default_group: true });
        expect(third.default_group).toBe(true);
        expect((await groupsOf(account)).map(g => [g.description, g.default_group])).toEqual([
            ['Garage', true],
            ['Lab', false],
            ['Lobby', false],
        ]);

        const made = await m.asAdmin('PUT', `/access_groups/${second.id}`, { description: 'Lab', default_group: true });
        expect(made.json().default_group).toBe(true);
        expect((await groupsOf(account)).filter(g => g.default_group).map(g => g.id)).toEqual([second.id]);

        // An account always has its default: unsetting it is refused, renaming it is fine.
        const unset = await m.asAdmin('PUT', `/access_groups/${second.id}`, { description: 'Lab', default_group: false });
        expect(unset.statusCode).toBe(409);
        expect(unset.json().error).toBe(ACCESS_GROUP_CONFLICTS.keepDefault);
        expect((await m.asAdmin('PUT', `/access_groups/${second.id}`, { description: 'Laboratory' })).json()).toMatchObject({
            description: 'Laboratory',
            default_group: true,
        });

        const refused = await m.asAdmin('DELETE', `/access_groups/${second.id}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('The default access group cannot be deleted. Choose another default first.');
        expect((await m.asAdmin('DELETE', `/access_groups/${third.id}`)).statusCode).toBe(204);
    });

    it('a reader approved in the account serves the default group', async () => {
        const account = p.demo.customers[1].id;
        const everyone = (await groupsOf(account)).find(g => g.default_group)!;
        const device = await approvedReader(p, m.asAdmin, account);
        expect((await m.asAdmin('GET', `/devices/${device.id}`)).json().access_group_ids).toEqual([everyone.id]);
    });

    it('lists the default first, then by description; other sorts on request', async () => {
        const account = p.demo.customers[1].id;
        await newGroup(account, { description: 'aardvark room' });
        const list = await groupsOf(account);
        expect(list[0]!.default_group).toBe(true);
        const rest = list.slice(1).map(g => g.description.toLowerCase());
        expect(rest).toEqual([...rest].sort());
        const newest = (await m.asAdmin('GET', `/access_groups?account_id=${account}&sort=-id`)).json().result as Group[];
        expect(newest[0]!.description).toBe('aardvark room');
    });
});

describe('deleting a group still in use (409, a text of sentences)', () => {
    it('names how many devices and profiles use it, and deletes once they are gone', async () => {
        const account = p.demo.customers[0].id;
        const group = await newGroup(account, { description: 'Night shift' });
        const device = await approvedReader(p, m.asAdmin, account);
        const everyone = (await groupsOf(account)).find(g => g.default_group)!;
        const people = [await newProfile(account, [group.id, everyone.id]), await newProfile(account, [group.id])];
        expect((await m.asAdmin('POST', `/access_groups/${group.id}/devices`, { device_ids: [device.id] })).json()).toMatchObject({
            devices_count: 1,
            profiles_count: 2,
        });

        const used = await m.asAdmin('DELETE', `/access_groups/${group.id}`);
        expect(used.statusCode).toBe(409);
        expect(used.json().error).toBe('The access group is still used by 1 device and 2 profiles. Remove them from the group first.');

        expect((await m.asAdmin('DELETE', `/access_groups/${group.id}/devices/${device.id}`)).json().devices_count).toBe(0);
        expect((await m.asAdmin('DELETE', `/access_groups/${group.id}/profiles/${people[0]!.id}`)).json().profiles_count).toBe(1);
        expect((await m.asAdmin('DELETE', `/access_groups/${group.id}`)).json().error).toBe(
            'The access group is still used by 1 profile. Remove them from the group first.',
        );
        await m.asAdmin('DELETE', `/access_groups/${group.id}/profiles/${people[1]!.id}`);
        expect((await m.asAdmin('DELETE', `/access_groups/${group.id}`)).statusCode).toBe(204);
        expect((await m.asAdmin('GET', `/access_groups/${group.id}`)).statusCode).toBe(404);
    });
});

describe('the access group form (SPEC 5: required, not whitespace-only, max 255)', () => {
    it('gives the field messages and refuses a second group with the same description', async () => {
        const account = p.demo.customers[0].id;
        const cases: [object, string][] = [
            [{}, 'Description is required'],
            [{ description: '' }, 'Description is required'],
            [{ description: '   ' }, 'Must not be blank'],
            [{ description: 'x'.repeat(256) }, 'Maximum 255 characters'],
        ];
        for (const [body, message] of cases) {
            const res = await m.asAdmin('POST', '/access_groups', { account_id: account, ...body });
            expect(res.statusCode).toBe(400);
            expect(res.json().fields.description).toBe(message);
        }
        expect((await newGroup(account, { description: 'x'.repeat(255) })).description).toHaveLength(255);
        await newGroup(account, { description: 'Cleaners' });
        const twice = await m.asAdmin('POST', '/access_groups', { account_id: account, description: ' CLEANERS ' });
        expect(twice.statusCode).toBe(409);
        expect(twice.json().error).toBe(ACCESS_GROUP_CONFLICTS.descriptionTaken);
    });

    it('of two groups with one description created at once, one is made and the other gets the same 409', async () => {
        const account = p.demo.customers[0].id;
        const replies = await Promise.all(
            Array.from({ length: 4 }, () => m.asAdmin('POST', '/access_groups', { account_id: account, description: 'Night shift' })),
        );
        expect(replies.map(r => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
        for (const r of replies.filter(x => x.statusCode === 409)) expect(r.json().error).toBe(ACCESS_GROUP_CONFLICTS.descriptionTaken);
    });

    it('a duplicate that passed the check is refused by the unique index, with the same 409', async () => {
        const account = p.demo.customers[0].id;
        const saving = conflictOnDuplicate(ACCESS_GROUP_CONFLICTS.descriptionTaken);
        await saving(() => createAccessGroup(p.ctx.db, account, 'Day shift', false));
        await expect(saving(() => createAccessGroup(p.ctx.db, account, 'DAY SHIFT', false))).rejects.toMatchObject({
            statusCode: 409,
            message: ACCESS_GROUP_CONFLICTS.descriptionTaken,
        });
        // any other failure passes through as it is
        await expect(saving(() => createAccessGroup(p.ctx.db, -1, 'Orphans', false))).rejects.not.toMatchObject({ statusCode: 409 });
    });
});

describe('members and devices of a group', () => {
    it('embedded shows the devices and the members with their badges; foreign members are refused', async () => {
        const account = p.demo.customers[0].id;
        const group = await newGroup(account, { description: 'Clean room' });
        const device = await approvedReader(p, m.asAdmin, account);
        await m.asAdmin('POST', `/access_groups/${group.id}/devices`, { device_ids: [device.id] });
        const holder = await newProfile(account, [group.id], [{ card_format_id: h10301, facility_code: 42, badge_number: 4242 }]);
        const embedded = (await m.asAdmin('GET', `/access_groups/${group.id}/embedded`)).json();
        expect(embedded).toMatchObject({ id: group.id, description: 'Clean room', devices_count: 1, profiles_count: 1 });
        expect(embedded.devices).toEqual([
            { id: device.id, description: device.hardware_id, hardware_id: device.hardware_id, status: 'offline' },
        ]);
        expect(embedded.profiles).toEqual([
            expect.objectContaining({
                id: holder.id,
                status: 'active',
                enabled: true,
                badges: [
                    expect.objectContaining({ badge_number: 4242, facility_code: 42, card_format_name: '26-bit H10301', card_length: 26 }),
                ],
            }),
        ]);

        const foreignProfile = await newProfile(p.demo.otherCustomer.id, [(await groupsOf(p.demo.otherCustomer.id))[0]!.id]);
        const refused = await m.asAdmin('POST', `/access_groups/${group.id}/profiles`, { profile_ids: [foreignProfile.id] });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields.profile_ids).toBe("Choose profiles of the access group's account");
        const foreignDevice = await approvedReader(p, m.asAdmin, p.demo.otherCustomer.id);
        expect((await m.asAdmin('POST', `/access_groups/${group.id}/devices`, { device_ids: [foreignDevice.id] })).statusCode).toBe(400);
        expect((await m.asAdmin('GET', `/access_groups/${group.id}/embedded`)).json().profiles).toHaveLength(1);
    });

    it('a device put into a group gets a new configuration version, as a change on its page would', async () => {
        const account = p.demo.customers[0].id;
        const group = await newGroup(account);
        const device = await approvedReader(p, m.asAdmin, account);
        const before = (await m.asAdmin('GET', `/devices/${device.id}`)).json();
        await m.asAdmin('POST', `/access_groups/${group.id}/devices`, { device_ids: [device.id] });
        const after = (await m.asAdmin('GET', `/devices/${device.id}`)).json();
        expect(after.config_version).toBe(before.config_version + 1);
        expect(after.access_group_ids).toEqual(expect.arrayContaining([...before.access_group_ids, group.id]));
    });
});
