import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { deviceAuthorization } from '../contract/device-api';
import type { DeviceEventInput, DeviceEventsReply } from '../contract/device-events';
import { drawFrame } from '../server/demo/fleet/frames';
import { E2E } from './credentials.mjs';

let seq = 0;

/**
 * A reader as the device API sees one, for journeys that need events now: it
 * registers with the account's registration code, the admin approves it, it
 * takes its key and posts events with camera frames (multipart: the events
 * JSON and one JPEG part per image, as contract/device-events.ts says).
 */
export const approvedReader = async (request: APIRequestContext, accountName: string, description: string) => {
    const login = await (await request.post('/api/v2/login', { data: { username: E2E.admin.email, password: E2E.admin.password } })).json();
    const headers = { authorization: `Bearer ${login.token}` };
    const accounts = await (await request.get('/api/v2/accounts', { headers, params: { per_page: 999999 } })).json();
    const account = (accounts.result as { id: number; name: string }[]).find(a => a.name === accountName);
    if (!account) throw new Error(`No account ${accountName}`);
    const { code } = await (await request.get('/api/v2/devices/registration_code', { headers, params: { account_id: account.id } })).json();
    const reader = {
        hardware_id: `HW-E2E-EVENTS-${Date.now()}-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-gen3',
        release: '4.1.0',
        registration_code: code,
    };
    const pending = await (await request.post('/api/v2/device/register', { data: reader })).json();
    const approved = await request.put(`/api/v2/devices/${pending.device_id}/approve`, {
        headers,
        data: { account_id: account.id, description },
    });
    if (!approved.ok()) throw new Error(`approve: ${await approved.text()}`);
    const { device_key } = await (await request.post('/api/v2/device/register', { data: reader })).json();
    const authorization = deviceAuthorization(pending.device_id, device_key);
    const heartbeat = () => request.post('/api/v2/device/heartbeat', { headers: { authorization }, data: {} }).catch(() => undefined);
    await heartbeat();
    // it stays online while the journeys run, as a reader does: no DeviceOffline in the middle of a count
    const beating = setInterval(() => void heartbeat(), 2000);
    return {
        stop: () => clearInterval(beating),
        id: pending.device_id as number,
        accountId: account.id,
        /** posts one event; with `faces`, a frame with that many faces and their rois on the profiles */
        async post(event: Partial<DeviceEventInput> & Pick<DeviceEventInput, 'event'>, faces = 0): Promise<DeviceEventsReply> {
            const id = `e2e-${Date.now()}-${++seq}`;
            const frame = faces ? drawFrame(faces, seq * 17 + 3) : undefined;
            const profiles = frame
                ? frame.rois.map((roi, i) => ({ ...(event.profiles?.[i] ?? { profile_id: null }), roi }))
                : event.profiles;
            const body: DeviceEventInput = {
                device_event_id: id,
                timestamp: new Date().toISOString(),
                ...event,
                ...(profiles ? { profiles } : {}),
                ...(frame ? { image: `${id}.jpg` } : {}),
            };
            const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
                events: JSON.stringify([body]),
            };
            if (frame) multipart[`${id}.jpg`] = { name: `${id}.jpg`, mimeType: 'image/jpeg', buffer: frame.jpeg };
            const res = await request.post('/api/v2/device/events', { headers: { authorization }, multipart });
            const reply = (await res.json()) as DeviceEventsReply;
            if (!res.ok() || reply.rejected.length) throw new Error(`events: ${res.status()} ${JSON.stringify(reply)}`);
            return reply;
        },
    };
};
