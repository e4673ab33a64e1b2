import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { deviceAuthorization } from '../../../contract/device-api';
import type { ApiCaller, TestPlatform } from '../harness';

/** A multipart body as a browser's FormData makes it: fields first, then the file. */
export const multipart = async (fields: Record<string, string>, file?: { field?: string; name: string; data: Buffer }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append(file.field ?? 'artifact', new Blob([new Uint8Array(file.data)]), file.name);
    const encoded = new Response(form);
    return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
};

/** POST /artifacts as a signed-in user. */
export const upload = async (
    p: TestPlatform,
    token: string,
    accountId: number,
    data: Buffer,
    name = 'firmware.mender',
    extra: Record<string, string> = {},
) => {
    const body = await multipart({ account_id: String(accountId), ...extra }, { name, data });
    return p.call(token, { method: 'POST', url: '/api/v2/artifacts', payload: body.payload, headers: body.headers });
};

/** Every file in the platform's storage, relative to its root. */
export const storedFiles = (p: TestPlatform): string[] => {
    const root = p.filesDir;
    const walk = (dir: string): string[] =>
        fs.existsSync(dir)
            ? fs
                  .readdirSync(dir, { withFileTypes: true })
                  .flatMap(e => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.relative(root, path.join(dir, e.name))]))
            : [];
    return walk(root);
};

export const storedBytes = (p: TestPlatform, key: string) => fs.readFileSync(path.join(p.filesDir, key));

let seq = 0;

/** A reader of the given board type registered with an account's code and approved by the admin, with its key. */
export const approvedReader = async (p: TestPlatform, admin: ApiCaller, accountId: number, boardType: string, release = '1.0.0') => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = {
        hardware_id: `FW-${process.pid}-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: boardType,
        release,
        registration_code: code,
    };
    const register = () => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: reader });
    const pending = await register();
    expect(pending.statusCode).toBe(202);
    const id = pending.json().device_id as number;
    expect((await admin('PUT', `/devices/${id}/approve`, { account_id: accountId })).statusCode).toBe(200);
    const key = (await register()).json().device_key as string;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
        p.app.inject({
            method,
            url: `/api/v2/device${url}`,
            headers: { authorization: deviceAuthorization(id, key) },
            ...(payload ? { payload } : {}),
        });
    return { id, key, hardwareId: reader.hardware_id, call };
};
export type TestReader = Awaited<ReturnType<typeof approvedReader>>;
