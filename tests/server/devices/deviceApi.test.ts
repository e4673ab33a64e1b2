import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { deviceAuthorization } from '../../../contract/device-api';
import { ADMIN, platformForFile, type ApiCaller, type TestPlatform } from '../harness';

let p: TestPlatform;
let admin: ApiCaller;
platformForFile(started => ({ p, admin } = started));

let seq = 0;
const newReader = (over: Record<string, unknown> = {}) => ({
    hardware_id: `HW-TEST-${++seq}`,
    secret: randomBytes(24).toString('base64url'),
    pairing_code: '123456',
    board_type: 'rock-s1',
    release: '3.2.0',
    ip_address: '10.0.0.5',
    mac_address: '02:00:00:00:00:01',
    ...over,
});
const register = (body: object) => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: body });
const asDevice =
    (id: number, key: string) =>
    (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
        p.app.inject({
            method,
            url: `/api/v2/device${url}`,
            headers: { authorization: deviceAuthorization(id, key), ...headers },
            ...(payload ? { payload } : {}),
        });

/** A reader registered with the code of an account, approved by the admin, with its key. */
const approvedReader = async (accountId: number) => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = newReader({ registration_code: code });
    const pending = await register(reader);
    expect(pending.statusCode).toBe(202);
    const id = pending.json().device_id as number;
    expect((await admin('PUT', `/devices/${id}/approve`, { account_id: accountId })).statusCode).toBe(200);
    const approved = await register(reader);
    expect(approved.statusCode).toBe(200);
    return { id, key: approved.json().device_key as string, reader };
};

describe('registration and approval', () => {
    it('a new reader waits for approval in the account of its code, then receives its key', async () => {
        const account = p.demo.customers[0].id;
        const code = (await admin('GET', `/devices/registration_code?account_id=${account}`)).json().code;
        expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
        const reader = newReader({ registration_code: code.toLowerCase() });
        const first = await register(reader);
        expect(first.statusCode).toBe(202);
        expect(first.json()).toMatchObject({ status: 'pending' });
        const id = first.json().device_id;
        const shown = (await admin('GET', `/devices/${id}`)).json();
        expect(shown).toMatchObject({
            status: 'pending',
            account_id: account,
            hardware_id: reader.hardware_id,
            board_type: 'rock-s1',
            release: '3.2.0',
        });
        // Still pending: no key yet.
        expect((await register(reader)).json()).toMatchObject({ status: 'pending' });
        expect((await admin('PUT', `/devices/${id}/approve`, { account_id: account })).json().status).toBe('offline');
        const approved = await register(reader);
        expect(approved.statusCode).toBe(200);
        expect(approved.json().device_key).toEqual(expect.any(String));
        const beat = await asDevice(id, approved.json().device_key)('POST', '/heartbeat', { release: '3.2.1', device_mode: 'one-fa' });
        expect(beat.statusCode).toBe(200);
        expect((await admin('GET', `/devices/${id}`)).json()).toMatchObject({ status: 'online', release: '3.2.1', device_mode: 'one-fa' });
    });

    it('without a code the reader waits in the platform main account; an unknown code is refused', async () => {
        const res = await register(newReader());
        expect(res.statusCode).toBe(202);
        expect((await admin('GET', `/devices/${res.json().device_id}`)).json().account_id).toBe(p.mainAccountId);
        const wrong = await register(newReader({ registration_code: 'NOPE-NOPE' }));
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error).toMatch(/Unknown registration code/);
    });

    it('a rejected reader gets 401, and a second reader cannot take a pending hardware_id', async () => {
        const reader = newReader();
        const id = (await register(reader)).json().device_id;
        expect((await register({ ...reader, secret: randomBytes(24).toString('base64url') })).statusCode).toBe(409);
        expect((await admin('PUT', `/devices/${id}/reject`, {})).json().status).toBe('rejected');
        expect((await register(reader)).statusCode).toBe(401);
    });

    it('registering again re-issues the key and the old one stops working', async () => {
        const { id, key, reader } = await approvedReader(p.demo.customers[0].id);
        const again = await register(reader);
        const newKey = again.json().device_key;
        expect(newKey).not.toBe(key);
        expect((await asDevice(id, key)('POST', '/heartbeat', {})).statusCode).toBe(401);
        expect((await asDevice(id, newKey)('POST', '/heartbeat', {})).statusCode).toBe(200);
    });

    it('a reader back with a new secret keeps working under its old key until authenticated with its pairing code', async () => {
        const { id, key, reader } = await approvedReader(p.demo.customers[1].id);
        const reset = { ...reader, secret: randomBytes(24).toString('base64url'), pairing_code: '654321' };
        expect((await register(reset)).json().status).toBe('authentication_required');
        expect((await admin('GET', `/devices/${id}`)).json().auth_required).toBe(true);
        expect((await asDevice(id, key)('POST', '/heartbeat', {})).statusCode).toBe(200);
        const wrongCode = await admin('PUT', `/devices/${id}/authenticate`, { pairing_code: '111111' });
        expect(wrongCode.statusCode).toBe(422);
        expect((await admin('PUT', `/devices/${id}/authenticate`, { pairing_code: '654321' })).json().auth_required).toBe(false);
        const back = await register(reset);
        expect(back.statusCode).toBe(200);
        expect((await register(reader)).json().status).toBe('authentication_required');
    });
});

describe('a reader sees only its own data', () => {
    it('keys and tokens do not cross: a user token on the device API and a device key on user routes get 401', async () => {
        const { id, key } = await approvedReader(p.demo.customers[0].id);
        const token = await p.login(ADMIN.email);
        expect(
            (
                await p.app.inject({
                    method: 'POST',
                    url: '/api/v2/device/heartbeat',
                    headers: { authorization: `Bearer ${token}` },
                    payload: {},
                })
            ).statusCode,
        ).toBe(401);
        expect(
            (await p.app.inject({ method: 'GET', url: '/api/v2/devices', headers: { authorization: deviceAuthorization(id, key) } }))
                .statusCode,
        ).toBe(401);
        expect(
            (
                await p.app.inject({
                    method: 'GET',
                    url: '/api/v2/device/config',
                    headers: { authorization: deviceAuthorization(id + 1, key) },
                })
            ).statusCode,
        ).toBe(401);
        expect((await p.app.inject({ method: 'GET', url: '/api/v2/device/config' })).statusCode).toBe(401);
    });

    it('a command of another reader cannot be acknowledged', async () => {
        const a = await approvedReader(p.demo.customers[0].id);
        const b = await approvedReader(p.demo.customers[0].id);
        const command = (await admin('PUT', `/devices/${a.id}/reboot`, {})).json();
        expect((await asDevice(b.id, b.key)('PUT', `/commands/${command.id}/ack`, { status: 'done' })).statusCode).toBe(404);
        expect((await asDevice(b.id, b.key)('GET', '/commands')).json().result).toEqual([]);
        const mine = (await asDevice(a.id, a.key)('GET', '/commands')).json().result;
        expect(mine).toEqual([expect.objectContaining({ id: command.id, type: 'reboot' })]);
        expect((await asDevice(a.id, a.key)('PUT', `/commands/${command.id}/ack`, { status: 'done' })).statusCode).toBe(204);
        expect((await admin('GET', `/devices/${a.id}/commands`)).json().result[0]).toMatchObject({ id: command.id, status: 'done' });
    });
});

describe('heartbeats', () => {
    it('that arrive together are each answered as their own: its commands, one DeviceOnline for a reader back, a wrong key refused', async () => {
        const a = await approvedReader(p.demo.customers[0].id);
        const b = await approvedReader(p.demo.customers[0].id);
        await admin('PUT', `/devices/${a.id}/reboot`, {});
        await p.ctx.db.execute(sql`update devices set status = 'offline' where id = ${b.id}`);
        const onlineEvents = async () =>
            Number(
                (
                    (await p.ctx.db.execute(
                        sql`select count(*)::int as n from events where device_id = ${b.id} and event = 'DeviceOnline'`,
                    )) as unknown as {
                        rows: { n: number }[];
                    }
                ).rows[0]!.n,
            );
        const before = await onlineEvents();
        const replies = await Promise.all([
            ...Array.from({ length: 5 }, () => asDevice(a.id, a.key)('POST', '/heartbeat', { release: '4.0.1' })),
            ...Array.from({ length: 5 }, () => asDevice(b.id, b.key)('POST', '/heartbeat', { device_mode: 'two-fa' })),
            asDevice(a.id, b.key)('POST', '/heartbeat', {}),
            // a wrong key sent last in the gathering: its report must not be kept, nor take the right one's place
            asDevice(b.id, a.key)('POST', '/heartbeat', { release: '6.6.6' }),
        ]);
        expect(replies.map(r => r.statusCode)).toEqual([...Array(10).fill(200), 401, 401]);
        expect(replies.slice(10).map(r => r.json().error)).toEqual(['Invalid device credential', 'Invalid device credential']);
        expect(replies.slice(0, 5).map(r => r.json().pending_commands)).toEqual([1, 1, 1, 1, 1]);
        expect(replies.slice(5, 10).map(r => r.json().pending_commands)).toEqual([0, 0, 0, 0, 0]);
        expect(await onlineEvents()).toBe(before + 1);
        expect((await admin('GET', `/devices/${a.id}`)).json()).toMatchObject({ release: '4.0.1', status: 'online' });
        expect((await admin('GET', `/devices/${b.id}`)).json()).toMatchObject({ device_mode: 'two-fa', status: 'online' });
        expect((await admin('GET', `/devices/${b.id}`)).json().release).not.toBe('6.6.6');
    });

    it('of a reader that is not approved any more are refused as such, and write nothing', async () => {
        const reader = await approvedReader(p.demo.customers[0].id);
        await p.ctx.db.execute(sql`update devices set status = 'pending' where id = ${reader.id}`);
        const beat = await asDevice(reader.id, reader.key)('POST', '/heartbeat', { release: '9.9.9' });
        expect(beat.statusCode).toBe(401);
        expect(beat.json().error).toBe('Device is not approved');
        expect((await admin('GET', `/devices/${reader.id}`)).json()).toMatchObject({ status: 'pending' });
        expect((await admin('GET', `/devices/${reader.id}`)).json().release).not.toBe('9.9.9');
    });
});

describe('configuration', () => {
    it('is sent with an ETag, 304 while unchanged, and changes when the console changes a parameter', async () => {
        const { id, key } = await approvedReader(p.demo.customers[0].id);
        const device = asDevice(id, key);
        const first = await device('GET', '/config');
        expect(first.statusCode).toBe(200);
        const etag = first.headers.etag as string;
        expect(first.json()).toMatchObject({ etag, security_level: 'medium', role: 'one-fa', temp_enrollment: { on: false } });
        expect((await device('GET', '/config', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
        const current = (await admin('GET', `/devices/${id}`)).json();
        const put = await admin('PUT', `/devices/${id}`, {
            description: 'Lobby',
            role: current.role,
            security_level: 'high-security',
            led_option: current.led_option,
            communication: current.communication,
            onvif: { managed_by: 'protocol' },
            sip: { enabled: false },
            account_id: current.account_id,
        });
        expect(put.statusCode).toBe(200);
        const beat = (await device('POST', '/heartbeat', {})).json();
        expect(beat.config_etag).not.toBe(etag);
        const second = await device('GET', '/config', undefined, { 'if-none-match': etag });
        expect(second.statusCode).toBe(200);
        expect(second.json()).toMatchObject({ security_level: 'high-security', device: { description: 'Lobby' }, etag: beat.config_etag });
    });
});
