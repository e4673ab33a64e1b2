import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StoredBackup } from '../../../../contract/system';
import type { AppContext } from '../../../context';
import type { Job } from '../../../jobs/runner';
import type { FileStorage } from '../../../storage';
import { isDiskFull } from '../../../storage/diskSpace';
import { keptBackupsPrefix } from '../../../storage/fromConfig';
import { hold } from '../../../storage/leases';
import { verifyBackup, writeBackup } from './archive';
import { encryptor } from './encryption';
import { FILE_MODE, partialBackupPath, prepareBackupFolder } from './files';
import { assertBackupFits, BackupSpaceError, diskFilled, estimateBackup, watchBackupVolume } from './space';

/**
 * Backups kept in the backup folder (BACKUP_DIR): `backup-<time>.tar` and,
 * beside it, `backup-<time>.json` saying how it went (size, SHA-256 of the
 * whole file, counts, whether it read back against its manifest). The
 * newest BACKUP_KEEP stay. With the files in a bucket, a backup is written
 * and checked in the folder as ever, then moved to the bucket beside the
 * files (ctx.keptBackups), where every instance finds it.
 */

const NAME = /^backup-\d{8}-\d{6}(-\d+)?\.tar$/;
/** Backups this process is writing, with the bytes written so far (the console shows progress). */
const writing = new Map<string, StoredBackup>();
/**
 * The last backup of each folder refused or stopped for want of room: kept
 * in memory, not written beside the others (the disk is what is short), and
 * listed with them, so that the console shows it and the schedule waits an
 * hour before the next try.
 */
const shortOfRoom = new Map<string, StoredBackup>();

export const isBackupName = (name: string) => NAME.test(name);
const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const sidecar = (dir: string, name: string) => path.join(dir, name.replace(/\.tar$/, '.json'));

export interface BackupOutcome {
    record: StoredBackup;
    /** failed for want of room in the backup folder (507): refused before writing, or stopped while writing */
    shortOfRoom: boolean;
}

/**
 * Writes a backup into the folder; resolves with its record once it is
 * written and read back, or failed. It is written to `<name>.part`, renamed
 * once whole; a failure removes it, and never ends the process.
 */
export const createStoredBackup = async (ctx: AppContext, options: { scheduled: boolean }): Promise<BackupOutcome> => {
    const dir = ctx.config.backupDir;
    await prepareBackupFolder(dir);
    const stamp = stampOf(ctx.now());
    let name = `backup-${stamp}.tar`;
    const taken = (candidate: string) =>
        writing.has(candidate) || shortOfRoom.get(dir)?.name === candidate || exists(path.join(dir, candidate));
    for (let n = 2; await taken(name); n++) name = `backup-${stamp}-${n}.tar`;
    const record: StoredBackup = {
        name,
        bytes: 0,
        created_at: ctx.now().toISOString(),
        state: 'writing',
        sha256: null,
        scheduled: options.scheduled,
        tables: null,
        files: null,
        failure: null,
    };
    const failedForRoom = (error: BackupSpaceError): BackupOutcome => {
        record.state = 'failed';
        record.failure = error.message;
        shortOfRoom.set(dir, { ...record });
        return { record, shortOfRoom: true };
    };
    try {
        assertBackupFits(ctx, (await estimateBackup(ctx)).bytes);
    } catch (error) {
        if (error instanceof BackupSpaceError) return failedForRoom(error);
        throw error;
    }
    writing.set(name, record);
    const part = partialBackupPath(dir, name);
    const release = hold(part);
    let roomFailure: BackupSpaceError | undefined;
    try {
        const hash = createHash('sha256');
        const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
                record.bytes += chunk.length;
                hash.update(chunk);
                done(null, chunk);
            },
        });
        const tar = new PassThrough();
        const out = createWriteStream(part, { mode: FILE_MODE });
        const encrypt = ctx.config.backupKey ? await encryptor(ctx.config.backupKey) : new PassThrough();
        // Every stream's failure ends them all (pipeline) and reaches writeBackup through `tar`, whose failure
        // ends them too: both are waited for, so nothing goes on writing once the backup has failed. The file
        // stops at the volume's reserve before a write fails for want of space.
        const [backup, streams] = await Promise.allSettled([
            writeBackup(ctx, tar),
            pipeline(tar, encrypt, watchBackupVolume(ctx), counter, out),
        ]);
        if (backup.status === 'rejected' || streams.status === 'rejected') {
            // The file is opened asynchronously: removing it before the stream has closed could run before the open.
            if (!out.closed) await once(out, 'close');
            const errors = [backup, streams].flatMap(result => (result.status === 'rejected' ? [result.reason as unknown] : []));
            const cause = errors.find(e => e instanceof BackupSpaceError || isDiskFull(e));
            if (cause) roomFailure = cause instanceof BackupSpaceError ? cause : diskFilled(ctx);
            throw errors[0];
        }
        record.tables = backup.value.tables;
        record.files = backup.value.files;
        const handle = await fs.open(part, 'r+');
        await handle.sync().finally(() => handle.close());
        await fs.rename(part, path.join(dir, name));
        record.sha256 = hash.digest('hex');
        // Read back against its own manifest, as a restore would first.
        await verifyBackup(ctx, path.join(dir, name));
        record.state = 'verified';
    } catch (error) {
        await fs.rm(part, { force: true });
        await fs.rm(path.join(dir, name), { force: true });
        if (isDiskFull(error) && !roomFailure) roomFailure = diskFilled(ctx);
        record.state = 'failed';
        record.failure = (error as Error).message.slice(0, 500);
    } finally {
        writing.delete(name);
        release();
    }
    if (roomFailure) return failedForRoom(roomFailure);
    await fs.writeFile(sidecar(dir, name), JSON.stringify(record, null, 2), { mode: FILE_MODE });
    if (record.state === 'verified' && ctx.keptBackups) await moveToBucket(ctx.keptBackups, dir, name);
    if (record.state === 'verified') await prune(ctx);
    return { record, shortOfRoom: false };
};

/**
 * A checked backup into the bucket: the archive, then its record (a record there names an archive there), then
 * the folder's copies removed. Should the bucket refuse it, the backup stays in the folder, listed and downloadable.
 */
const moveToBucket = async (bucket: FileStorage, dir: string, name: string) => {
    try {
        await bucket.put(name, createReadStream(path.join(dir, name)));
        await bucket.put(recordName(name), await fs.readFile(sidecar(dir, name)));
    } catch {
        await bucket.deleteAll([name, recordName(name)]).catch(() => undefined);
        return;
    }
    await fs.rm(path.join(dir, name), { force: true });
    await fs.rm(sidecar(dir, name), { force: true });
};

const recordName = (name: string) => name.replace(/\.tar$/, '.json');

const textOf = async (data: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of data) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
};

/** The records of the backups kept in the bucket, their sizes as stored. */
const bucketRecords = async (bucket: FileStorage): Promise<StoredBackup[]> => {
    const records: StoredBackup[] = [];
    for await (const file of bucket.list()) {
        if (!file.key.endsWith('.json') || !isBackupName(file.key.replace(/\.json$/, '.tar'))) continue;
        const data = await bucket.get(file.key);
        if (!data) continue;
        try {
            const record = JSON.parse(await textOf(data)) as StoredBackup;
            const stored = await bucket.stat(record.name);
            if (!stored) continue;
            records.push({ ...record, bytes: stored.size });
        } catch {
            // not a record of ours
        }
    }
    return records;
};

/** Where kept backups are: the backup folder, or the bucket beside the files (s3://BUCKET/PREFIX.backups/). */
export const keptBackupsLocation = (ctx: AppContext) =>
    ctx.keptBackups && ctx.config.files.kind === 's3'
        ? `s3://${ctx.config.files.bucket}/${keptBackupsPrefix(ctx.config.files.prefix)}`
        : ctx.config.backupDir;

const exists = (file: string) =>
    fs.access(file).then(
        () => true,
        () => false,
    );

/** The folder's backups, newest first, those being written included. */
export const listStoredBackups = async (ctx: AppContext): Promise<StoredBackup[]> => {
    const dir = ctx.config.backupDir;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const records: StoredBackup[] = [...writing.values()].map(r => ({ ...r }));
    const refused = shortOfRoom.get(dir);
    if (refused) records.push({ ...refused });
    for (const file of names) {
        if (!file.endsWith('.json') || !isBackupName(file.replace(/\.json$/, '.tar'))) continue;
        try {
            const record = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as StoredBackup;
            if (record.state === 'verified') {
                const stat = await fs.stat(path.join(dir, record.name)).catch(() => undefined);
                if (!stat) continue;
                record.bytes = stat.size;
            }
            records.push(record);
        } catch {
            // a sidecar being written, or not ours
        }
    }
    if (ctx.keptBackups) {
        const here = new Set(records.map(r => r.name));
        for (const record of await bucketRecords(ctx.keptBackups)) if (!here.has(record.name)) records.push(record);
    }
    return records.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
};

/** A kept backup's bytes and size, from the folder or the bucket, or undefined. */
export const openStoredBackup = async (ctx: AppContext, name: string): Promise<{ data: Readable; size: number } | undefined> => {
    if (!isBackupName(name) || writing.has(name)) return undefined;
    const file = path.join(ctx.config.backupDir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (stat) return { data: createReadStream(file), size: stat.size };
    const stored = await ctx.keptBackups?.stat(name);
    const data = stored && (await ctx.keptBackups!.get(name));
    return stored && data ? { data, size: stored.size } : undefined;
};

/** Keeps the newest BACKUP_KEEP good backups, and the failures since the oldest of them. */
const prune = async (ctx: AppContext) => {
    const all = (await listStoredBackups(ctx)).filter(r => r.state !== 'writing');
    const good = all.filter(r => r.state === 'verified');
    if (good.length <= ctx.config.backupKeep) return;
    const oldestKept = good[ctx.config.backupKeep - 1]!.created_at;
    for (const record of all) {
        const gone = record.state === 'verified' ? good.indexOf(record) >= ctx.config.backupKeep : record.created_at < oldestKept;
        if (!gone) continue;
        if (shortOfRoom.get(ctx.config.backupDir)?.name === record.name) shortOfRoom.delete(ctx.config.backupDir);
        await fs.rm(path.join(ctx.config.backupDir, record.name), { force: true });
        await fs.rm(sidecar(ctx.config.backupDir, record.name), { force: true });
        await ctx.keptBackups?.deleteAll([record.name, recordName(record.name)]);
    }
};

/** When the next scheduled backup is due: BACKUP_EVERY_HOURS after the newest one (an hour after a failed one), or now. */
export const nextScheduledBackup = async (ctx: AppContext) => {
    if (!(ctx.config.backupEveryHours > 0)) return undefined;
    const [last] = await listStoredBackups(ctx);
    if (!last) return ctx.now();
    return new Date(Date.parse(last.created_at) + (last.state === 'failed' ? 1 : ctx.config.backupEveryHours) * 3_600_000);
};

/** Scheduled backups, into this instance's backup folder. */
export const scheduledBackup: Job = {
    name: 'scheduled-backup',
    everyMs: 60_000,
    async run(ctx, log) {
        const due = await nextScheduledBackup(ctx);
        if (!due || due > ctx.now() || writing.size) return;
        const { record, shortOfRoom } = await createStoredBackup(ctx, { scheduled: true });
        if (shortOfRoom) log?.error({ backup: record.name, failure: record.failure }, 'scheduled backup refused: not enough disk space');
        else if (record.state === 'failed') log?.error({ backup: record.name, failure: record.failure }, 'scheduled backup failed');
        else log?.info({ backup: record.name, bytes: record.bytes }, 'scheduled backup written');
    },
};
