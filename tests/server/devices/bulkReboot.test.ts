import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { deviceAuthorization } from '../../../contract/device-api';
import { platformForFile, type ApiCaller, type TestPlatform } from '../harness';

let p: TestPlatform;
let admin: ApiCaller;
platformForFile(started => ({ p, admin } = started));

let seq = 0;
const register = (body: object) => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: body });

/** A reader registered in the account and approved, with its key. */
const approvedReader = async (accountId: number) => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = {
        hardware_id: `HW-BULK-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-gen3',
        release: '4.1.0',
        registration_code: code,
    };
    const id = (await register(reader)).json().device_id as number;
    expect((await admin('PUT', `/devices/${id}/approve`, {})).statusCode).toBe(200);
    return { id, key: (await register(reader)).json().device_key as string };
};

describe('bulk reboot (SPEC 2.2 Bulk Device Reboot)', () => {
    it('answers the reboot command of each device, so the console can follow each reader acknowledging it', async () => {
        const a = await approvedReader(p.demo.customers[0].id);
        const b = await approvedReader(p.demo.customers[1].id);
        const res = await admin('PUT', '/devices/bulk/reboot', { device_ids: [a.id, b.id] });
        expect(res.statusCode).toBe(200);
        const reply = res.json() as { queued: number; commands: { device_id: number; command_id: number }[] };
        expect(reply.queued).toBe(2);
        expect(reply.commands.map(c => c.device_id).sort()).toEqual([a.id, b.id].sort());

        const commandOf = (id: number) => reply.commands.find(c => c.device_id === id)!.command_id;
        const listed = (await admin('GET', `/devices/${a.id}/commands`)).json().result;
        expect(listed[0]).toMatchObject({ id: commandOf(a.id), type: 'reboot', status: 'queued' });

        // Reader a takes its command and acknowledges it; b has not called yet.
        const asA = (method: 'GET' | 'PUT', url: string, payload?: object) =>
            p.app.inject({
                method,
                url: `/api/v2/device${url}`,
                headers: { authorization: deviceAuthorization(a.id, a.key) },
                ...(payload ? { payload } : {}),
            });
        expect((await asA('GET', '/commands')).json().result.map((c: { id: number }) => c.id)).toEqual([commandOf(a.id)]);
        expect((await asA('PUT', `/commands/${commandOf(a.id)}/ack`, { status: 'done', message: 'rebooted' })).statusCode).toBe(204);
        expect((await admin('GET', `/devices/${a.id}/commands`)).json().result[0]).toMatchObject({
            id: commandOf(a.id),
            status: 'done',
            result: 'rebooted',
        });
        expect((await admin('GET', `/devices/${b.id}/commands`)).json().result[0]).toMatchObject({ id: commandOf(b.id), status: 'queued' });
    });

    it('queues nothing when one of the devices is not approved yet', async () => {
        const a = await approvedReader(p.demo.customers[0].id);
        const pending = (
            await register({
                hardware_id: `HW-BULK-${++seq}`,
                secret: randomBytes(24).toString('base64url'),
                pairing_code: '123456',
                board_type: 'rock-gen3',
                release: '4.1.0',
            })
        ).json().device_id as number;
        const res = await admin('PUT', '/devices/bulk/reboot', { device_ids: [a.id, pending] });
        expect(res.statusCode).toBe(409);
        expect((await admin('GET', `/devices/${a.id}/commands`)).json().result).toEqual([]);
    });
});
