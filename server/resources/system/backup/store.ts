import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { StoredBackup } from '../../../../contract/system';
import type { AppContext } from '../../../context';
import type { Job } from '../../../jobs/runner';
import { verifyBackup, writeBackup } from './archive';

/**
 * Backups kept in the backup folder (BACKUP_DIR): `backup-<time>.tar` and,
 * beside it, `backup-<time>.json` saying how it went (size, SHA-256 of the
 * whole file, counts, whether it read back against its manifest). The
 * newest BACKUP_KEEP stay.
 */

const NAME = /^backup-\d{8}-\d{6}(-\d+)?\.tar$/;
/** Backups this process is writing, with the bytes written so far (the console shows progress). */
const writing = new Map<string, StoredBackup>();

export const isBackupName = (name: string) => NAME.test(name);
const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const sidecar = (dir: string, name: string) => path.join(dir, name.replace(/\.tar$/, '.json'));

/** Writes a backup into the folder; resolves with its record once it is written and read back. */
export const createStoredBackup = async (ctx: AppContext, options: { scheduled: boolean }): Promise<StoredBackup> => {
    const dir = ctx.config.backupDir;
    await fs.mkdir(dir, { recursive: true });
    const stamp = stampOf(ctx.now());
    let name = `backup-${stamp}.tar`;
    for (let n = 2; writing.has(name) || (await exists(path.join(dir, name))); n++) name = `backup-${stamp}-${n}.tar`;
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
    writing.set(name, record);
    const part = path.join(dir, `${name}.part`);
    try {
        const hash = createHash('sha256');
        const counter = new Transform({
            transform(chunk: Buffer, _encoding, done) {
                record.bytes += chunk.length;
                hash.update(chunk);
                done(null, chunk);
            },
        });
        const out = createWriteStream(part);
        counter.pipe(out);
        const closed = new Promise<void>((resolve, reject) => {
            out.on('close', resolve);
            out.on('error', reject);
        });
        const manifest = await writeBackup(ctx, counter);
        await closed;
        const handle = await fs.open(part, 'r+');
        await handle.sync().finally(() => handle.close());
        await fs.rename(part, path.join(dir, name));
        record.sha256 = hash.digest('hex');
        record.tables = manifest.tables;
        record.files = manifest.files;
        // Read back against its own manifest, as a restore would first.
        await verifyBackup(ctx, path.join(dir, name));
        record.state = 'verified';
    } catch (error) {
        await fs.rm(part, { force: true });
        await fs.rm(path.join(dir, name), { force: true });
        record.state = 'failed';
        record.failure = (error as Error).message.slice(0, 500);
    } finally {
        writing.delete(name);
    }
    await fs.writeFile(sidecar(dir, name), JSON.stringify(record, null, 2));
    if (record.state === 'verified') await prune(ctx);
    return record;
};

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
    return records.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name));
};

/** The path of a kept backup, or undefined. */
export const storedBackupPath = async (ctx: AppContext, name: string) => {
    if (!isBackupName(name) || writing.has(name)) return undefined;
    const file = path.join(ctx.config.backupDir, name);
    return (await exists(file)) ? file : undefined;
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
        await fs.rm(path.join(ctx.config.backupDir, record.name), { force: true });
        await fs.rm(sidecar(ctx.config.backupDir, record.name), { force: true });
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
        const record = await createStoredBackup(ctx, { scheduled: true });
        if (record.state === 'failed') log?.error({ backup: record.name, failure: record.failure }, 'scheduled backup failed');
        else log?.info({ backup: record.name, bytes: record.bytes }, 'scheduled backup written');
    },
};
