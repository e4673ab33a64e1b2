import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { deviceAuthorization } from '../../../contract/device-api';
import type { ApiCaller, TestPlatform } from '../harness';

let seq = 0;

/** A reader registered through the device API with the account's code and approved by the admin, with its key. */
export const approvedReader = async (p: TestPlatform, admin: ApiCaller, accountId: number, description?: string) => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = {
        hardware_id: `HW-GRP-${process.pid}-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-s1',
        release: '3.2.0',
        registration_code: code,
    };
    const register = () => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: reader });
    const pending = await register();
    expect(pending.statusCode).toBe(202);
    const id = pending.json().device_id as number;
    expect(
        (await admin('PUT', `/devices/${id}/approve`, { account_id: accountId, ...(description ? { description } : {}) })).statusCode,
    ).toBe(200);
    const approved = await register();
    expect(approved.statusCode).toBe(200);
    const key = approved.json().device_key as string;
    /** the reader's own calls of the device API */
    const device = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
        p.app.inject({ method, url: `/api/v2/device${url}`, headers: { authorization: deviceAuthorization(id, key), ...headers } });
    return { id, key, hardware_id: reader.hardware_id, device };
};
