import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hold, isHeld, isLeftover } from './leases';

/**
 * Where files live (event images, firmware artifacts, exports): local disk
 * now; an object store is the path for many instances (DESIGN.md Scale).
 * Keys are server-made ('events/2026/11/23/123.jpg'), never a client's name.
 */
export interface FileStorage {
    /** Stores the data under key; resolves once it is durable (written, fsynced, renamed into place). */
    put(key: string, data: Readable | Buffer, options?: { maxBytes?: number }): Promise<{ size: number }>;
    /**
     * Several files written into one, a pack at `key` (which ends in '.pack'),
     * made durable by one fsync at commit rather than one a file: the event
     * images of a reader's request (docs/decisions.md, "Event images in packs").
     * Each is then read, sized and deleted by the member key append gives it.
     */
    pack(key: string): FilePack;
    /** The file's bytes, or undefined when there is no such file. */
    get(key: string): Promise<Readable | undefined>;
    stat(key: string): Promise<{ size: number } | undefined>;
    /** Removes the file (also the `.part` of a write that was cut short), or erases a pack's member as deleteAll does. */
    delete(key: string): Promise<void>;
    /**
     * Removes these files. A pack's members are overwritten with zeros, and
     * the pack is removed once the keys cover all of it; one whose other
     * members are gone too is left to the storage sweep (server/storage/sweep.ts).
     */
    deleteAll(keys: string[]): Promise<void>;
    /** Every file stored, unfinished writes (`partial`) included, in no particular order. */
    list(): AsyncIterable<StoredFile>;
    /** A set of files to take the place of every stored file at once (a restore): put them, then commit or discard. */
    replaceAll(): Promise<FileReplacement>;
    /**
     * Removes what a killed replaceAll left, once older than `before` and not
     * in use by this process: staged files of a restore that never committed,
     * the old files of one that did (whose swap is finished first). Resolves
     * with how many it cleared.
     */
    clearLeftovers(before: Date): Promise<number>;
}

export interface FileReplacement {
    put(key: string, data: Readable | Buffer, options?: { maxBytes?: number }): Promise<{ size: number }>;
    /** the staged files become the stored ones; the old ones are removed */
    commit(): Promise<void>;
    /** the staged files are removed; the stored ones stay */
    discard(): Promise<void>;
}

/** A file's bytes in one buffer, or in the pieces they arrived in (a multipart part's chunks), not copied into one. */
export type FileBytes = Buffer | readonly Buffer[];

export const byteLengthOf = (data: FileBytes) =>
    Buffer.isBuffer(data) ? data.length : data.reduce((total, piece) => total + piece.length, 0);

export interface FilePack {
    /**
     * Places the data at the pack's end and resolves with its member key:
     * `<pack>.<offset>-<length>.<extension>`. It is written with the members
     * around it, not yet durably; a failed write fails an append after it, or the commit.
     */
    append(data: FileBytes, extension: string): Promise<string>;
    /** resolves once every member appended so far is durable */
    commit(): Promise<void>;
    /** removes the pack and everything in it (a request that failed) */
    discard(): Promise<void>;
}

/**
 * A pack's members are written this many bytes at a time: one call for a
 * few dozen camera frames instead of one each (docs/performance.md "Events as
 * columns"), and no more than this held in memory for a request.
 */
export const PACK_WRITE_BYTES = 1024 * 1024;

/** How a pack's key ends (FileStorage.pack). */
export const PACK_SUFFIX = '.pack';
export const isPackKey = (key: string) => key.endsWith(PACK_SUFFIX);

/** A pack's member key: the pack's key, where in it, and the member's own extension. */
const MEMBER = /^(.+\.pack)\.(\d+)-(\d+)\.[a-z0-9]+$/;

export const packMember = (key: string) => {
    const found = MEMBER.exec(key);
    return found ? { pack: found[1]!, offset: Number(found[2]), length: Number(found[3]) } : undefined;
};

export interface StoredFile {
    key: string;
    modifiedAt: Date;
    /** a write under way, or cut short: `<key>.<random>.part` */
    partial: boolean;
}

/** A put that went over its maxBytes; nothing is left behind. */
export class TooLargeError extends Error {
    constructor(readonly maxBytes: number) {
        super(`File is larger than ${maxBytes} bytes`);
    }
}

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
/** A key the server may store under: folders and names of letters, digits, `_.-`, never `..`. */
export const isStorageKey = (key: string) => KEY.test(key) && !key.includes('..');

/** Counts bytes on the way through and stops the stream past the limit. */
export const limiter = (maxBytes: number, counted: { size: number }) =>
    new Transform({
        transform(chunk: Buffer, _encoding, done) {
            counted.size += chunk.length;
            if (counted.size > maxBytes) done(new TooLargeError(maxBytes));
            else done(null, chunk);
        },
    });

export class LocalDiskStorage implements FileStorage {
    constructor(private readonly root: string) {}

    private file(key: string) {
        if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
        return path.join(this.root, key);
    }

    async put(key: string, data: Readable | Buffer, options: { maxBytes?: number } = {}) {
        const { size, folder } = await this.write(key, data, options);
        await syncDirectory(folder);
        return { size };
    }

    pack(key: string): FilePack {
        if (!isPackKey(key)) throw new Error(`Invalid pack key ${key}`);
        const target = this.file(key);
        let file: Promise<fs.FileHandle> | undefined;
        let opened = false;
        let end = 0;
        let closed = false;
        // Members appended but not yet written: they go together, in one writev, at the pack's end.
        let waiting: Buffer[] = [];
        let waitingBytes = 0;
        // The writes so far, one after the other; a failed one fails those after it, and the commit.
        let written: Promise<unknown> = Promise.resolve();
        // 'wx': a pack is always new, never another request's.
        const handle = () =>
            (file ??= fs
                .mkdir(path.dirname(target), { recursive: true })
                .then(() => fs.open(target, 'wx'))
                .then(opening => ((opened = true), opening)));
        const writeWaiting = () => {
            if (waiting.length) {
                const buffers = waiting;
                const at = end - waitingBytes;
                waiting = [];
                waitingBytes = 0;
                written = written.then(async () => (await handle()).writev(buffers, at));
            }
            return written;
        };
        return {
            append: async (data, extension) => {
                if (closed) throw new Error(`The pack ${key} is closed`);
                const offset = end;
                const length = byteLengthOf(data);
                end += length;
                if (Buffer.isBuffer(data)) waiting.push(data);
                else waiting.push(...data);
                waitingBytes += length;
                if (waitingBytes >= PACK_WRITE_BYTES) await writeWaiting();
                return `${key}.${offset}-${length}.${extension}`;
            },
            commit: async () => {
                if (closed) return;
                closed = true;
                if (end === 0) return;
                try {
                    await writeWaiting();
                    const opening = await handle();
                    // The data, and the new file's name in its folder, are made durable at once: the commit waits for both,
                    // one fsync's time rather than two. A crash between them leaves a pack no row names, for the sweep.
                    await Promise.all([opening.sync(), syncDirectory(path.dirname(target))]);
                } finally {
                    await file?.then(opening => opening.close());
                }
            },
            discard: async () => {
                const open = !closed;
                closed = true;
                // what is being written ends before the file goes
                await written.catch(() => undefined);
                if (open) await file?.then(opening => opening.close()).catch(() => undefined);
                if (opened) await fs.rm(target, { force: true });
            },
        };
    }

    /** Writes, fsyncs and renames the file into place; the rename is durable once its folder is synced. */
    private async write(key: string, data: Readable | Buffer, options: { maxBytes?: number }) {
        const target = this.file(key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
        const counted = { size: 0 };
        try {
            if (Buffer.isBuffer(data)) {
                if (options.maxBytes !== undefined && data.length > options.maxBytes) throw new TooLargeError(options.maxBytes);
                const handle = await fs.open(temporary, 'w');
                try {
                    await handle.writeFile(data);
                    await handle.sync();
                } finally {
                    await handle.close();
                }
                counted.size = data.length;
            } else {
                const out = createWriteStream(temporary);
                try {
                    await pipeline(data, limiter(options.maxBytes ?? Number.MAX_SAFE_INTEGER, counted), out);
                } catch (error) {
                    // The file is opened asynchronously: removing it before the stream has closed could
                    // run before the open, which would then leave the file behind.
                    if (!out.closed) await once(out, 'close');
                    throw error;
                }
                const handle = await fs.open(temporary, 'r+');
                try {
                    await handle.sync();
                } finally {
                    await handle.close();
                }
            }
            await fs.rename(temporary, target);
            return { size: counted.size, folder: path.dirname(target) };
        } catch (error) {
            await fs.rm(temporary, { force: true });
            throw error;
        }
    }

    async get(key: string) {
        const member = packMember(key);
        if (member) {
            const size = await this.stat(member.pack);
            if (!size || size.size < member.offset + member.length) return undefined;
            return createReadStream(this.file(member.pack), { start: member.offset, end: member.offset + member.length - 1 });
        }
        const file = this.file(key);
        try {
            await fs.access(file);
        } catch {
            return undefined;
        }
        return createReadStream(file);
    }

    async stat(key: string): Promise<{ size: number } | undefined> {
        const member = packMember(key);
        if (member) {
            const pack = await this.stat(member.pack);
            return pack && pack.size >= member.offset + member.length ? { size: member.length } : undefined;
        }
        try {
            const s = await fs.stat(this.file(key));
            return { size: s.size };
        } catch {
            return undefined;
        }
    }

    async delete(key: string) {
        await this.deleteAll([key]);
    }

    async deleteAll(keys: string[]) {
        const packs = new Map<string, { offset: number; length: number }[]>();
        const failures: unknown[] = [];
        for (const key of keys) {
            const member = packMember(key);
            if (member) packs.set(member.pack, [...(packs.get(member.pack) ?? []), member]);
            else await fs.rm(this.file(key), { force: true }).catch(error => failures.push(error));
        }
        for (const [pack, members] of packs) await this.erase(pack, members).catch(error => failures.push(error));
        // one that failed does not keep the others
        if (failures.length) throw failures[0];
    }

    /**
     * Overwrites members of a pack with zeros (an erased person's picture must
     * not stay readable on disk), or removes the pack when they are all of it.
     */
    private async erase(pack: string, members: { offset: number; length: number }[]) {
        const file = this.file(pack);
        let handle: fs.FileHandle;
        try {
            handle = await fs.open(file, 'r+');
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
            throw error;
        }
        let whole: boolean;
        try {
            const { size } = await handle.stat();
            const ranges = members.map(m => [m.offset, Math.min(m.offset + m.length, size)] as const).sort((x, y) => x[0] - y[0]);
            let covered = 0;
            for (const [start, stop] of ranges) if (start <= covered) covered = Math.max(covered, stop);
            whole = covered >= size;
            if (!whole) {
                for (const [start, stop] of ranges)
                    if (stop > start) await handle.write(Buffer.alloc(stop - start), 0, stop - start, start);
                await handle.sync();
            }
        } finally {
            await handle.close();
        }
        if (whole) await fs.rm(file, { force: true });
    }

    /**
     * Stages the new files in a hidden folder inside the root (same volume, and
     * a root that is a mount point cannot be renamed), then swaps the root's
     * top folders for the staged ones: a few renames (swapIn).
     */
    async replaceAll(): Promise<FileReplacement> {
        const suffix = randomBytes(6).toString('hex');
        const staging = path.join(this.root, `${STAGING_PREFIX}${suffix}`);
        const old = path.join(this.root, `${REPLACED_PREFIX}${suffix}`);
        await fs.mkdir(staging, { recursive: true });
        // Held while the restore runs: the sweep of this instance and of others leaves them (server/storage/leases.ts).
        const releaseStaging = hold(staging);
        const staged = new LocalDiskStorage(staging);
        const root = this.root;
        return {
            put: (key, data, options) => staged.put(key, data, options),
            async commit() {
                const releaseOld = hold(old);
                try {
                    await fs.mkdir(old);
                    await swapIn(root, staging, old);
                } finally {
                    releaseOld();
                    releaseStaging();
                }
            },
            discard: () => fs.rm(staging, { recursive: true, force: true }).finally(releaseStaging),
        };
    }

    async clearLeftovers(before: Date) {
        let cleared = 0;
        for (const name of await fs.readdir(this.root).catch(() => [] as string[])) {
            const found = LEFTOVER.exec(name);
            if (!found) continue;
            const staging = path.join(this.root, `${STAGING_PREFIX}${found[2]}`);
            const old = path.join(this.root, `${REPLACED_PREFIX}${found[2]}`);
            if (found[1] === STAGING_PREFIX) {
                // A restore that got as far as the swap is finished with its old files, below.
                if ((await exists(old)) || !(await isLeftover(staging, before))) continue;
                await fs.rm(staging, { recursive: true, force: true });
            } else {
                if (!(await isLeftover(old, before)) || isHeld(staging)) continue;
                // The restore's rows were committed before its swap began: the swap is finished, not undone.
                await swapIn(this.root, staging, old);
            }
            cleared++;
        }
        return cleared;
    }

    async *list(): AsyncIterable<StoredFile> {
        const walk = async function* (dir: string, prefix: string): AsyncGenerator<StoredFile> {
            let entries;
            try {
                entries = await fs.opendir(dir);
            } catch (e) {
                if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
                throw e;
            }
            for await (const entry of entries) {
                // a restore's staging and leftovers (replaceAll) are not stored files
                if (entry.name.startsWith('.')) continue;
                const key = prefix ? `${prefix}/${entry.name}` : entry.name;
                if (entry.isDirectory()) {
                    yield* walk(path.join(dir, entry.name), key);
                } else if (entry.isFile()) {
                    const s = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
                    if (s) yield { key, modifiedAt: s.mtime, partial: PARTIAL.test(entry.name) };
                }
            }
        };
        yield* walk(this.root, '');
    }
}

/** replaceAll's folders in the root: `.restore-<12 hex>` the staged files, `.replaced-<12 hex>` the old ones during the swap. */
const STAGING_PREFIX = '.restore-';
const REPLACED_PREFIX = '.replaced-';
const LEFTOVER = /^(\.restore-|\.replaced-)([0-9a-f]{12})$/;
/** Written into the old files' folder once every old top folder is in it. */
const SWAPPED_OUT = '.swapped-out';

const exists = (file: string) =>
    fs.access(file).then(
        () => true,
        () => false,
    );

/**
 * The swap of a restore's files: the root's top folders into `old`, marked
 * once they all are, then the staged ones into the root, then both hidden
 * folders removed. Run again on what a killed one left, it finishes it:
 * without the mark the old folders are still being moved out (and the
 * staged ones all wait), with it the staged ones are being moved in. Without
 * the staged folder there is nothing left to move in.
 */
const swapIn = async (root: string, staging: string, old: string) => {
    const hasStaging = await exists(staging);
    if (hasStaging && !(await exists(path.join(old, SWAPPED_OUT)))) {
        for (const name of await fs.readdir(root)) if (!name.startsWith('.')) await fs.rename(path.join(root, name), path.join(old, name));
        await fs.writeFile(path.join(old, SWAPPED_OUT), '');
    }
    if (hasStaging) for (const name of await fs.readdir(staging)) await fs.rename(path.join(staging, name), path.join(root, name));
    await syncDirectory(root);
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(old, { recursive: true, force: true });
};

/** What put() writes before the rename: `<name>.<12 hex>.part`. */
const PARTIAL = /\.[0-9a-f]{12}\.part$/;

/** The rename is durable only once its directory is synced. */
const syncDirectory = async (dir: string) => {
    const handle = await fs.open(dir, 'r');
    try {
        await handle.sync();
    } finally {
        await handle.close();
    }
};
