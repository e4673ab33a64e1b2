import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiskStatus } from '../../../contract/system';
import { DISK_LOW_MESSAGE, DiskSpace, reserveOf, MIN_RESERVE_BYTES, type VolumeSpace } from '../../../server/storage/diskSpace';
import { ADMIN, DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from '../events/helpers';

/**
 * The server's view of its volume, set by the test: the real one is the
 * machine's /tmp, whatever its size (a real volume filling up is
 * diskFull.test.ts, on tmpfs).
 */
let volume: VolumeSpace | undefined;
let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;
beforeAll(async () => {
    p = await startPlatform();
    const real = p.ctx.disk;
    p.ctx.disk = Object.assign(Object.create(real) as DiskSpace, { volumes: () => (volume ? [volume] : real.volumes()) });
    admin = await p.as(ADMIN.email);
    reader = await approvedReader(p, admin, p.mainAccountId, 'Lobby');
});
afterAll(() => p?.close());

const GB = 1024 ** 3;
const short = () => (volume = { total_bytes: 10 * GB, free_bytes: 0.1 * GB, reserve_bytes: 0.2 * GB });
const tight = () => (volume = { total_bytes: 10 * GB, free_bytes: 0.3 * GB, reserve_bytes: 0.2 * GB });
const roomy = () => (volume = { total_bytes: 10 * GB, free_bytes: 5 * GB, reserve_bytes: 0.2 * GB });

describe('the disk reserve', () => {
    it('is a share of the volume, never below 8 MiB', () => {
        expect(reserveOf(100 * GB, 2)).toBe(2 * GB);
        expect(reserveOf(100 * 1024 ** 2, 2)).toBe(MIN_RESERVE_BYTES);
    });

    it('below it, refuses what adds data with 507 and a clear text, and keeps answering reads', async () => {
        short();
        const created = await admin('POST', '/access_groups', { description: 'Night shift', account_id: p.mainAccountId });
        expect(created.statusCode).toBe(507);
        expect(created.headers['retry-after']).toBe('60');
        expect(created.json()).toEqual({ error: DISK_LOW_MESSAGE, request_id: expect.any(String) });
        expect((await admin('GET', '/access_groups')).statusCode).toBe(200);
        expect((await admin('GET', '/events')).statusCode).toBe(200);
        expect((await admin('GET', '/system/disk')).json()).toMatchObject({
            low: true,
            images_paused: true,
            free_bytes: 0.1 * GB,
            reserve_bytes: 0.2 * GB,
        } satisfies Partial<DiskStatus>);
    });

    it("below it, still lets people sign in and readers report, and refuses a reader's events so that it keeps them", async () => {
        short();
        const signIn = await p.app.inject({
            method: 'POST',
            url: '/api/v2/login',
            payload: { username: 'moderator@contoso-offices.example', password: DEMO_PASSWORD },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        expect(await reader.heartbeat()).toBe(200);
        const events = await reader.post({ events: [deviceEvent({ device_event_id: 'held-1' })] });
        expect(events.statusCode).toBe(507);
        roomy();
        const later = await reader.post({ events: [deviceEvent({ device_event_id: 'held-1' })] });
        expect(later.statusCode, JSON.stringify(later.body)).toBe(200);
        expect(later.body.accepted).toEqual([expect.objectContaining({ duplicate: false })]);
    });

    it('below half of it, refuses even signing in, before the database reaches the last bytes', async () => {
        volume = { total_bytes: 10 * GB, free_bytes: 0.05 * GB, reserve_bytes: 0.2 * GB };
        const signIn = await p.app.inject({
            method: 'POST',
            url: '/api/v2/login',
            payload: { username: ADMIN.email, password: ADMIN.password },
        });
        expect(signIn.statusCode).toBe(507);
        expect(await reader.heartbeat()).toBe(507);
        expect((await admin('GET', '/access_groups')).statusCode).toBe(200);
    });

    it('below it, lets an operator delete to free space', async () => {
        roomy();
        // The account's first group is its default, which cannot be deleted: this one is another.
        await admin('POST', '/access_groups', { description: 'Everyone', account_id: p.mainAccountId });
        const group = await admin('POST', '/access_groups', { description: 'Temporary', account_id: p.mainAccountId });
        expect(group.statusCode, group.body).toBe(201);
        short();
        const deleted = await admin('DELETE', `/access_groups/${group.json().id}`);
        expect(deleted.statusCode, deleted.body).toBe(204);
    });

    it('between it and twice it, stores events without their images, with the full disk reason', async () => {
        tight();
        expect((await admin('GET', '/system/disk')).json()).toMatchObject({ low: false, images_paused: true });
        const res = await reader.post([deviceEvent({ event: 'TailgatingByKnownUser', image: 'shot' })], { shot: frame(2).jpeg });
        expect(res.statusCode).toBe(200);
        const stored = (await admin('GET', `/events/${res.body.accepted[0]!.id}`)).json() as { image: unknown; image_reason: string };
        expect(stored).toMatchObject({ image: null, image_reason: 'full disk' });
    });

    it('once space is freed, takes writes again', async () => {
        short();
        expect((await admin('POST', '/access_groups', { description: 'Retry', account_id: p.mainAccountId })).statusCode).toBe(507);
        roomy();
        expect((await admin('POST', '/access_groups', { description: 'Retry', account_id: p.mainAccountId })).statusCode).toBe(201);
        expect((await admin('GET', '/system/disk')).json()).toMatchObject({ low: false, images_paused: false });
    });
});
