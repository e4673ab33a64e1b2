import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isLeftover } from '../../../storage/leases';
import type { Job } from '../../../jobs/runner';

/**
 * The backup folder's own files besides the kept backups (store.ts): what
 * is written there for a while, by name, so that what a killed process left
 * is recognised and swept (docs/ops.md, Debris).
 *
 *   backup-<time>.tar.part     a kept backup being written, renamed once whole
 *   .spool-<12 hex>            the rows of a backup being read (archive.ts)
 *   .incoming-<12 hex>.tar     an uploaded backup being restored (backupRoutes.ts)
 */

const PARTIAL = /^backup-\d{8}-\d{6}(-\d+)?\.tar\.part$/;
const SPOOL = /^\.spool-[0-9a-f]{12}$/;
const INCOMING = /^\.incoming-[0-9a-f]{12}\.tar$/;

export const partialBackupPath = (dir: string, name: string) => path.join(dir, `${name}.part`);
export const spoolPath = (dir: string) => path.join(dir, `.spool-${randomBytes(6).toString('hex')}`);
export const incomingPath = (dir: string) => path.join(dir, `.incoming-${randomBytes(6).toString('hex')}.tar`);

/** Backups and their files are the owner's alone: they hold the signing secret and the SMTP password. */
export const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * Makes the backup folder, or closes an existing one to all but its owner.
 * A folder this user does not own (a mount) keeps its mode: the files in it
 * are the owner's alone all the same.
 */
export const prepareBackupFolder = async (dir: string) => {
    await fs.mkdir(dir, { recursive: true, mode: FOLDER_MODE });
    await fs.chmod(dir, FOLDER_MODE).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPERM') throw error;
    });
};

/** Removes partial backups, spools and uploads that a killed process left: older than `before`, and not in use here. */
export const clearBackupLeftovers = async (dir: string, before: Date) => {
    let cleared = 0;
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        if (!PARTIAL.test(name) && !SPOOL.test(name) && !INCOMING.test(name)) continue;
        const file = path.join(dir, name);
        if (!(await isLeftover(file, before))) continue;
        await fs.rm(file, { force: true });
        cleared++;
    }
    return cleared;
};

/** What a killed backup or restore left in the backup folder, cleared at start and every hour (clearBackupLeftovers). */
export const backupLeftovers: Job = {
    name: 'backup leftovers',
    everyMs: 60 * 60_000,
    atStart: true,
    async run(ctx, log) {
        const removed = await clearBackupLeftovers(
            ctx.config.backupDir,
            new Date(ctx.now().getTime() - ctx.config.storageSweepGraceMinutes * 60_000),
        );
        if (removed) log?.info({ removed }, 'removed what a stopped backup or restore left in the backup folder');
    },
};
