import type { AppContext } from '../context';
import type { Job } from '../jobs/runner';
import { referencedArtifactKeys } from '../resources/artifacts/queries';
import { clearBackupLeftovers } from '../resources/system/backup/files';
import { thumbnailKey } from '../resources/events/images';
import { referencedImageKeys, referencedImagePacks } from '../resources/events/queries';
import { isPackKey, type StoredFile } from '.';

/** Files looked up in the database at a time. */
const BATCH = 500;
const THUMBNAIL = thumbnailKey('');

export interface SweepResult {
    /** unfinished writes: uploads and images cut short by a kill or a dropped connection */
    partial: number;
    /** artifact files no artifact names (an upload killed between the file and its row) */
    artifacts: number;
    /** event images, packs of them and thumbnails no event names */
    images: number;
    /** files made for a download (import/export) older than a day */
    exports: number;
}

/** Files made for a download (server/resources/import-export) are kept a day. */
const EXPORTS_PREFIX = 'exports/';
const EXPORTS_KEPT_MS = 24 * 3_600_000;

/** The key a file belongs to in the database: a thumbnail belongs to its image. */
const owningKey = (key: string) => (key.endsWith(THUMBNAIL) ? key.slice(0, -THUMBNAIL.length) : key);

/**
 * Removes what no row refers to: `.part` files, artifact files without an
 * artifact, event images and thumbnails without an event; and downloads
 * made by import/export once a day old. Only files older
 * than the grace period are touched: a file is written (and synced) before
 * its row, so a younger one may belong to a request under way on this
 * instance or another sharing the storage. Rows are looked up by key, a
 * batch at a time (docs/ops.md, Debris).
 */
export const sweepDebris = async (ctx: AppContext, options: { graceMs: number }): Promise<SweepResult> => {
    const before = ctx.now().getTime() - options.graceMs;
    const result: SweepResult = { partial: 0, artifacts: 0, images: 0, exports: 0 };
    const pending: StoredFile[] = [];
    const settle = async () => {
        const batch = pending.splice(0);
        const owners = batch.map(f => owningKey(f.key));
        const [artifacts, images, packs] = await Promise.all([
            referencedArtifactKeys(
                ctx.db,
                owners.filter(k => k.startsWith('artifacts/')),
            ),
            referencedImageKeys(
                ctx.db,
                owners.filter(k => k.startsWith('events/') && !isPackKey(k)),
            ),
            // a request's images in one file (FileStorage.pack): kept while a row names any of them
            referencedImagePacks(
                ctx.db,
                owners.filter(k => k.startsWith('events/') && isPackKey(k)),
            ),
        ]);
        for (const [i, file] of batch.entries()) {
            const owner = owners[i]!;
            if (owner.startsWith('artifacts/') && !artifacts.has(owner)) {
                await ctx.storage.delete(file.key);
                result.artifacts++;
            } else if (owner.startsWith('events/') && !(isPackKey(owner) ? packs : images).has(owner)) {
                await ctx.storage.delete(file.key);
                result.images++;
            }
        }
    };
    for await (const file of ctx.storage.list()) {
        if (file.key.startsWith(EXPORTS_PREFIX) && !file.partial) {
            if (file.modifiedAt.getTime() < ctx.now().getTime() - EXPORTS_KEPT_MS) {
                await ctx.storage.delete(file.key);
                result.exports++;
            }
            continue;
        }
        if (file.modifiedAt.getTime() >= before) continue;
        if (file.partial) {
            await ctx.storage.delete(file.key);
            result.partial++;
            continue;
        }
        pending.push(file);
        if (pending.length >= BATCH) await settle();
    }
    await settle();
    return result;
};

export interface LeftoversResult {
    /** a restore's staged files, or the old files it replaced (its swap finished first) */
    restores: number;
    /** partial backups, their spools, and uploaded backups no restore is reading */
    backups: number;
}

/**
 * Removes what a killed backup or restore left, in the files folder (server/storage/index.ts, replaceAll) and in
 * the backup folder (server/resources/system/backup/files.ts): once older than the grace period and not in use
 * by this process. What another instance uses has its time renewed every minute (server/storage/leases.ts).
 */
export const sweepLeftovers = async (ctx: AppContext, options: { graceMs: number }): Promise<LeftoversResult> => {
    const before = new Date(ctx.now().getTime() - options.graceMs);
    return {
        restores: await ctx.storage.clearLeftovers(before),
        backups: await clearBackupLeftovers(ctx.config.backupDir, before),
    };
};

/** The sweep at start and every hour, on every instance: what one removes, another finds gone. */
export const storageSweep: Job = {
    name: 'storage sweep',
    everyMs: 60 * 60_000,
    atStart: true,
    async run(ctx, log) {
        const graceMs = ctx.config.storageSweepGraceMinutes * 60_000;
        const removed = await sweepDebris(ctx, { graceMs });
        if (removed.partial + removed.artifacts + removed.images + removed.exports)
            log?.info({ removed }, 'storage sweep removed files no row refers to');
        const leftovers = await sweepLeftovers(ctx, { graceMs });
        if (leftovers.restores + leftovers.backups) log?.info({ leftovers }, 'storage sweep removed what a stopped backup or restore left');
    },
};
