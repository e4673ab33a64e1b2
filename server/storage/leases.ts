import fs from 'node:fs/promises';
import path from 'node:path';

/** How often a held path's modification time is renewed: well inside the sweep's grace (STORAGE_SWEEP_GRACE_MINUTES). */
export const LEASE_RENEW_MS = 60_000;

const held = new Map<string, number>();
let renewing: NodeJS.Timeout | undefined;

const renew = () => {
    const now = new Date();
    for (const file of held.keys()) void fs.utimes(file, now, now).catch(() => undefined);
};

/**
 * Marks a file or folder as in use by this process until the returned
 * function is called: a backup being written, a restore's upload and staged
 * files. The sweep of this process leaves it, and its modification time is
 * renewed every minute, so that the sweep of another instance sharing the
 * folder, which goes by age, leaves it too; once the process is gone the
 * path ages and is swept (docs/ops.md, Debris).
 */
export const hold = (file: string): (() => void) => {
    const key = path.resolve(file);
    held.set(key, (held.get(key) ?? 0) + 1);
    renewing ??= setInterval(renew, LEASE_RENEW_MS).unref();
    let released = false;
    return () => {
        if (released) return;
        released = true;
        const left = held.get(key)! - 1;
        if (left) held.set(key, left);
        else held.delete(key);
        if (!held.size && renewing) {
            clearInterval(renewing);
            renewing = undefined;
        }
    };
};

export const isHeld = (file: string) => held.has(path.resolve(file));

/**
 * A leftover the sweep may remove: not held by this process, and not
 * changed since `before` (a younger one may be another instance's work).
 */
export const isLeftover = async (file: string, before: Date) => {
    if (isHeld(file)) return false;
    const stat = await fs.stat(file).catch(() => undefined);
    return stat !== undefined && stat.mtime < before;
};
