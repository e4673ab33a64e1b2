import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { TooLargeError, type FileStorage } from '../../../server/storage';
import { startS3Server, type TestS3Server } from './s3Server';

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
});
