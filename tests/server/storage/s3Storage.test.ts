import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { TooLargeError, type FileStorage } from '../../../server/storage';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../../server/storage/s3';
import { S3RVER, startS3Server, type TestS3Server } from './s3Server';

const MIB = 1024 * 1024;
const read = async (storage: FileStorage, key: string) => {
    const data = await storage.get(key);
    return data && Buffer.concat(await data.toArray());
};
const keys = async (storage: FileStorage) => {
    const found: string[] = [];
    for await (const file of storage.list()) found.push(file.key);
    return found.sort();
};

describe('S3 storage, against an S3-protocol server', () => {
    let s3: TestS3Server;
    beforeAll(async () => {
        s3 = await startS3Server();
    });
    afterAll(async () => {
        await s3.close();
    });

    it('stores, reads, sizes and deletes files under its prefix; a missing one is undefined', async () => {
        const storage = s3.storage({ prefix: 'basic' });
        expect(await storage.put('a/b/one.bin', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({ size: 11 });
        expect((await read(storage, 'a/b/one.bin'))!.toString()).toBe('hello world');
        await storage.put('a/b/one.bin', Buffer.from('bye'));
        expect(await storage.stat('a/b/one.bin')).toEqual({ size: 3 });
        expect(await storage.get('a/b/missing.bin')).toBeUndefined();
        expect(await storage.stat('a/b/missing.bin')).toBeUndefined();
        await expect(() => storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
        // another prefix of the bucket is another storage
        expect(await s3.storage({ prefix: 'other' }).get('a/b/one.bin')).toBeUndefined();
        await storage.delete('a/b/one.bin');
        expect(await storage.get('a/b/one.bin')).toBeUndefined();
        await storage.delete('a/b/one.bin');
    });

    it('stores a stream over a part as a multipart upload, reading no more of it than the parts under way', async () => {
        const storage = s3.storage({ prefix: 'multipart', partBytes: 5 * MIB, queueSize: 2 });
        const uploaded = () => s3.requests.reduce((total, r) => total + r.partBytes, 0);
        const from = uploaded();
        let produced = 0;
        let furthestAhead = 0;
        const source = Readable.from(
            (function* () {
                for (let i = 0; i < 24; i++) {
                    furthestAhead = Math.max(furthestAhead, produced - (uploaded() - from));
                    produced += MIB;
                    yield Buffer.alloc(MIB, i);
                }
            })(),
        );
        expect(await storage.put('big/firmware.mender', source)).toEqual({ size: 24 * MIB });
        expect(s3.requests.filter(r => r.method === 'PUT' && r.query.includes('partNumber')).length).toBe(5);
        // parts being sent (2), one being filled, and the stream's own buffer: far from the 24 MiB
        expect(furthestAhead).toBeLessThanOrEqual(17 * MIB);
        const back = (await read(storage, 'big/firmware.mender'))!;
        expect(back.length).toBe(24 * MIB);
        expect(back[23 * MIB + 5]).toBe(23);
    });

    it('leaves no object for a stream over maxBytes, nor for one that fails midway, small or multipart', async () => {
        const storage = s3.storage({ prefix: 'cut', partBytes: 5 * MIB });
        const chunks = (count: number, fail = false) =>
            Readable.from(
                (function* () {
                    for (let i = 0; i < count; i++) yield Buffer.alloc(MIB, i);
                    if (fail) throw new Error('connection reset');
                })(),
            );
        await expect(storage.put('x/small.bin', chunks(2), { maxBytes: MIB + 10 })).rejects.toBeInstanceOf(TooLargeError);
        await expect(storage.put('x/large.bin', chunks(12), { maxBytes: 11 * MIB })).rejects.toBeInstanceOf(TooLargeError);
        await expect(storage.put('x/buffer.bin', Buffer.alloc(20), { maxBytes: 10 })).rejects.toBeInstanceOf(TooLargeError);
        await expect(storage.put('x/cut.bin', chunks(2, true))).rejects.toThrow('connection reset');
        const aborts = s3.requests.filter(r => r.method === 'DELETE' && r.query.includes('uploadId')).length;
        await expect(storage.put('x/cut-large.bin', chunks(12, true))).rejects.toThrow('connection reset');
        // the multipart upload was aborted, not left for the bucket's lifecycle rule
        expect(s3.requests.filter(r => r.method === 'DELETE' && r.query.includes('uploadId')).length).toBe(aborts + 1);
        expect(await keys(storage)).toEqual([]);
        for (const key of ['x/small.bin', 'x/large.bin', 'x/buffer.bin', 'x/cut.bin', 'x/cut-large.bin'])
            expect(await storage.get(key)).toBeUndefined();
    });

    it('keeps a pack as one object, each member read back by range; a discarded pack leaves nothing', async () => {
        const storage = s3.storage({ prefix: 'packs', partBytes: 5 * MIB });
        const images = Array.from({ length: 20 }, (_, i) => Buffer.from(`image number ${i} `.repeat(i + 1)));
        const pack = storage.pack('events/2026/11/26/7/5-abc.pack');
        const members = await Promise.all(
            images.map((image, i) => pack.append(i % 2 ? [image.subarray(0, 3), image.subarray(3, 7), image.subarray(7)] : image, 'jpg')),
        );
        // nothing is there before the commit
        expect(await keys(storage)).toEqual([]);
        await pack.commit();
        expect(members[0]).toBe(`events/2026/11/26/7/5-abc.pack.0-${images[0]!.length}.jpg`);
        expect(await keys(storage)).toEqual(['events/2026/11/26/7/5-abc.pack']);
        for (const [i, key] of members.entries()) {
            expect(await storage.stat(key)).toEqual({ size: images[i]!.length });
            expect(await read(storage, key)).toEqual(images[i]);
        }
        // a member past the pack's end is no file
        expect(await storage.get('events/2026/11/26/7/5-abc.pack.100000-10.jpg')).toBeUndefined();
        expect(await storage.stat('events/2026/11/26/7/5-abc.pack.100000-10.jpg')).toBeUndefined();

        // large enough for a multipart upload
        const frames = Array.from({ length: 12 }, (_, i) => Buffer.alloc(MIB, i + 1));
        const large = storage.pack('events/x/1-large.pack');
        const largeMembers = [];
        for (const frame of frames) largeMembers.push(await large.append(frame, 'jpg'));
        await large.commit();
        expect(await read(storage, largeMembers[7]!)).toEqual(frames[7]);

        const discarded = storage.pack('events/x/2-gone.pack');
        await discarded.append(Buffer.alloc(100), 'jpg');
        await discarded.discard();
        const discardedLarge = storage.pack('events/x/3-gone.pack');
        for (const frame of frames) await discardedLarge.append(frame, 'jpg');
        await discardedLarge.discard();
        await expect(discardedLarge.append(Buffer.alloc(1), 'jpg')).rejects.toThrow(/closed/);
        expect(await keys(storage)).toEqual(['events/2026/11/26/7/5-abc.pack', 'events/x/1-large.pack']);
    });

    it('erases pack members by rewriting the pack with them zeroed, and removes it once they are all of it', async () => {
        const storage = s3.storage({ prefix: 'erase' });
        await storage.put('plain/a.bin', Buffer.from('a'));
        await storage.put('plain/b.bin', Buffer.from('b'));
        const pack = storage.pack('events/1-a.pack');
        const [first, second, third] = [
            await pack.append(Buffer.from('first'), 'jpg'),
            await pack.append(Buffer.from('second'), 'jpg'),
            await pack.append(Buffer.from('third'), 'jpg'),
        ];
        await pack.commit();
        await storage.deleteAll(['plain/a.bin', second!, 'plain/missing.bin']);
        expect(await keys(storage)).toEqual(['events/1-a.pack', 'plain/b.bin']);
        expect((await read(storage, first!))!.toString()).toBe('first');
        // still the pack's bytes, zeroed: a picture erased is not in the bucket any more
        expect(await read(storage, second!)).toEqual(Buffer.alloc(6));
        expect((await read(storage, 'events/1-a.pack'))!.toString()).toBe('first\0\0\0\0\0\0third');
        await storage.deleteAll([first!, third!, second!]);
        expect(await keys(storage)).toEqual(['plain/b.bin']);
    });

    it('lists every file, page after page, leaving out what a restore stages', async () => {
        const storage = s3.storage({ prefix: 'listed', pageSize: 7 });
        const written = Array.from({ length: 23 }, (_, i) => `folder${i % 3}/file${i}.bin`);
        for (const key of written) await storage.put(key, Buffer.from(key));
        const replacement = await storage.replaceAll();
        await replacement.put('staged/one.bin', Buffer.from('x'));
        const listed: string[] = [];
        for await (const file of storage.list()) {
            expect(file.partial).toBe(false);
            expect(Date.now() - file.modifiedAt.getTime()).toBeLessThan(60_000);
            listed.push(file.key);
        }
        expect(listed.sort()).toEqual([...written].sort());
        await replacement.discard();
    });

    it('replaces every file at once on commit, and keeps them on discard', async () => {
        const storage = s3.storage({ prefix: 'restored' });
        await storage.put('kept/old.bin', Buffer.from('old'));
        await storage.put('gone/old.bin', Buffer.from('gone'));
        const discarded = await storage.replaceAll();
        await discarded.put('kept/old.bin', Buffer.from('never'));
        await discarded.discard();
        expect(await keys(storage)).toEqual(['gone/old.bin', 'kept/old.bin']);
        expect((await read(storage, 'kept/old.bin'))!.toString()).toBe('old');

        const replacement = await storage.replaceAll();
        await replacement.put('kept/old.bin', Buffer.from('restored'));
        await replacement.put('new/file.bin', Readable.from([Buffer.from('new')]));
        // until the commit the stored files are the old ones
        expect((await read(storage, 'kept/old.bin'))!.toString()).toBe('old');
        await replacement.commit();
        expect(await keys(storage)).toEqual(['kept/old.bin', 'new/file.bin']);
        expect((await read(storage, 'kept/old.bin'))!.toString()).toBe('restored');
        // nothing staged is left in the bucket
        expect(await keys(s3.storage({ prefix: '' }))).not.toContainEqual(expect.stringContaining('.restore-'));
    });

    it('clears what a killed restore left, once old: staged files never committed are removed, a commit under way is finished', async () => {
        const storage = s3.storage({ prefix: 'leftovers' });
        await storage.put('live/old.bin', Buffer.from('old'));
        await storage.put('live/kept.bin', Buffer.from('kept'));
        // What restores of a process that was killed left: the staging as replaceAll writes it (the markers are
        // its own, under the staging's hidden names).
        const client = s3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER, maxAttempts: 1 });
        const object = (key: string, body = '') =>
            client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `leftovers/${key}`, Body: body }));
        await object('.restore-aaaaaaaaaaaa/.lease');
        await object('.restore-aaaaaaaaaaaa/never/committed.bin', 'x');
        await object('.restore-bbbbbbbbbbbb/.lease');
        await object('.restore-bbbbbbbbbbbb/live/kept.bin', 'restored');
        await object('.restore-bbbbbbbbbbbb/live/new.bin', 'new');
        await object('.restore-bbbbbbbbbbbb/.committing');
        // in use by this process: left alone, whatever its age
        const running = await storage.replaceAll();
        await running.put('running/file.bin', Buffer.from('r'));

        // younger than the grace: another instance's restore, perhaps
        expect(await storage.clearLeftovers(new Date(Date.now() - 3600_000))).toBe(0);
        expect(await storage.clearLeftovers(new Date(Date.now() + 60_000))).toBe(2);
        expect(await keys(storage)).toEqual(['live/kept.bin', 'live/new.bin']);
        expect((await read(storage, 'live/kept.bin'))!.toString()).toBe('restored');
        await running.commit();
        expect(await keys(storage)).toEqual(['running/file.bin']);
        expect(await storage.clearLeftovers(new Date(Date.now() + 60_000))).toBe(0);
    });

    it('fails a write, without hanging, when the bucket cannot be reached', async () => {
        const gone = await startS3Server('gone');
        const storage = gone.storage();
        await storage.put('before.bin', Buffer.from('x'));
        await gone.close();
        const started = Date.now();
        await expect(storage.put('after.bin', Buffer.from('x'))).rejects.toThrow();
        await expect(storage.put('after.bin', Readable.from([Buffer.from('x')]))).rejects.toThrow();
        await expect(storage.get('before.bin')).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(10_000);
    });
});
