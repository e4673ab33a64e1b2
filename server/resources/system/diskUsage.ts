import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DiskUsage } from '../../../contract/system';
import type { AppContext } from '../../context';
import { rows } from '../../db/database';

/** Which part of the disk a stored file belongs to, by its key's first folder (keys: server/storage/index.ts). */
const partOf = (key: string): DiskUsage['parts'][number]['part'] => {
    const top = key.split('/', 1)[0];
    if (top === 'events') return 'event_images';
    if (top === 'artifacts') return 'firmware';
    if (top === 'consents' || top === 'consent-templates') return 'consents';
    return 'other_files';
};

const folderSize = async (dir: string): Promise<{ bytes: number; files: number }> => {
    let bytes = 0;
    let files = 0;
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const entry of entries) {
        if (!entry.isFile()) continue;
        const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
        if (!stat) continue;
        bytes += stat.size;
        files++;
    }
    return { bytes, files };
};

const CACHE_MS = 5 * 60_000;
const measured = new WeakMap<AppContext, { at: number; usage: DiskUsage }>();

/**
 * What uses the data folder's volume: the database, the stored files by
 * kind (or what they take in the bucket, FILES_URL), the backups. Walking every stored file takes a while on a big
 * platform, so the answer is kept five minutes (`fresh` measures again).
 */
export const diskUsage = async (ctx: AppContext, fresh = false): Promise<DiskUsage> => {
    const cached = measured.get(ctx);
    if (!fresh && cached && Date.now() - cached.at < CACHE_MS) return cached.usage;
    const sizes = new Map<DiskUsage['parts'][number]['part'], { bytes: number; files: number }>();
    const add = (part: DiskUsage['parts'][number]['part'], bytes: number, files = 1) => {
        const now = sizes.get(part) ?? { bytes: 0, files: 0 };
        sizes.set(part, { bytes: now.bytes + bytes, files: now.files + files });
    };
    for await (const file of ctx.storage.list()) {
        const stat = await ctx.storage.stat(file.key);
        if (stat) add(partOf(file.key), stat.size);
    }
    const backups = await folderSize(ctx.config.backupDir);
    if (ctx.keptBackups)
        for await (const file of ctx.keptBackups.list()) {
            const stat = await ctx.keptBackups.stat(file.key);
            if (stat) {
                backups.bytes += stat.size;
                backups.files++;
            }
        }
    const inBucket = ctx.config.files.kind === 's3';
    const [database] = await rows<{ bytes: string }>(ctx.db, sql`select pg_database_size(current_database())::text as bytes`);
    const volume = ctx.disk.tightest();
    const usage: DiskUsage = {
        total_bytes: volume.total_bytes,
        free_bytes: volume.free_bytes,
        reserve_bytes: volume.reserve_bytes,
        low: ctx.disk.low(),
        parts: [
            { part: 'database', bytes: Number(database!.bytes), files: null, in_bucket: false },
            ...(['event_images', 'firmware', 'consents', 'other_files'] as const).map(part => ({
                part,
                bytes: sizes.get(part)?.bytes ?? 0,
                files: sizes.get(part)?.files ?? 0,
                in_bucket: inBucket,
            })),
            // with the files in a bucket, the backups are moved there once written (backup/store.ts)
            { part: 'backups', bytes: backups.bytes, files: backups.files, in_bucket: Boolean(ctx.keptBackups) },
        ],
        bucket: ctx.config.files.kind === 's3' ? `s3://${ctx.config.files.bucket}/${ctx.config.files.prefix}` : null,
        measured_at: new Date().toISOString(),
    };
    measured.set(ctx, { at: Date.now(), usage });
    return usage;
};
