import { describe, expect, it, vi } from 'vitest';
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

    it('keeps a pack of files in one file made durable by one fsync, each read and sized by its member key, given whole or in pieces', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        const images = Array.from({ length: 20 }, (_, i) => Buffer.from(`image number ${i} `.repeat(i + 1)));
        const probe = await fs.promises.open(path.join(dir, 'probe'), 'w');
        const sync = vi.spyOn(Object.getPrototypeOf(probe) as { sync(): Promise<void> }, 'sync');
        await probe.close();
        fs.rmSync(path.join(dir, 'probe'));
        try {
            const pack = storage.pack('events/2026/11/26/7/5-abc.pack');
            // appended a few at once, as a request's parts are; every other one in the pieces it arrived in
            const keys = await Promise.all(
                images.map((image, i) =>
                    pack.append(i % 2 ? [image.subarray(0, 3), image.subarray(3, 7), image.subarray(7)] : image, 'jpg'),
                ),
            );
            expect(sync).not.toHaveBeenCalled();
            await pack.commit();
            // the pack and its folder (for the new name)
            expect(sync).toHaveBeenCalledTimes(2);
            expect(keys[0]).toBe(`events/2026/11/26/7/5-abc.pack.0-${images[0]!.length}.jpg`);
            expect(files(dir).map(f => path.relative(dir, f))).toEqual(['events/2026/11/26/7/5-abc.pack']);
            for (const [i, key] of keys.entries()) {
                expect(await storage.stat(key)).toEqual({ size: images[i]!.length });
                expect(Buffer.concat(await (await storage.get(key))!.toArray())).toEqual(images[i]);
            }
        } finally {
            sync.mockRestore();
        }
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it('writes a pack a megabyte at a time, so a large request is not held in memory; a failed write fails the append or the commit', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        const file = path.join(dir, 'events/x/1-a.pack');
        const pack = storage.pack('events/x/1-a.pack');
        const frames = [0x11, 0x22, 0x33].map(byte => Buffer.alloc(600 * 1024, byte));
        await pack.append(frames[0]!, 'jpg');
        expect(fs.existsSync(file)).toBe(false);
        // past a megabyte: on disk before the commit
        const second = await pack.append(frames[1]!, 'jpg');
        expect(fs.statSync(file).size).toBe(1200 * 1024);
        const third = await pack.append(frames[2]!, 'jpg');
        await pack.commit();
        expect(fs.statSync(file).size).toBe(1800 * 1024);
        expect(Buffer.concat(await (await storage.get(second))!.toArray())).toEqual(frames[1]);
        expect(Buffer.concat(await (await storage.get(third))!.toArray())).toEqual(frames[2]);

        // A file where the pack's folder should be: its writes fail.
        fs.writeFileSync(path.join(dir, 'events/blocked'), 'not a folder');
        const small = storage.pack('events/blocked/2-b.pack');
        await small.append(Buffer.from('face'), 'jpg');
        await expect(small.commit()).rejects.toThrow(/ENOTDIR|EEXIST/);
        await small.discard();
        const large = storage.pack('events/blocked/3-c.pack');
        await expect(large.append(Buffer.alloc(1024 * 1024), 'jpg')).rejects.toThrow(/ENOTDIR|EEXIST/);
        await expect(large.commit()).rejects.toThrow(/ENOTDIR|EEXIST/);
        await large.discard();
        expect(
            files(path.join(dir, 'events'))
                .map(f => path.relative(dir, f))
                .sort(),
        ).toEqual(['events/blocked', 'events/x/1-a.pack']);
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("erases a pack's deleted members with zeros and removes the pack once its members are all deleted", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
        const storage = new LocalDiskStorage(dir);
        const pack = storage.pack('events/x/1-a.pack');
        const keys = [];
        for (const text of ['first face', 'second face', 'third face']) keys.push(await pack.append(Buffer.from(text), 'png'));
        await pack.commit();
        const file = path.join(dir, 'events/x/1-a.pack');
        await storage.deleteAll([keys[1]!, 'events/x/not-there.jpg']);
        expect(fs.readFileSync(file, 'utf8')).toBe(`first face${'\0'.repeat('second face'.length)}third face`);
        expect(Buffer.concat(await (await storage.get(keys[0]!))!.toArray()).toString()).toBe('first face');
        // the others, one of them already erased: all of it is now covered
        await storage.deleteAll([keys[0]!, keys[2]!, keys[1]!]);
        expect(fs.existsSync(file)).toBe(false);
        expect(await storage.get(keys[0]!)).toBeUndefined();
        expect(await storage.stat(keys[0]!)).toBeUndefined();
        // a pack never written to leaves nothing; a discarded one is removed
        await storage.pack('events/x/2-b.pack').commit();
        const dropped = storage.pack('events/x/3-c.pack');
        await dropped.append(Buffer.from('face'), 'jpg');
        await dropped.discard();
        expect(files(dir)).toEqual([]);
        expect(() => storage.pack('events/x/4-d.jpg')).toThrow(/Invalid pack key/);
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
