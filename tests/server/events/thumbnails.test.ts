import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { events } from '../../../server/db/schema';
import { EVENT_IMAGE_PLACEHOLDER } from '../../../contract/events';
import { eventImageKey, MAX_THUMBNAIL_SOURCE_PIXELS, THUMBNAIL_BOX, thumbnailKey } from '../../../server/storage/images';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from './helpers';

/**
 * GET /events/:id/files/:name?size=thumbnail: what the list and the
 * dashboard download instead of every full camera frame.
 */
let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    reader = await approvedReader(p, admin, p.demo.customers[0].id, 'Loading dock');
});
afterAll(() => p?.close());

/** Posts one event with this image; its id, image name and storage key. */
const postImage = async (data: Buffer) => {
    const res = await reader.post([deviceEvent({ event: 'TailgatingByUnknownUser', image: 'picture' })], { picture: data });
    expect(res.body.rejected).toEqual([]);
    const id = res.body.accepted[0]!.id;
    const [row] = await p.ctx.db.select({ key: events.image_key }).from(events).where(eq(events.id, id));
    return { id, name: row!.key!.split('/').pop()!, key: row!.key! };
};
const get = (id: number, name: string, query = '') => admin('GET', `/events/${id}/files/${name}${query}`);

/** The reply is the placeholder: a picture that decodes, marked and named as such, not the stored bytes. */
const expectNoPreview = async (res: Awaited<ReturnType<typeof get>>, stored: Buffer) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers[EVENT_IMAGE_PLACEHOLDER.header]).toBe('undecodable');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${EVENT_IMAGE_PLACEHOLDER.fileName}"`);
    expect(Buffer.compare(res.rawPayload, stored)).not.toBe(0);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: THUMBNAIL_BOX.width,
        height: THUMBNAIL_BOX.height,
    });
};

describe('event image thumbnails', () => {
    it('makes a JPEG of at most 320×240 with the same proportions, keeps it, and leaves the full image as it was', async () => {
        const camera = await sharp(frame(2).jpeg).resize(1920, 1440).jpeg({ quality: 92 }).toBuffer();
        const { id, name, key } = await postImage(camera);

        const thumbnail = await get(id, name, '?size=thumbnail');
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toBe('image/jpeg');
        expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({
            format: 'jpeg',
            width: THUMBNAIL_BOX.width,
            height: THUMBNAIL_BOX.height,
        });
        expect(thumbnail.rawPayload.length).toBeLessThan(camera.length / 10);
        expect(await p.ctx.storage.stat(thumbnailKey(key))).toEqual({ size: thumbnail.rawPayload.length });
        // The second request is served what was kept.
        expect(Buffer.compare((await get(id, name, '?size=thumbnail')).rawPayload, thumbnail.rawPayload)).toBe(0);

        const full = await get(id, name);
        expect(Buffer.compare(full.rawPayload, camera)).toBe(0);
        expect((await get(id, name, '?size=full')).rawPayload.length).toBe(camera.length);
    });

    it('does not enlarge a small picture, and makes a PNG with transparency a JPEG on white', async () => {
        const small = await postImage(frame(1).jpeg);
        expect(await sharp((await get(small.id, small.name, '?size=thumbnail')).rawPayload).metadata()).toMatchObject({
            width: 320,
            height: 240,
        });

        const png = await sharp({ create: { width: 800, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
            .png()
            .toBuffer();
        const { id, name } = await postImage(png);
        const thumbnail = await get(id, name, '?size=thumbnail');
        expect(thumbnail.headers['content-type']).toBe('image/jpeg');
        const pixels = await sharp(thumbnail.rawPayload).raw().toBuffer({ resolveWithObject: true });
        expect(pixels.info).toMatchObject({ width: 320, height: 160, channels: 3 });
        expect(pixels.data[0]).toBeGreaterThan(250);
    });

    it('answers the "no preview" picture, never the bytes, for a damaged picture a reader sent', async () => {
        const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 0x5a)]);
        const { id, name, key } = await postImage(damaged);
        for (const query of ['?size=thumbnail', '', '?size=full']) await expectNoPreview(await get(id, name, query), damaged);
        // Nothing is kept for it: a kept thumbnail would vouch for the image.
        expect(await p.ctx.storage.stat(thumbnailKey(key))).toBeUndefined();
        expect((await get(id, name, '?size=huge')).statusCode).toBe(400);
    });

    it('answers the "no preview" picture for stored bytes that are no picture at all', async () => {
        const account = p.demo.customers[0].id;
        const key = eventImageKey(account, reader.id, new Date(), 'jpg');
        const garbage = Buffer.from('not a picture, whatever its name says '.repeat(40));
        await p.ctx.storage.put(key, garbage);
        const [row] = await p.ctx.db
            .insert(events)
            .values({ account_id: account, event: 'CrossingByUnknownUser', timestamp: new Date(), device_id: reader.id, image_key: key })
            .returning({ id: events.id });
        const name = key.split('/').pop()!;
        await expectNoPreview(await get(row!.id, name), garbage);
        await expectNoPreview(await get(row!.id, name, '?size=thumbnail'), garbage);
    });

    it('does not decode a picture that claims more pixels than a camera makes', async () => {
        const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#808080' } })
            .png({ compressionLevel: 9 })
            .toBuffer();
        expect(8000 * 6000).toBeGreaterThan(MAX_THUMBNAIL_SOURCE_PIXELS);
        const { id, name } = await postImage(huge);
        const thumbnail = await get(id, name, '?size=thumbnail');
        expect(thumbnail.statusCode).toBe(200);
        expect(thumbnail.headers['content-type']).toBe('image/png');
        expect(thumbnail.rawPayload.length).toBe(huge.length);
    });

    it('goes with its event', async () => {
        const { id, name, key } = await postImage(frame(1).jpeg);
        expect((await get(id, name, '?size=thumbnail')).statusCode).toBe(200);
        expect(await p.ctx.storage.stat(thumbnailKey(key))).toBeDefined();
        expect((await admin('DELETE', `/events/${id}`)).statusCode).toBe(204);
        expect(await p.ctx.storage.stat(key)).toBeUndefined();
        expect(await p.ctx.storage.stat(thumbnailKey(key))).toBeUndefined();
    });

    it('is refused to those who may not see the event', async () => {
        const { id, name } = await postImage(frame(1).jpeg);
        const outsider = await p.as(p.demo.customers[1].users.moderator.email);
        expect((await outsider('GET', `/events/${id}/files/${name}?size=thumbnail`)).statusCode).toBe(404);
    });
});
