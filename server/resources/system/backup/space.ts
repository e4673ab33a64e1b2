import { Transform } from 'node:stream';
import { BACKUP_MESSAGES } from '../../../../contract/system';
import type { AppContext } from '../../../context';
import { HttpError } from '../../../http/errors';
import { tablesOnDisk } from './queries';

/**
 * Room for a backup in the backup folder (docs/ops.md "Backup and restore"):
 * a backup is refused before it is written when its estimate would take the
 * folder's volume below its reserve (DISK_RESERVE_PERCENT, at least 8 MiB),
 * and stopped while it is written when the volume comes down to the reserve
 * anyway (another program writing, an estimate short of the truth). Either
 * way it answers 507 with the figures, and leaves nothing behind.
 */

/** A backup refused or stopped for want of room, in the operator's words (HTTP 507). */
export class BackupSpaceError extends HttpError {
    constructor(message: string) {
        super(507, message);
    }
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(Math.max(0, bytes) / MiB).toFixed(1)} MiB`;
/** what a part costs in the tar beyond its bytes (header, padding, a long name's extended header) and in the manifest */
const PER_PART = 3 * 1024;
/** backup.json, sequences.json, the tables' parts' own costs */
const FIXED = 4 * MiB;
/** the volume is read again each time this much more is written */
const CHECK_EVERY_BYTES = MiB;

export interface BackupEstimate {
    /** the stored files, with the tar's cost of each */
    files: number;
    /** the rows' bound (their tables' size on disk) */
    tables: number;
    /** what the backup folder needs at most while the backup is written */
    bytes: number;
}

/**
 * A safe upper bound of what a backup takes in the backup folder: the
 * files, and the rows twice, since they are spooled there (archive.ts)
 * before they are copied into the archive. `spoolOnly`: a backup streamed
 * to a client leaves only the spool in the folder.
 */
export const estimateBackup = async (ctx: AppContext, options: { spoolOnly?: boolean } = {}): Promise<BackupEstimate> => {
    const tables = await tablesOnDisk(ctx.db);
    let files = 0;
    if (!options.spoolOnly)
        for await (const file of ctx.storage.list()) {
            // as writeBackup leaves them out
            if (file.partial || file.key.startsWith('exports/')) continue;
            const stat = await ctx.storage.stat(file.key);
            if (stat) files += stat.size + PER_PART;
        }
    const plain = files + (options.spoolOnly ? 1 : 2) * tables + FIXED;
    // encrypted: 16 bytes of tag each 64 KiB, and the header
    const bytes = ctx.config.backupKey ? plain + Math.ceil(plain / 4096) + 4096 : plain;
    return { files, tables, bytes };
};

const volume = (ctx: AppContext) => ctx.disk.volumeAt(ctx.config.backupDir);

/** Throws BackupSpaceError unless `bytes` more leave the backup folder's volume above its reserve. */
export const assertBackupFits = (ctx: AppContext, bytes: number) => {
    const v = volume(ctx);
    if (v.free_bytes - bytes < v.reserve_bytes)
        throw new BackupSpaceError(BACKUP_MESSAGES.notEnoughSpace(mib(bytes), mib(v.free_bytes), mib(v.reserve_bytes)));
};

/** The failure of a backup the disk filled under, with the volume's figures as they are now. */
export const diskFilled = (ctx: AppContext) => {
    const v = volume(ctx);
    return new BackupSpaceError(BACKUP_MESSAGES.diskFilled(mib(v.free_bytes), mib(v.reserve_bytes)));
};

/** Throws the disk-filled failure unless `bytes` more leave the volume above its reserve: before each write of the spool. */
export const assertRoomToWrite = (ctx: AppContext, bytes: number) => {
    const v = volume(ctx);
    if (v.free_bytes - bytes < v.reserve_bytes) throw diskFilled(ctx);
};

/**
 * Passes bytes on their way to the backup folder, and stops them (with the
 * failure `stopped` makes) when the volume comes down to its reserve.
 */
export const watchBackupVolume = (ctx: AppContext, stopped: (ctx: AppContext) => BackupSpaceError = diskFilled) => {
    let unchecked = CHECK_EVERY_BYTES;
    return new Transform({
        transform(chunk: Buffer, _encoding, done) {
            unchecked += chunk.length;
            if (unchecked >= CHECK_EVERY_BYTES) {
                unchecked = 0;
                const v = volume(ctx);
                if (v.free_bytes - CHECK_EVERY_BYTES - chunk.length < v.reserve_bytes) return done(stopped(ctx));
            }
            done(null, chunk);
        },
    });
};

/** An uploaded backup stopped as it was received. */
export const noRoomForUpload = (ctx: AppContext) => {
    const v = volume(ctx);
    return new BackupSpaceError(BACKUP_MESSAGES.noRoomForUpload(mib(v.free_bytes), mib(v.reserve_bytes)));
};
