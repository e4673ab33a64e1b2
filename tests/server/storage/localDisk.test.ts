import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { LocalDiskStorage, TooLargeError } from '../../../server/storage';

const files = (dir: string): string[] =>
    fs.existsSync(dir)
        ? fs
              .readdirSync(dir, { withFileTypes: true })
              .flatMap(e => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
        : [];

describe('local disk storage', () => {
    it('stores what it is given and reads it back; a rewrite replaces it whole', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        expect(await storage.put('a/b/one.bin', Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({ size: 11 });
        const chunks: Buffer[] = [];
        for await (const c of (await storage.get('a/b/one.bin'))!) chunks.push(c as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe('hello world');
        await storage.put('a/b/one.bin', Buffer.from('bye'));
        expect(await storage.stat('a/b/one.bin')).toEqual({ size: 3 });
        expect(await storage.get('a/b/missing.bin')).toBeUndefined();
        await expect(() => storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it('stores a batch of files, its folders synced once at commit, and refuses one too large in it without leaving it', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        const batch = storage.batch();
        await Promise.all(['events/1/a.jpg', 'events/1/b.jpg', 'events/2/c.jpg'].map(key => batch.put(key, Buffer.from(`image ${key}`))));
        await expect(batch.put('events/1/big.jpg', Buffer.alloc(2048), { maxBytes: 1000 })).rejects.toBeInstanceOf(TooLargeError);
        await batch.commit();
        expect(
            files(dir)
                .map(f => path.relative(dir, f))
                .sort(),
        ).toEqual(['events/1/a.jpg', 'events/1/b.jpg', 'events/2/c.jpg']);
        expect(fs.readFileSync(path.join(dir, 'events/2/c.jpg'), 'utf8')).toBe('image events/2/c.jpg');
        // a commit with nothing new is nothing to do
        await batch.commit();
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it('leaves nothing behind when the data fails at once, too large, or part way, however quick the failure', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        for (let i = 0; i < 40; i++) {
            const failing = new Readable({
                read() {
                    this.destroy(new Error('client went away'));
                },
            });
            await expect(storage.put(`x/fail-${i}.bin`, failing)).rejects.toThrow('client went away');
            await expect(storage.put(`x/big-${i}.bin`, Readable.from([Buffer.alloc(2048)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(
                TooLargeError,
            );
            const partway = Readable.from(
                (async function* () {
                    yield Buffer.alloc(100);
                    throw new Error('cut');
                })(),
            );
            await expect(storage.put(`x/cut-${i}.bin`, partway)).rejects.toThrow('cut');
            // Stopped from outside as soon as it began (an upload refused by its parser), many at once.
            await Promise.all(
                Array.from({ length: 10 }, async (_, j) => {
                    const stopped = new PassThrough();
                    stopped.on('error', () => undefined);
                    const put = storage.put(`x/stopped-${i}-${j}.bin`, stopped);
                    setImmediate(() => stopped.destroy(new Error('upload refused')));
                    await expect(put).rejects.toThrow('upload refused');
                }),
            );
        }
        // Give a late open no chance to hide: wait a moment, then look.
        await new Promise(r => setTimeout(r, 100));
        expect(files(dir)).toEqual([]);
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it('stores many files in one folder at once, in waves, each whole under its own key', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        const body = (i: number) => Buffer.from(`image ${i} `.repeat(100 + i));
        for (let wave = 0; wave < 3; wave++) {
            const sizes = await Promise.all(Array.from({ length: 30 }, (_, i) => storage.put(`events/day/7/${wave}-${i}.jpg`, body(i))));
            expect(sizes).toEqual(Array.from({ length: 30 }, (_, i) => ({ size: body(i).length })));
        }
        expect(files(dir)).toHaveLength(90);
        for (const wave of [0, 1, 2])
            for (const i of [0, 17, 29]) expect(fs.readFileSync(path.join(dir, `events/day/7/${wave}-${i}.jpg`))).toEqual(body(i));
        fs.rmSync(dir, { recursive: true, force: true });
    });
});
