import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../../server/storage';
import { moveFiles } from '../../../server/storage/move';

const dirs: string[] = [];
const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-move-'));
    dirs.push(dir);
    return dir;
};
afterAll(() => dirs.forEach(dir => fs.rmSync(dir, { recursive: true, force: true })));

const bytes = async (store: LocalDiskStorage, key: string) => {
    const data = await store.get(key);
    if (!data) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
};

/** A source with whole files and a pack of event images, as an installation has them. */
const installation = async () => {
    const source = new LocalDiskStorage(folder());
    const files = new Map<string, Buffer>();
    for (let i = 0; i < 20; i++) {
        const key = `firmware/${i}.mender`;
        files.set(key, Buffer.alloc(1000 + i * 37, i));
        await source.put(key, files.get(key)!);
    }
    const pack = source.pack('events/2026/11/28/7.pack');
    const members = [await pack.append(Buffer.from('first frame'), 'jpg'), await pack.append(Buffer.from('second frame'), 'jpg')];
    await pack.commit();
    return { source, files, members };
};

describe('moving the files to another store (docs/ops.md)', () => {
    it('copies every file, pack members readable by their keys, each checked by SHA-256, and keeps the source', async () => {
        const { source, files, members } = await installation();
        const target = new LocalDiskStorage(folder());
        const report = await moveFiles(source, target);
        expect(report).toMatchObject({ files: 21, copied: 21, alreadyThere: 0, failed: [], removed: 0 });
        for (const [key, data] of files) expect((await bytes(target, key))?.equals(data)).toBe(true);
        expect((await bytes(target, members[1]!))?.toString()).toBe('second frame');
        expect((await bytes(source, 'firmware/3.mender'))?.length).toBe(1000 + 3 * 37);
    });

    it('run again after an interruption, copies what is missing or differs, and removes the source only when asked, once all is checked', async () => {
        const { source, files } = await installation();
        const target = new LocalDiskStorage(folder());
        // what a cut run left: some files copied, one whose copy is not the source's bytes
        for (const key of [...files.keys()].slice(0, 8)) await target.put(key, files.get(key)!);
        await target.put('firmware/2.mender', Buffer.from('cut short'));
        const report = await moveFiles(source, target, { removeSource: true });
        expect(report).toMatchObject({ files: 21, copied: 14, alreadyThere: 7, failed: [], removed: 21 });
        for (const [key, data] of files) expect((await bytes(target, key))?.equals(data)).toBe(true);
        const left: string[] = [];
        for await (const file of source.list()) left.push(file.key);
        expect(left).toEqual([]);
        // nothing left to do
        expect(await moveFiles(source, target)).toMatchObject({ files: 0, copied: 0 });
    });
});
