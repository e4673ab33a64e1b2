import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_EVENT_IMAGE_BYTES } from '../../contract/device-events';
import { byteLengthOf, PACK_SUFFIX, type FileBytes, type FileStorage } from '.';
import { DiskLowError, isDiskFull } from './diskSpace';

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
 * The thumbnail of an image's bytes; 'too large' when its header claims more
 * than MAX_THUMBNAIL_SOURCE_PIXELS (not decoded: given as it is), 'undecodable'
 * when they are not a picture libvips can read. failOn 'error': a frame with
 * a few corrupt blocks decodes, as a browser shows it; a cut or headless one does not.
 */
const makeThumbnail = async (bytes: Buffer): Promise<Buffer | 'too large' | 'undecodable'> => {
    try {
        const { width = 0, height = 0 } = await sharp(bytes).metadata();
        if (width * height > MAX_THUMBNAIL_SOURCE_PIXELS) return 'too large';
        return await sharp(bytes, { limitInputPixels: MAX_THUMBNAIL_SOURCE_PIXELS, failOn: 'error' })
            .rotate()
            .resize({ ...THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 75 })
            .toBuffer();
    } catch {
        return 'undecodable';
    }
};

/** Keeping it only saves the next request the work: a failure to keep it is not the caller's. */
const keepThumbnail = (storage: FileStorage, imageKey: string, thumbnail: Buffer) =>
    storage.put(thumbnailKey(imageKey), thumbnail).then(
        () => undefined,
        () => undefined,
    );

/**
 * The image's thumbnail (JPEG), made on first request and kept; 'undecodable'
 * when the stored bytes are not a picture (a reader's damaged JPEG): the
 * caller gives the "no preview" picture, never those bytes. undefined when
 * the image file is gone.
 */
export const eventThumbnail = async (
    storage: FileStorage,
    imageKey: string,
): Promise<{ data: Readable | Buffer; type: string } | 'undecodable' | undefined> => {
    const kept = await storage.get(thumbnailKey(imageKey));
    if (kept) return { data: kept, type: 'image/jpeg' };
    const original = await storage.get(imageKey);
    if (!original) return undefined;
    const bytes = await bytesOf(original);
    const small = await makeThumbnail(bytes);
    if (small === 'undecodable') return small;
    if (small === 'too large') return { data: bytes, type: contentTypeOf(imageKey) };
    await keepThumbnail(storage, imageKey, small);
    return { data: small, type: 'image/jpeg' };
};

/**
 * An event image's bytes when they decode (or are too large to try, as
 * above); 'undecodable' otherwise; undefined when the file is gone. A kept
 * thumbnail says they decoded once, unless they have been erased since (a
 * pack member is overwritten with zeros, FileStorage.deleteAll), which their
 * first bytes tell; else they are decoded now, and with `keep` the
 * thumbnail so made is kept, as the list would keep it.
 */
export const readEventImage = async (
    storage: FileStorage,
    imageKey: string,
    keep: boolean,
): Promise<Buffer | 'undecodable' | undefined> => {
    const file = await storage.get(imageKey);
    if (!file) return undefined;
    const bytes = await bytesOf(file);
    if (imageKind(bytes) && (await storage.stat(thumbnailKey(imageKey)))) return bytes;
    const small = await makeThumbnail(bytes);
    if (small === 'undecodable') return small;
    if (keep && small !== 'too large') await keepThumbnail(storage, imageKey, small);
    return bytes;
};

/**
 * The console's own "event" stock picture (SPEC 2.7), drawn once as a PNG of
 * the thumbnail's size: what the image route gives for bytes that do not
 * decode, so that a browser or an API client shows a picture, not a broken
 * one. One drawing for both: the console shows this file's pictures.
 */
const NO_PREVIEW_SVG = new URL('../../src/resources/events/pictures/unknown.svg', import.meta.url);
let noPreview: Promise<Buffer> | undefined;
export const noPreviewPicture = () =>
    (noPreview ??= fs
        .readFile(NO_PREVIEW_SVG)
        .then(svg => sharp(svg).resize(THUMBNAIL_BOX).png().toBuffer())
        .catch((error: unknown) => {
            noPreview = undefined;
            throw error;
        }));

/** Removes files whose rows are gone (or never came), with their thumbnails; a file that cannot be removed is only wasted space, never a broken event. */
export const removeImages = async (storage: FileStorage, keys: (string | null | undefined)[]) => {
    const images = keys.filter((key): key is string => !!key);
    await storage.deleteAll([...images, ...images.map(thumbnailKey)]).catch(() => undefined);
};
