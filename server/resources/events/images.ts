import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_EVENT_IMAGE_BYTES } from '../../../contract/device-events';
import { byteLengthOf, PACK_SUFFIX, type FileBytes, type FileStorage } from '../../storage';
import { DiskLowError, isDiskFull } from '../../storage/diskSpace';

// Each thumbnail is made once and kept as a file: libvips' cache of decoded images would only hold memory.
sharp.cache(false);

export type ImageKind = 'jpg' | 'png';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A file's first bytes: its first piece, unless that piece is shorter. */
const headOf = (bytes: FileBytes, length: number) =>
    Buffer.isBuffer(bytes) ? bytes : (bytes[0]?.length ?? 0) >= length ? bytes[0]! : Buffer.concat(bytes).subarray(0, length);

/** JPEG or PNG by their first bytes, whatever the part's name or declared type says. */
export const imageKind = (bytes: FileBytes): ImageKind | undefined => {
    const data = headOf(bytes, PNG.length);
    if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
    if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'png';
    return undefined;
};

export const contentTypeOf = (name: string) => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** A server-made key for an image kept alone, by day of receipt and account: 'events/2026/11/23/12/7-5f0c….jpg'. */
export const eventImageKey = (accountId: number, deviceId: number, at: Date, kind: ImageKind) => {
    const day = at.toISOString().slice(0, 10).replaceAll('-', '/');
    return `events/${day}/${accountId}/${deviceId}-${randomBytes(8).toString('hex')}.${kind}`;
};

/**
 * Where a request's images are kept together, by day of receipt and account:
 * 'events/2026/11/23/12/7-5f0c….pack'; each image's key names its place in it
 * ('….pack.0-28127.jpg', FileStorage.pack).
 */
export const eventImagePackKey = (accountId: number, deviceId: number, at: Date) => {
    const day = at.toISOString().slice(0, 10).replaceAll('-', '/');
    return `events/${day}/${accountId}/${deviceId}-${randomBytes(8).toString('hex')}${PACK_SUFFIX}`;
};

/** What became of an image part: stored (durably), or why not. */
export type StoredImage = { key: string } | { reason: 'full disk' } | { problem: string };

export const IMAGE_TOO_LARGE = `Image is larger than ${MAX_EVENT_IMAGE_BYTES / (1024 * 1024)} MB`;
export const IMAGE_NOT_JPEG_OR_PNG = 'Image is not a JPEG or PNG';

/**
 * Stores one image: refused when it is not a JPEG or PNG, skipped with 'full
 * disk' when space is short, otherwise written by `write`, which resolves
 * with its key: alone (FileStorage.put, durable at once) or in a request's
 * pack (FilePack.append, durable at the pack's commit, which the reply waits for).
 */
export const storeImage = async <Bytes extends FileBytes>(
    data: Bytes,
    diskFull: boolean,
    write: (data: Bytes, kind: ImageKind) => Promise<string>,
): Promise<StoredImage> => {
    const kind = imageKind(data);
    if (!kind) return { problem: IMAGE_NOT_JPEG_OR_PNG };
    if (byteLengthOf(data) > MAX_EVENT_IMAGE_BYTES) return { problem: IMAGE_TOO_LARGE };
    if (diskFull) return { reason: 'full disk' };
    try {
        return { key: await write(data, kind) };
    } catch (error) {
        if (error instanceof DiskLowError || isDiskFull(error)) return { reason: 'full disk' };
        throw error;
    }
};

/**
 * The largest a thumbnail gets: twice what the list (64×48) and the
 * dashboard's tiles (about 160×120) show, for high-density screens. A
 * camera's frame is often ten times the bytes; a list page of 25 events
 * would otherwise download every full picture.
 */
export const THUMBNAIL_BOX = { width: 320, height: 240 } as const;

/**
 * A picture claiming more pixels than this is given as it is: a few
 * kilobytes of PNG can declare a size whose decoding would take gigabytes.
 * Cameras at doors send far fewer (a 4K frame is 8.3 million).
 */
export const MAX_THUMBNAIL_SOURCE_PIXELS = 40_000_000;

/** Where an image's thumbnail is kept: next to it, so that removing the image can remove it too. */
export const thumbnailKey = (imageKey: string) => `${imageKey}.thumbnail.jpg`;

const bytesOf = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
};

/**
 * The image's thumbnail (JPEG), made on first request and kept. An image the
 * library cannot read (a reader's damaged JPEG) is given as it is, for the
 * browser to try; undefined when the image file is gone.
 */
export const eventThumbnail = async (
    storage: FileStorage,
    imageKey: string,
): Promise<{ data: Readable | Buffer; type: string } | undefined> => {
    const kept = await storage.get(thumbnailKey(imageKey));
    if (kept) return { data: kept, type: 'image/jpeg' };
    const original = await storage.get(imageKey);
    if (!original) return undefined;
    const bytes = await bytesOf(original);
    let small: Buffer;
    try {
        small = await sharp(bytes, { limitInputPixels: MAX_THUMBNAIL_SOURCE_PIXELS })
            .rotate()
            .resize({ ...THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 75 })
            .toBuffer();
    } catch {
        return { data: bytes, type: contentTypeOf(imageKey) };
    }
    // Keeping it only saves the next request the work: a failure to keep it is not the caller's.
    await storage.put(thumbnailKey(imageKey), small).catch(() => undefined);
    return { data: small, type: 'image/jpeg' };
};

/** Removes files whose rows are gone (or never came), with their thumbnails; a file that cannot be removed is only wasted space, never a broken event. */
export const removeImages = async (storage: FileStorage, keys: (string | null | undefined)[]) => {
    const images = keys.filter((key): key is string => !!key);
    await storage.deleteAll([...images, ...images.map(thumbnailKey)]).catch(() => undefined);
};
