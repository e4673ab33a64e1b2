import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { deviceAuthorization } from '../../../contract/device-api';
import { MAX_EVENT_IMAGE_BYTES, MAX_EVENTS_PER_BATCH, type DeviceEventsReply } from '../../../contract/device-events';
import { EVENT_TYPES, eventGroupOf, type EventRecord } from '../../../contract/events';
import { profiles } from '../../../server/db/schema';
import type { DiskSpace } from '../../../server/storage/diskSpace';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { addProfile, approvedReader, deviceEvent, frame, multipartBody, type TestReader } from './helpers';

let p: TestPlatform;
let admin: ApiCaller;
let contoso: number;
let fabrikam: number;
let reader: TestReader;
let moderator: ApiCaller;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    fabrikam = p.demo.customers[1].id;
    reader = await approvedReader(p, admin, contoso, 'Lobby entrance');
    moderator = await p.as(p.demo.customers[0].users.moderator.email);
});
afterAll(() => p?.close());

const listOf = async (caller: ApiCaller, query: string) => {
    const res = await caller('GET', `/events?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: EventRecord[]; count: number; count_is_estimate: boolean };
};
/** Files under the storage root: what a batch left on disk. */
/** The images' bytes on disk: a request's images are kept in one file (FileStorage.pack), each image whole. */
const storedImageBytes = () =>
    (fs.readdirSync(p.filesDir, { recursive: true }) as string[])
        .filter(f => f.startsWith('events/') && /\.(pack|jpg|png)$/.test(f) && !f.endsWith('.thumbnail.jpg'))
        .reduce((bytes, f) => bytes + fs.statSync(path.join(p.filesDir, f)).size, 0);

describe('a reader posts its events', () => {
    it('stores a multipart batch with images and the console lists it newest first, with device, profiles, rois and the image', async () => {
        const person = await addProfile(p, contoso);
        const crowd = frame(2);
        const face = frame(1);
        const t = Date.now();
        const events = [
            deviceEvent({
                event: '1FAFaceAuthenticated',
                timestamp: new Date(t - 30_000).toISOString(),
                image: 'face',
                profiles: [{ profile_id: person.id, badge_number: 4242, facility_code: 12, roi: face.rois[0] }],
            }),
            deviceEvent({
                event: 'TailgatingByUnknownUser',
                timestamp: new Date(t - 20_000).toISOString(),
                tailgated: true,
                image: 'crowd',
                profiles: crowd.rois.map(roi => ({ profile_id: null, roi })),
            }),
            deviceEvent({
                event: 'SIPOutgoingEstablished',
                timestamp: new Date(t - 10_000).toISOString(),
                sip_call: { remote_station: 'Front desk 201' },
                identity: { name: 'Visitor' },
            }),
        ];
        const res = await reader.post(events, { face: face.jpeg, crowd: crowd.jpeg });
        expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
        expect(res.body.rejected).toEqual([]);
        expect(res.body.accepted.map(a => a.duplicate)).toEqual([false, false, false]);

        const { result, count } = await listOf(moderator, `device_id=${reader.id}`);
        expect(count).toBe(3);
        expect(result.map(r => r.event)).toEqual(['SIPOutgoingEstablished', 'TailgatingByUnknownUser', '1FAFaceAuthenticated']);
        const [sip, tailgating, auth] = result as [EventRecord, EventRecord, EventRecord];
        expect(sip).toMatchObject({
            group: 'sip',
            incident: false,
            sip_call: { remote_station: 'Front desk 201' },
            identity: { name: 'Visitor' },
            image: null,
            image_reason: null,
        });
        expect(tailgating).toMatchObject({
            group: 'tailgating',
            incident: true,
            tailgated: true,
            device_id: reader.id,
            device_description: 'Lobby entrance',
            device_deleted: false,
            account_id: contoso,
        });
        expect(tailgating.profiles.map(x => x.roi)).toEqual(crowd.rois);
        expect(auth.profiles).toEqual([
            {
                profile_id: person.id,
                // what people know the profile by (the Profiles column shows it)
                acs_id: person.acs_id,
                role: null,
                badge_number: 4242,
                facility_code: 12,
                card_locked: null,
                enabled: true,
                status: 'active',
                roi: face.rois[0],
                deletion_cause: null,
                profile_deleted: false,
            },
        ]);
        const image = await moderator('GET', `/events/${tailgating.id}/files/${tailgating.image}`);
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
        expect(Buffer.compare(image.rawPayload, crowd.jpeg)).toBe(0);
        // An authentication is the profile's last activity, at that reader.
        const [row] = await p.ctx.db.select().from(profiles).where(eq(profiles.id, person.id));
        expect(row).toMatchObject({ last_event_id: auth.id, last_device_id: reader.id });
        expect(row!.last_activity_at!.toISOString()).toBe(auth.timestamp);
    });

    it('stores images whose bytes arrive a few at a time, in pieces shorter than the JPEG or PNG signature, byte for byte', async () => {
        const jpeg = frame(1).jpeg;
        const png = await sharp(jpeg).png().toBuffer();
        const t = Date.now();
        const body = await multipartBody(
            [
                deviceEvent({ timestamp: new Date(t - 2000).toISOString(), image: 'photo' }),
                deviceEvent({ timestamp: new Date(t - 1000).toISOString(), image: 'drawing' }),
            ],
            { photo: jpeg, drawing: png },
        );
        // a slow link: the parser gets five bytes at a time, so each image is hundreds of pieces
        const pieces = Array.from({ length: Math.ceil(body.payload.length / 5) }, (_, i) => body.payload.subarray(i * 5, i * 5 + 5));
        const res = await p.app.inject({
            method: 'POST',
            url: '/api/v2/device/events',
            headers: { authorization: deviceAuthorization(reader.id, reader.key), 'content-type': body.contentType },
            payload: Readable.from(pieces),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().rejected).toEqual([]);
        const ids = (res.json() as DeviceEventsReply).accepted.map(a => a.id);
        for (const [id, bytes, type] of [
            [ids[0], jpeg, 'image/jpeg'],
            [ids[1], png, 'image/png'],
        ] as const) {
            const event = (await moderator('GET', `/events/${id}`)).json() as EventRecord;
            const image = await moderator('GET', `/events/${id}/files/${event.image}`);
            expect(image.headers['content-type']).toBe(type);
            expect(Buffer.compare(image.rawPayload, bytes)).toBe(0);
        }
    });

    it('keeps every character a reader sends: quotes, backslashes, braces, commas, NULL as a word, new lines', async () => {
        // The rows reach the database as one array literal a column (storeEvents): each of these breaks a literal not quoted right.
        const tricky = 'O\'Brien "Bob", {x,y} \\ NULL\nnext line 🚪';
        const door = await approvedReader(p, admin, contoso, 'Door "B", {east}\\wing');
        const sent = [
            deviceEvent({ device_event_id: 'ev,"1"\\{}', identity: { name: tricky, none: null, list: ['NULL', '{}'] } }),
            deviceEvent({ device_event_id: 'NULL', event: 'SIPOutgoingEstablished', sip_call: { remote_station: 'NULL' } }),
        ];
        const res = await door.post({ events: sent });
        expect(res.body.rejected).toEqual([]);
        expect(res.body.accepted.map(a => a.device_event_id)).toEqual(['ev,"1"\\{}', 'NULL']);
        const [first, second] = await Promise.all(
            res.body.accepted.map(async a => (await admin('GET', `/events/${a.id}`)).json() as EventRecord),
        );
        expect(first).toMatchObject({
            device_description: 'Door "B", {east}\\wing',
            identity: { name: tricky, none: null, list: ['NULL', '{}'] },
        });
        expect(second).toMatchObject({ sip_call: { remote_station: 'NULL' }, identity: null });
        // Sent again, both are found by their ids as sent.
        const again = await door.post({ events: sent });
        expect(again.body.accepted).toEqual(res.body.accepted.map(a => ({ ...a, duplicate: true })));
    });

    it('accepts every SPEC 3 event type, each under its SPEC 2.7 group', async () => {
        const other = await approvedReader(p, admin, contoso);
        const res = await other.post({
            events: EVENT_TYPES.map((event, i) =>
                deviceEvent({ event, timestamp: new Date(Date.now() - 100_000 + i * 1000).toISOString() }),
            ),
        });
        expect(res.statusCode).toBe(200);
        expect(res.body.accepted).toHaveLength(EVENT_TYPES.length);
        const { result } = await listOf(admin, `account_id=${contoso}&device_id=${other.id}&per_page=100&sort=%2Btimestamp`);
        expect(result.map(r => [r.event, r.group])).toEqual(EVENT_TYPES.map(t => [t, eventGroupOf(t)]));
        expect(result.find(r => r.event === 'Unsupported')!.group).toBe('all');
    });

    it("keeps a reader to its own device and account: ids in the body are ignored, another account's profile is not linked", async () => {
        const foreignReader = await approvedReader(p, admin, fabrikam);
        const foreignProfile = await addProfile(p, fabrikam);
        const smuggled = {
            ...deviceEvent({ profiles: [{ profile_id: foreignProfile.id, badge_number: 77 }] }),
            account_id: fabrikam,
            device_id: foreignReader.id,
        };
        const res = await reader.post({ events: [smuggled] });
        expect(res.body.accepted).toHaveLength(1);
        const stored = (await admin('GET', `/events/${res.body.accepted[0]!.id}`)).json() as EventRecord;
        expect(stored).toMatchObject({ account_id: contoso, device_id: reader.id });
        expect(stored.profiles[0]).toMatchObject({
            profile_id: null,
            badge_number: 77,
            profile_deleted: true,
            deletion_cause: 'unknown profile',
        });
        // Fabrikam sees nothing of it; the same device_event_id from another reader is another event.
        expect((await listOf(admin, `account_id=${fabrikam}&device_id=${foreignReader.id}`)).count).toBe(0);
        const again = await foreignReader.post({ events: [{ ...smuggled, account_id: undefined, device_id: undefined }] });
        expect(again.body.accepted[0]).toMatchObject({ duplicate: false });
        expect(again.body.accepted[0]!.id).not.toBe(res.body.accepted[0]!.id);
    });

    it('answers 401 to a user token, a wrong key and no credential', async () => {
        const token = await p.login(ADMIN.email);
        const body = { events: [deviceEvent()] };
        expect(
            (
                await p.app.inject({
                    method: 'POST',
                    url: '/api/v2/device/events',
                    headers: { authorization: `Bearer ${token}` },
                    payload: body,
                })
            ).statusCode,
        ).toBe(401);
        expect(
            (
                await p.app.inject({
                    method: 'POST',
                    url: '/api/v2/device/events',
                    headers: { authorization: deviceAuthorization(reader.id, 'x'.repeat(43)) },
                    payload: body,
                })
            ).statusCode,
        ).toBe(401);
        expect((await p.app.inject({ method: 'POST', url: '/api/v2/device/events', payload: body })).statusCode).toBe(401);
    });
});

describe('a batch with bad parts keeps its good events (docs/events.md)', () => {
    it('refuses images over the size limit or not JPEG/PNG, and events naming a missing image; stores nothing for them', async () => {
        const bytesBefore = storedImageBytes();
        const good = frame(1).jpeg;
        const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
        const oversized = Buffer.concat([good.subarray(0, 3), Buffer.alloc(MAX_EVENT_IMAGE_BYTES, 7)]);
        const gif = Buffer.from('GIF89a not a camera frame');
        const events = [
            deviceEvent({ image: 'good' }),
            deviceEvent({ image: 'big' }),
            deviceEvent({ image: 'gif' }),
            deviceEvent({ image: 'nowhere' }),
            deviceEvent({ image: 'png' }),
            deviceEvent({ image: 'good' }),
        ];
        const res = await reader.post(events, { good, big: oversized, gif, png });
        expect(res.statusCode).toBe(200);
        expect(res.body.accepted.map(a => a.device_event_id)).toEqual([events[0]!.device_event_id, events[4]!.device_event_id]);
        expect(res.body.rejected).toEqual([
            { index: 1, device_event_id: events[1]!.device_event_id, error: 'image: Image is larger than 2 MB' },
            { index: 2, device_event_id: events[2]!.device_event_id, error: 'image: Image is not a JPEG or PNG' },
            { index: 3, device_event_id: events[3]!.device_event_id, error: 'image: no image part named "nowhere"' },
            { index: 5, device_event_id: events[5]!.device_event_id, error: 'image: the part "good" is already another event\'s image' },
        ]);
        expect(storedImageBytes()).toBe(bytesBefore + good.length + png.length);
        const kept = (await admin('GET', `/events/${res.body.accepted[1]!.id}`)).json() as EventRecord;
        const served = await admin('GET', `/events/${kept.id}/files/${kept.image}`);
        expect(served.headers['content-type']).toBe('image/png');
    });

    it('refuses malformed events one by one with a clear error', async () => {
        const future = new Date(Date.now() + 3600_000).toISOString();
        const res = await reader.post({
            events: [
                deviceEvent(),
                { ...deviceEvent(), event: 'DoorOpenedByGhost' },
                { device_event_id: 'no-time', event: 'DeviceOnline' },
                deviceEvent({ timestamp: future }),
                deviceEvent({ identity: { blob: 'x'.repeat(5000) } }),
                'not an event',
            ],
        });
        expect(res.statusCode).toBe(200);
        expect(res.body.accepted).toHaveLength(1);
        expect(res.body.rejected.map(r => [r.index, r.error])).toEqual([
            [1, 'Unknown event type "DoorOpenedByGhost"'],
            [2, expect.stringMatching(/^timestamp: /)],
            [3, "timestamp: is in the future; check the reader's clock"],
            [4, 'identity: larger than 4096 bytes'],
            [5, expect.stringMatching(/^event: /)],
        ]);
    });

    it('refuses an event whose identity nests without end alone, and stores the good events of its batch', async () => {
        // Built as text: the reader's JSON nests 100,000 levels deep, which JSON.stringify cannot walk.
        const good = deviceEvent();
        const deep = deviceEvent();
        const body = `{"events":[${JSON.stringify(good)},${JSON.stringify(deep).replace(/}$/, `,"identity":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`)}]}`;
        const res = await p.app.inject({
            method: 'POST',
            url: '/api/v2/device/events',
            headers: { authorization: deviceAuthorization(reader.id, reader.key), 'content-type': 'application/json' },
            payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().accepted.map((a: { device_event_id: string }) => a.device_event_id)).toEqual([good.device_event_id]);
        expect(res.json().rejected).toEqual([
            { index: 1, device_event_id: deep.device_event_id, error: 'identity: nested deeper than 8 levels' },
        ]);
    });

    it('rejects the whole request when it is not a batch: too many events, no events part, bad JSON', async () => {
        const tooMany = await reader.post({ events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => deviceEvent()) });
        expect(tooMany.statusCode).toBe(400);
        expect(tooMany.body.error).toBe(`At most ${MAX_EVENTS_PER_BATCH} events per request`);
        const badJson = await reader.post('[{"device_event_id": ', { a: frame(1).jpeg });
        expect(badJson.statusCode).toBe(400);
        expect(badJson.body.error).toBe('The events part is not valid JSON');
        const form = new FormData();
        form.append('face', new Blob([new Uint8Array(frame(1).jpeg)]), 'face.jpg');
        const request = new Request('http://reader.local/', { method: 'POST', body: form });
        const noEvents = await p.app.inject({
            method: 'POST',
            url: '/api/v2/device/events',
            headers: { authorization: deviceAuthorization(reader.id, reader.key), 'content-type': request.headers.get('content-type')! },
            payload: Buffer.from(await request.arrayBuffer()),
        });
        expect(noEvents.statusCode).toBe(400);
        expect(noEvents.json().error).toBe('The request has no "events" part');
        const empty = await reader.post({ events: [] });
        expect(empty.statusCode).toBe(400);
    });
});

describe('acknowledged means stored once', () => {
    it('a batch sent again is acknowledged with the first ids and stored once, images included', async () => {
        const face = frame(1).jpeg;
        const events = [deviceEvent({ image: 'a' }), deviceEvent()];
        const first = await reader.post(events, { a: face });
        const bytes = storedImageBytes();
        const { count } = await listOf(admin, `account_id=${contoso}&device_id=${reader.id}`);
        const second = await reader.post(events, { a: face });
        expect(second.body.accepted).toEqual(first.body.accepted.map(a => ({ ...a, duplicate: true })));
        expect((await listOf(admin, `account_id=${contoso}&device_id=${reader.id}`)).count).toBe(count);
        expect(storedImageBytes()).toBe(bytes);
        // An id is the reader's own counter, which restarts after a reset: with another time it is another event.
        const later = { ...events[1]!, timestamp: new Date(Date.now() - 5000).toISOString() };
        const reused = await reader.post({ events: [later] });
        expect(reused.body.accepted[0]).toMatchObject({ duplicate: false });
        expect(reused.body.accepted[0]!.id).not.toBe(first.body.accepted[1]!.id);
        // The same id with two times in one batch is a reader's mistake.
        const clash = await reader.post({
            events: [
                deviceEvent({ device_event_id: 'twice' }),
                deviceEvent({ device_event_id: 'twice', timestamp: new Date(Date.now() - 9000).toISOString() }),
            ],
        });
        expect(clash.body.accepted).toHaveLength(1);
        expect(clash.body.rejected).toEqual([
            { index: 1, device_event_id: 'twice', error: 'device_event_id: used twice in this batch with different timestamps' },
        ]);
    });

    it('on a full disk stores the event without its image, with the reason the console shows', async () => {
        const disk = p.ctx.disk;
        // The volume between the reserve and twice the reserve: images pause, writes go on.
        p.ctx.disk = Object.assign(Object.create(disk) as DiskSpace, {
            volumes: () => [{ total_bytes: 1e9, free_bytes: 3e7, reserve_bytes: 2e7 }],
        });
        try {
            const res = await reader.post([deviceEvent({ event: 'TailgatingByKnownUser', image: 'shot' })], { shot: frame(2).jpeg });
            expect(res.body.accepted).toHaveLength(1);
            const stored = (await admin('GET', `/events/${res.body.accepted[0]!.id}`)).json() as EventRecord;
            expect(stored).toMatchObject({ image: null, image_reason: 'full disk' });
        } finally {
            p.ctx.disk = disk;
        }
    });
});

describe('device state events', () => {
    it('a reader back from offline records DeviceOnline in the device group, and DeviceOffline from the offline job stays listed', async () => {
        const r = await approvedReader(p, admin, fabrikam, 'Dock door');
        expect(await r.heartbeat()).toBe(200);
        const { markSilentDevicesOffline } = await import('../../../server/resources/devices/queries');
        await markSilentDevicesOffline(p.ctx.db, -1);
        expect(await r.heartbeat()).toBe(200);
        const { result } = await listOf(admin, `account_id=${fabrikam}&device_id=${r.id}&group=device`);
        expect(result.map(e => e.event)).toEqual(expect.arrayContaining(['DeviceOnline', 'DeviceOffline']));
        expect(result.every(e => e.group === 'device' && e.device_description === 'Dock door')).toBe(true);
    });
});
