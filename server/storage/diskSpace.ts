import fs from 'node:fs';
import { pipeline, Transform } from 'node:stream';
import { byteLengthOf, type FileStorage } from '.';

/** What a client is told when a write is refused for want of space (HTTP 507). */
export const DISK_LOW_MESSAGE = 'The server is short of disk space: nothing new can be stored until space is freed. Reading still works.';

/** A write refused because the volume is down to its reserve; nothing of it is kept. */
export class DiskLowError extends Error {
    constructor() {
        super(DISK_LOW_MESSAGE);
    }
}

/** The volume is full at the system's level (a write failed for want of space or quota). */
export const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/** The reserve is never smaller than this, so a small volume keeps room for the database's own work. */
export const MIN_RESERVE_BYTES = 8 * 1024 * 1024;
/** Event images stop (events are kept with the 'full disk' picture, SPEC 2.7) at this many times the reserve, before writes stop. */
const IMAGES_RESERVE_FACTOR = 2;
/** A volume's figures are read again after this long; a stream being written reads them fresh every CHECK_EVERY_BYTES. */
const CACHE_MS = 1000;
const CHECK_EVERY_BYTES = 1024 * 1024;

export interface VolumeSpace {
    total_bytes: number;
    free_bytes: number;
    reserve_bytes: number;
}

export const reserveOf = (totalBytes: number, percent: number) => Math.max(MIN_RESERVE_BYTES, Math.floor((totalBytes * percent) / 100));

/**
 * The free space of the volumes the server writes to (the data folder: the
 * embedded database and the files), against a reserve proportional to each
 * volume. Writes stop at the reserve, with a 507, so that the embedded
 * database never reaches the last bytes of its volume: PGlite stalls for good
 * when its WAL cannot be written (docs/ops.md, Disk space).
 */
export class DiskSpace {
    private cached?: { at: number; volumes: VolumeSpace[] };

    constructor(
        private readonly folders: string[],
        private readonly reservePercent: number,
    ) {}

    /** Each folder's volume (statfs), read at most once a second unless fresh. */
    volumes(fresh = false): VolumeSpace[] {
        const now = Date.now();
        if (!fresh && this.cached && now - this.cached.at < CACHE_MS) return this.cached.volumes;
        const volumes = this.folders.map(folder => {
            fs.mkdirSync(folder, { recursive: true });
            const s = fs.statfsSync(folder);
            const total = s.blocks * s.bsize;
            return { total_bytes: total, free_bytes: s.bavail * s.bsize, reserve_bytes: reserveOf(total, this.reservePercent) };
        });
        this.cached = { at: now, volumes };
        return volumes;
    }

    /**
     * Any folder's volume, read now, with the reserve this server keeps on a
     * volume of that size: the backup folder (BACKUP_DIR), which may be
     * elsewhere than the data folder (server/resources/system/backup/space.ts).
     * The folder must exist.
     */
    volumeAt(folder: string): VolumeSpace {
        const s = fs.statfsSync(folder);
        const total = s.blocks * s.bsize;
        return { total_bytes: total, free_bytes: s.bavail * s.bsize, reserve_bytes: reserveOf(total, this.reservePercent) };
    }

    /** The volume with the least room above its reserve. */
    tightest(fresh = false): VolumeSpace {
        return this.volumes(fresh).reduce((a, b) => (b.free_bytes - b.reserve_bytes < a.free_bytes - a.reserve_bytes ? b : a));
    }

    /** Down to the reserve on some volume: writes are refused. */
    low(fresh = false) {
        return this.volumes(fresh).some(v => v.free_bytes < v.reserve_bytes);
    }

    /** Down to half the reserve: even the small writes served while low (signing in, heartbeats) stop, and scheduled jobs wait. */
    critical() {
        return this.volumes().some(v => v.free_bytes < v.reserve_bytes / 2);
    }

    /** Event images are not stored (the events are). */
    imagesPaused() {
        return this.volumes().some(v => v.free_bytes < v.reserve_bytes * IMAGES_RESERVE_FACTOR);
    }

    /** Throws DiskLowError unless `bytes` more leave every volume above its reserve. */
    assertRoom(bytes = 0, fresh = false) {
        if (this.volumes(fresh).some(v => v.free_bytes - bytes < v.reserve_bytes)) throw new DiskLowError();
    }

    /** Passes a stream through, and stops it with DiskLowError when the volume comes down to its reserve while it is written. */
    watch(): Transform {
        let unchecked = 0;
        return new Transform({
            transform: (chunk: Buffer, _encoding, done) => {
                unchecked += chunk.length;
                if (unchecked >= CHECK_EVERY_BYTES) {
                    unchecked = 0;
                    try {
                        this.assertRoom(CHECK_EVERY_BYTES, true);
                    } catch (error) {
                        return done(error as Error);
                    }
                }
                done(null, chunk);
            },
        });
    }
}

/**
 * The storage, refusing a file (DiskLowError, nothing kept) that would take a
 * volume below its reserve: checked before it is written, and as a stream of
 * unknown length is written.
 */
export const guardedStorage = (storage: FileStorage, disk: DiskSpace): FileStorage => {
    const guarded =
        (put: FileStorage['put']): FileStorage['put'] =>
        (key, data, options) => {
            if (Buffer.isBuffer(data)) {
                disk.assertRoom(data.length);
                return put(key, data, options);
            }
            disk.assertRoom(0, true);
            return put(
                key,
                pipeline(data, disk.watch(), () => undefined),
                options,
            );
        };
    return {
        put: guarded((key, data, options) => storage.put(key, data, options)),
        get: key => storage.get(key),
        stat: key => storage.stat(key),
        delete: key => storage.delete(key),
        deleteAll: keys => storage.deleteAll(keys),
        list: () => storage.list(),
        pack: key => {
            const pack = storage.pack(key);
            return {
                ...pack,
                append: async (data, extension) => {
                    disk.assertRoom(byteLengthOf(data));
                    return pack.append(data, extension);
                },
            };
        },
        replaceAll: async () => {
            const replacement = await storage.replaceAll();
            return { ...replacement, put: guarded(replacement.put) };
        },
        clearLeftovers: before => storage.clearLeftovers(before),
    };
};
