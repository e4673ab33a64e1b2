import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { READER_DENIALS } from '../../../server/resources/readers/routes';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, type RoleMatrix, type Target } from '../permissions/roleMatrix';
import { approvedReader } from './approvedReader';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

const setAcs = async (accountId: number, on: boolean) => {
    const options = (
        (await m.asAdmin('GET', `/accounts/${accountId}/options`)).json().options as { type: string; name: string; value: string }[]
    ).filter(o => o.name !== 'acs/enabled');
    const res = await m.asAdmin('PUT', `/accounts/${accountId}/options`, {
        options: [...options, { type: 'bool', name: 'acs/enabled', value: on ? 'true' : 'false' }],
    });
    expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    // The platform's own account has no ACS integration until it is turned on; the demo accounts have it.
    await setAcs(p.mainAccountId, true);
}, 120_000);
afterAll(() => p?.close());

const newReader = async (accountId: number, body: object = {}) => {
    const res = await m.asAdmin('POST', '/readers', { description: `Door ${++seq}`, account_id: accountId, ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; account_id: number; description: string; hardware_id: string | null; device: { id: number } | null };
};

/** SPEC 6.3 on top of the devices rights: never the user role. */
const readersRight = (role: Role, write: boolean) => can(role, 'devices', write ? 'write' : 'read') && role !== 'user';
const expected = (write: boolean, ok: number, outside: 403 | 404) => (role: Role, target: Target) =>
    !readersRight(role, write) ? 403 : inScope(role, target) ? ok : outside;

describe('readers: every role in its own, a descendant and an unrelated account', () => {
    it('GET /readers', () =>
        expectTable(
            (r, t) => m.call(r, 'GET', `/readers?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
            expected(false, 200, 403),
        ));
    it('GET /readers/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'GET', `/readers/${(await newReader(m.accountFor(r, t))).id}`)).statusCode,
            expected(false, 200, 404),
        ));
    it('POST /readers', () =>
        expectTable(
            async (r, t) =>
                (await m.call(r, 'POST', '/readers', { description: `By ${r} ${++seq}`, account_id: m.accountFor(r, t) })).statusCode,
            expected(true, 201, 403),
        ));
    it('PUT /readers/:id', () =>
        expectTable(
            async (r, t) =>
                (await m.call(r, 'PUT', `/readers/${(await newReader(m.accountFor(r, t))).id}`, { description: `Renamed ${++seq}` }))
                    .statusCode,
            expected(true, 200, 404),
        ));
    it('DELETE /readers/:id', () =>
        expectTable(
            async (r, t) => (await m.call(r, 'DELETE', `/readers/${(await newReader(m.accountFor(r, t))).id}`)).statusCode,
            expected(true, 204, 404),
        ));

    it('lists hold the readers of the account asked for, or with cross_account of every account in reach', async () => {
        for (const target of ['own', 'descendant', 'unrelated'] as Target[]) await newReader(m.accountFor('dealer', target));
        for (const role of ROLES.filter(r => readersRight(r, false))) {
            const account = m.accountFor(role, 'own');
            for (const query of [`account_id=${account}`, '']) {
                const res = await m.call(role, 'GET', `/readers?per_page=200&${query}`);
                expect(res.statusCode).toBe(200);
                const list = res.json().result as { account_id: number }[];
                expect(list.length).toBeGreaterThan(0);
                expect(new Set(list.map(r => r.account_id))).toEqual(new Set([account]));
            }
            // Across accounts: the readers of every account in reach, and of no other.
            const res = await m.call(role, 'GET', '/readers?per_page=200&cross_account=true');
            const across = new Set((res.json().result as { account_id: number }[]).map(r => r.account_id));
            for (const target of ['own', 'descendant', 'unrelated'] as Target[])
                expect(across.has(m.accountFor('dealer', target)), `${role} across accounts: ${target}`).toBe(inScope(role, target));
        }
    });
});

describe('SPEC 6.3 on the server', () => {
    it('refuses the user role with a clear text, even for its own account', async () => {
        const user = await p.as(p.demo.customers[0].users.user.email);
        const res = await user('GET', '/readers');
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(READER_DENIALS.userRole);
    });

    it('refuses every role in an account whose ACS integration is off, lists and single readers alike', async () => {
        const account = p.demo.customers[1].id;
        const reader = await newReader(account);
        await setAcs(account, false);
        try {
            for (const email of [p.demo.customers[1].users.moderator.email, p.demo.dealer.users.dealer.email]) {
                const caller = await p.as(email);
                for (const [method, url, body] of [
                    ['GET', `/readers?account_id=${account}`],
                    ['GET', `/readers/${reader.id}`],
                    ['POST', '/readers', { description: 'Side door', account_id: account }],
                    ['PUT', `/readers/${reader.id}`, { description: 'Renamed' }],
                    ['DELETE', `/readers/${reader.id}`],
                ] as const) {
                    const res = await caller(method, url, body);
                    expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
                    expect(res.json().error).toBe(READER_DENIALS.acsOff);
                }
            }
            const admin = await m.asAdmin('GET', `/readers?account_id=${account}`);
            expect(admin.statusCode).toBe(403);
        } finally {
            await setAcs(account, true);
        }
        expect((await m.asAdmin('GET', `/readers/${reader.id}`)).statusCode).toBe(200);
    });
});

describe('the reader form (SPEC 5 Reader)', () => {
    it('requires a description: "Reader is required", also for blanks; at most 255 characters', async () => {
        const account = p.demo.customers[0].id;
        for (const body of [{}, { description: '' }, { description: '   ' }]) {
            const res = await m.asAdmin('POST', '/readers', { account_id: account, ...body });
            expect(res.statusCode).toBe(400);
            expect(res.json().fields.description).toBe('Reader is required');
        }
        const long = await m.asAdmin('POST', '/readers', { account_id: account, description: 'x'.repeat(256) });
        expect(long.json().fields.description).toBe('Maximum 255 characters');
        expect((await newReader(account, { description: '  Loading dock  ' })).description).toBe('Loading dock');
    });

    it('searches by description and hardware id', async () => {
        const account = p.demo.customers[0].id;
        await newReader(account, { description: 'Greenhouse gate' });
        const found = (await m.asAdmin('GET', `/readers?account_id=${account}&q=greenhouse`)).json();
        expect(found.result.map((r: { description: string }) => r.description)).toEqual(['Greenhouse gate']);
    });
});

describe('linking a reader to a device by hardware_id', () => {
    it('links to a device of its own account, one reader per device, and unlinks', async () => {
        const account = p.demo.customers[0].id;
        const device = await approvedReader(p, m.asAdmin, account);
        const reader = await newReader(account, { description: 'North gate', hardware_id: device.hardware_id });
        expect(reader.device).toMatchObject({ id: device.id, hardware_id: device.hardware_id, status: 'offline' });
        // The device page shows its reader.
        expect((await m.asAdmin('GET', `/devices/${device.id}`)).json().reader).toEqual({ id: reader.id, description: 'North gate' });

        const second = await newReader(account);
        const taken = await m.asAdmin('PUT', `/readers/${second.id}`, { description: second.description, hardware_id: device.hardware_id });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().error).toBe(READER_DENIALS.linkedElsewhere);

        const linked = (await m.asAdmin('GET', `/readers?account_id=${account}&linked=true&per_page=200`))
            .json()
            .result.map((r: { id: number }) => r.id);
        const unlinked = (await m.asAdmin('GET', `/readers?account_id=${account}&linked=false&per_page=200`))
            .json()
            .result.map((r: { id: number }) => r.id);
        expect(linked).toContain(reader.id);
        expect(unlinked).toContain(second.id);
        expect(unlinked).not.toContain(reader.id);

        // A rename keeps the link; null unlinks.
        expect((await m.asAdmin('PUT', `/readers/${reader.id}`, { description: 'North gate 2' })).json().device.id).toBe(device.id);
        const off = await m.asAdmin('PUT', `/readers/${reader.id}`, { description: 'North gate 2', hardware_id: null });
        expect(off.json()).toMatchObject({ hardware_id: null, device: null });
        expect(
            (await m.asAdmin('PUT', `/readers/${second.id}`, { description: second.description, hardware_id: device.hardware_id })).json()
                .device.id,
        ).toBe(device.id);
    });

    it('refuses a device of another account or an unknown hardware id', async () => {
        const other = await approvedReader(p, m.asAdmin, p.demo.otherCustomer.id);
        for (const hardware_id of [other.hardware_id, 'NO-SUCH-DEVICE']) {
            const res = await m.asAdmin('POST', '/readers', { description: 'Wrong', hardware_id, account_id: p.demo.customers[0].id });
            expect(res.statusCode).toBe(400);
            expect(res.json().fields.hardware_id).toBe("Choose a device of the reader's account");
        }
    });

    it('records who changed which reader in the audit log', async () => {
        const reader = await newReader(p.demo.customers[0].id);
        await m.asAdmin('DELETE', `/readers/${reader.id}`);
        const logs = (await m.asAdmin('GET', `/audit_logs?account_id=${p.demo.customers[0].id}&per_page=200`)).json().result as {
            action: string;
            entity: string;
            entity_id: string;
        }[];
        expect(
            logs
                .filter(l => l.entity === 'Reader' && l.entity_id === String(reader.id))
                .map(l => l.action)
                .sort(),
        ).toEqual(['create', 'delete']);
    });
});
