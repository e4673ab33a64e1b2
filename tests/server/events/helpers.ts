import { randomBytes } from 'node:crypto';
import { deviceAuthorization } from '../../../contract/device-api';
import type { DeviceEventInput, DeviceEventsReply } from '../../../contract/device-events';
import { profiles } from '../../../server/db/schema';
import { drawFrame } from '../../../server/demo/fleet/frames';
import type { ApiCaller, TestPlatform } from '../harness';

let seq = 0;

/** A multipart body as a reader's HTTP client makes it: the events part, then one file part per image. */
export const multipartBody = async (events: unknown, files: Record<string, Buffer> = {}) => {
    const form = new FormData();
    form.append('events', typeof events === 'string' ? events : JSON.stringify(events));
    for (const [name, data] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${name}.jpg`);
    const request = new Request('http://reader.local/', { method: 'POST', body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
};

export interface TestReader {
    id: number;
    key: string;
    accountId: number;
    /** POST /device/events as this reader: JSON when no files, multipart otherwise */
    post(events: unknown, files?: Record<string, Buffer>): Promise<{ statusCode: number; body: DeviceEventsReply & { error?: string } }>;
    heartbeat(): Promise<number>;
}

/** A reader registered with the account's code and approved by the admin, as the device API tests make one. */
export const approvedReader = async (p: TestPlatform, admin: ApiCaller, accountId: number, description?: string): Promise<TestReader> => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = {
        hardware_id: `HW-EVENTS-${process.pid}-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-gen3',
        release: '4.1.0',
        registration_code: code,
    };
    const pending = await p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: reader });
    const id = pending.json().device_id as number;
    const approved = await admin('PUT', `/devices/${id}/approve`, { account_id: accountId, ...(description ? { description } : {}) });
    if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
    const key = (await p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: reader })).json().device_key as string;
    const authorization = deviceAuthorization(id, key);
    return {
        id,
        key,
        accountId,
        async post(events, files) {
            const res = files
                ? await (async () => {
                      const body = await multipartBody(events, files);
                      return p.app.inject({ method: 'POST', url: '/api/v2/device/events', headers: { authorization, 'content-type': body.contentType }, payload: body.payload });
                  })()
                : await p.app.inject({ method: 'POST', url: '/api/v2/device/events', headers: { authorization }, payload: events as object });
            return { statusCode: res.statusCode, body: res.json() };
        },
        async heartbeat() {
            return (await p.app.inject({ method: 'POST', url: '/api/v2/device/heartbeat', headers: { authorization }, payload: {} })).statusCode;
        },
    };
};

/** Profiles have no routes yet on this branch: the tests make them as the profiles feature would store them. */
export const addProfile = async (p: TestPlatform, accountId: number, over: Partial<typeof profiles.$inferInsert> = {}) =>
    (await p.ctx.db.insert(profiles).values({ account_id: accountId, acs_id: `ACS-${++seq}`, ...over }).returning())[0]!;

/** A reader's event with sensible defaults. */
export const deviceEvent = (over: Partial<DeviceEventInput> = {}): DeviceEventInput => ({
    device_event_id: `ev-${process.pid}-${++seq}`,
    event: '1FAFaceAuthenticated',
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    ...over,
});

/** A real JPEG camera frame with `faces` faces, and their boxes. */
export const frame = (faces = 1) => drawFrame(faces, faces * 31 + 7);
