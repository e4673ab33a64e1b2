import type { Db } from '../db/database';
import { thumbnailKey } from './images';
import type { FileStorage, StoredFile } from '.';

/** Files under a key prefix, kept while a row names them, or for a time (downloads): a feature declares them (server/feature.ts). */
export interface FileOwner {
    /** what the sweep reports it removed, e.g. 'artifacts' */
    name: string;
    owns(key: string): boolean;
    /** which of these keys (owned, in the database's terms) a row still names */
    referenced?: (db: Db, keys: string[]) => Promise<Set<string>>;
    /** or: kept this long after it was written, whatever names it */
    keptMs?: number;
}

/** What a sweep reads and removes: the database, the storage and the clock of the platform. */
export interface SweepContext {
    db: Db;
    storage: FileStorage;
    now: () => Date;
}

/** Files looked up in the database at a time. */
const BATCH = 500;
const THUMBNAIL = thumbnailKey('');

export interface SweepResult {
    /** unfinished writes: uploads and images cut short by a kill or a dropped connection */
    partial: number;
    /** by owner (the features' FileOwner names): files no row names, or kept past their time */
    [owner: string]: number;
}

/** The key a file belongs to in the database: a thumbnail belongs to its image. */
const owningKey = (key: string) => (key.endsWith(THUMBNAIL) ? key.slice(0, -THUMBNAIL.length) : key);

/**
 * Removes what no row refers to: `.part` files, and the files of each owner (the features' FileOwner: artifacts,
 * event images and their thumbnails...) that no row names, or kept past their time (downloads). Only files older
 * than the grace period are looked at: a file is written (and synced) before its row, so a younger one may belong
 * to a request under way on this instance or another sharing the storage. Rows are looked up by key, a batch at a
 * time (docs/ops.md, Debris).
 */
export const sweepDebris = async (ctx: SweepContext, owners: readonly FileOwner[], options: { graceMs: number }): Promise<SweepResult> => {
    const before = ctx.now().getTime() - options.graceMs;
    const result: SweepResult = { partial: 0, ...Object.fromEntries(owners.map(o => [o.name, 0])) };
    const ownerOf = (key: string) => owners.find(o => o.owns(key));
    const pending: StoredFile[] = [];
    const settle = async () => {
        const batch = pending.splice(0);
        const keys = batch.map(f => owningKey(f.key));
        const named = new Map<FileOwner, Set<string>>();
        for (const owner of owners)
            if (owner.referenced)
                named.set(
                    owner,
                    await owner.referenced(
                        ctx.db,
                        keys.filter(k => owner.owns(k)),
                    ),
                );
        for (const [i, file] of batch.entries()) {
            const owner = ownerOf(keys[i]!);
            if (owner?.referenced && !named.get(owner)!.has(keys[i]!)) {
                await ctx.storage.delete(file.key);
                result[owner.name]!++;
            }
        }
    };
    for await (const file of ctx.storage.list()) {
        const owner = ownerOf(owningKey(file.key));
        if (owner?.keptMs !== undefined && !file.partial) {
            if (file.modifiedAt.getTime() < ctx.now().getTime() - owner.keptMs) {
                await ctx.storage.delete(file.key);
                result[owner.name]!++;
            }
            continue;
        }
        if (file.modifiedAt.getTime() >= before) continue;
        if (file.partial) {
            await ctx.storage.delete(file.key);
            result.partial++;
            continue;
        }
        if (!owner) continue;
        pending.push(file);
        if (pending.length >= BATCH) await settle();
    }
    await settle();
    return result;
};

/**
 * Removes what a killed restore left in the files folder (server/storage/index.ts, replaceAll), once older than the
 * grace period and not in use by this process. What another instance uses has its time renewed every minute
 * (server/storage/leases.ts). The backup folder's own leftovers are the system feature's (its backup jobs).
 */
export const sweepLeftovers = async (ctx: SweepContext, options: { graceMs: number }) =>
    ctx.storage.clearLeftovers(new Date(ctx.now().getTime() - options.graceMs));
