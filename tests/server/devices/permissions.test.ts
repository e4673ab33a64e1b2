import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { can } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, scoped, type RoleMatrix, type Target } from '../permissions/roleMatrix';

/**
 * Every device route for every role in its own, a descendant and an
 * unrelated account (SPEC 6.2 devices, including the bulk rights, and
 * deviceLogs), and nothing of another tenant in any list.
 */
let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

const register = (body: object) => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: body });

/** A reader that registered in the account and waits for approval. */
const pendingDevice = async (accountId: number) => {
    const code = (await m.asAdmin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code;
    const reader = {
        hardware_id: `PERM-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '246810',
        board_type: 'rock-gen3',
        release: '4.1.0',
        registration_code: code,
    };
    const res = await register(reader);
    expect(res.statusCode).toBe(202);
    return { id: res.json().device_id as number, reader };
};
/** An approved reader of the account. */
const device = async (accountId: number) => {
    const made = await pendingDevice(accountId);
    expect((await m.asAdmin('PUT', `/devices/${made.id}/approve`, { account_id: accountId })).statusCode).toBe(200);
    return made;
};

const accountOf = (role: Role, target: Target) => m.accountFor(role, target);
const onDevice =
    (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: (accountId: number) => unknown) => async (role: Role, target: Target) => {
        const accountId = accountOf(role, target);
        const { id } = await device(accountId);
        return (await m.call(role, method, `/devices/${id}${path}`, body?.(accountId))).statusCode;
    };
const listing = (path: string) => async (role: Role, target: Target) =>
    (await m.call(role, 'GET', `${path}${path.includes('?') ? '&' : '?'}account_id=${accountOf(role, target)}`)).statusCode;
/** A device of another tenant does not exist for the caller. */
const byId = (action: Parameters<typeof scoped>[1], ok: number) => scoped('devices', action, ok, 404);

const parameters = (accountId: number) => ({
    description: 'Door',
    role: 'one-fa',
    security_level: 'high-security',
    led_option: 'mimic_acs',
    communication: 'disabled',
    onvif: { managed_by: 'protocol' },
    sip: { enabled: false },
    account_id: accountId,
});

const CASES: { name: string; run: (role: Role, target: Target) => Promise<number>; expected: (role: Role, target: Target) => number }[] = [
    { name: 'GET /devices', run: listing('/devices'), expected: scoped('devices', 'read', 200) },
    { name: 'GET /devices/aggregate/state', run: listing('/devices/aggregate/state'), expected: scoped('devices', 'read', 200) },
    { name: 'GET /devices/installed_firmware', run: listing('/devices/installed_firmware'), expected: scoped('devices', 'read', 200) },
    { name: 'GET /devices/filter_values', run: listing('/devices/filter_values'), expected: scoped('devices', 'read', 200) },
    { name: 'GET /devices/registration_code', run: listing('/devices/registration_code'), expected: scoped('devices', 'write', 200) },
    {
        name: 'PUT /devices/registration_code',
        run: async (r, t) => (await m.call(r, 'PUT', '/devices/registration_code', { account_id: accountOf(r, t) })).statusCode,
        expected: scoped('devices', 'write', 200),
    },
    { name: 'GET /devices/:id', run: onDevice('GET', ''), expected: byId('read', 200) },
    { name: 'PUT /devices/:id', run: onDevice('PUT', '', parameters), expected: byId('edit', 200) },
    { name: 'DELETE /devices/:id', run: onDevice('DELETE', ''), expected: byId('delete', 204) },
    {
        name: 'PUT /devices/:id/temp_enrollment',
        run: onDevice('PUT', '/temp_enrollment', a => ({ toggle_on: true, account_id: a })),
        expected: byId('edit', 200),
    },
    { name: 'PUT /devices/:id/reboot', run: onDevice('PUT', '/reboot', a => ({ account_id: a })), expected: byId('write', 200) },
    {
        name: 'PUT /devices/:id/logs/request',
        run: onDevice('PUT', '/logs/request', a => ({ account_id: a })),
        expected: byId('write', 200),
    },
    { name: 'GET /devices/:id/commands', run: onDevice('GET', '/commands'), expected: byId('read', 200) },
    { name: 'GET /devices/:id/config', run: onDevice('GET', '/config'), expected: byId('download_config', 200) },
    {
        name: 'GET /devices/:id/logs',
        run: onDevice('GET', '/logs'),
        expected: (r, t) => (!can(r, 'deviceLogs', 'read') ? 403 : inScope(r, t) ? 200 : 404),
    },
    {
        name: 'GET /devices/:id/logs/export',
        run: onDevice('GET', '/logs/export'),
        expected: (r, t) => (!can(r, 'deviceLogs', 'read') ? 403 : inScope(r, t) ? 200 : 404),
    },
    {
        name: 'PUT /devices/:id/approve',
        run: async (r, t) =>
            (await m.call(r, 'PUT', `/devices/${(await pendingDevice(accountOf(r, t))).id}/approve`, { account_id: accountOf(r, t) }))
                .statusCode,
        expected: byId('write', 200),
    },
    {
        name: 'PUT /devices/:id/reject',
        run: async (r, t) =>
            (await m.call(r, 'PUT', `/devices/${(await pendingDevice(accountOf(r, t))).id}/reject`, { account_id: accountOf(r, t) }))
                .statusCode,
        expected: byId('write', 200),
    },
    {
        name: 'PUT /devices/:id/authenticate',
        run: async (r, t) => {
            const { id, reader } = await device(accountOf(r, t));
            expect(
                (await register({ ...reader, secret: randomBytes(24).toString('base64url'), pairing_code: '135790' })).json().status,
            ).toBe('authentication_required');
            return (await m.call(r, 'PUT', `/devices/${id}/authenticate`, { pairing_code: '135790', account_id: accountOf(r, t) }))
                .statusCode;
        },
        expected: byId('write', 200),
    },
    {
        name: 'PUT /devices/bulk (bulk_edit)',
        run: async (r, t) =>
            (
                await m.call(r, 'PUT', '/devices/bulk', {
                    device_ids: [(await device(accountOf(r, t))).id],
                    changes: { security_level: 'low-friction' },
                })
            ).statusCode,
        expected: byId('bulk_edit', 200),
    },
    {
        name: 'PUT /devices/bulk/reboot (bulk_reboot)',
        run: async (r, t) =>
            (await m.call(r, 'PUT', '/devices/bulk/reboot', { device_ids: [(await device(accountOf(r, t))).id] })).statusCode,
        expected: byId('bulk_reboot', 200),
    },
    {
        name: 'DELETE /devices/bulk (bulk_delete)',
        run: async (r, t) => (await m.call(r, 'DELETE', '/devices/bulk', { device_ids: [(await device(accountOf(r, t))).id] })).statusCode,
        expected: byId('bulk_delete', 200),
    },
    {
        name: 'GET /devices/bulk/config/export (download_config)',
        run: async (r, t) =>
            (await m.call(r, 'GET', `/devices/bulk/config/export?device_ids=${(await device(accountOf(r, t))).id}`)).statusCode,
        expected: byId('download_config', 200),
    },
];

describe('device routes: every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) it(c.name, () => expectTable(c.run, c.expected));
});

describe('device routes: nothing of another tenant', () => {
    it('a bulk action naming one device out of scope does nothing at all', async () => {
        const mine = await device(p.demo.dealer.id);
        const foreign = await device(p.demo.otherCustomer.id);
        const res = await m.call('moderator', 'PUT', '/devices/bulk/reboot', { device_ids: [mine.id, foreign.id] });
        expect(res.statusCode).toBe(404);
        expect((await m.asAdmin('GET', `/devices/${mine.id}/commands`)).json().result).toEqual([]);
    });

    it.each(ROLES)('%s lists only devices of accounts in its scope, with and without cross_account', async role => {
        await device(p.demo.customers[1].id);
        const admin = (await m.asAdmin('GET', '/devices?cross_account=true&per_page=999999')).json().result as {
            id: number;
            account_id: number;
        }[];
        // The accounts each role may act in: the dealer's subtree for dealer and installer, the dealer account alone below them.
        const subtree = [p.demo.dealer.id, ...p.demo.customers.map(c => c.id)];
        const accounts = role === 'admin' ? undefined : role === 'dealer' || role === 'installer' ? subtree : [p.demo.dealer.id];
        const allowed = new Set<number>(admin.filter(d => !accounts || accounts.includes(d.account_id)).map(d => d.id));
        for (const query of ['cross_account=true', `account_id=${m.accountFor(role, 'own')}`]) {
            const seen = (await m.call(role, 'GET', `/devices?${query}&per_page=999999`)).json().result as { id: number }[];
            expect(seen.length).toBeGreaterThan(0);
            for (const d of seen) expect(allowed.has(d.id)).toBe(true);
        }
        if (role === 'dealer' || role === 'installer') {
            const seen = (await m.call(role, 'GET', '/devices?cross_account=true&per_page=999999')).json().result as {
                account_id: number;
            }[];
            expect(new Set(seen.map(d => d.account_id))).toEqual(new Set(subtree.filter(a => admin.some(d => d.account_id === a))));
        }
    });
});
