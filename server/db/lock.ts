import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The data folder is in use by a live server; the message says what to do, in one line. */
export class DataDirLockedError extends Error {}

/** Who holds the lock: a pid, and what tells that process apart from a later one with the same pid. */
interface Holder {
    pid: number;
    /** Linux: the boot and the process's start time (/proc/<pid>/stat field 22); '' elsewhere */
    started: string;
    /** a new random token per acquisition: names the takeover of this one lock */
    token: string;
}

const bootId = (() => {
    try {
        return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
        return '';
    }
})();

/** The process's start time as the kernel knows it, so that a recycled pid is not taken for our server. */
const startedOf = (pid: number): string | undefined => {
    if (!bootId) return '';
    try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return `${bootId}:${fields[19]}`;
    } catch {
        return undefined; // no such process
    }
};

/** Whether the holder is still running: the same pid started at the same time (or, without /proc, any process with that pid). */
const isRunning = (holder: Holder) => {
    if (holder.started) return startedOf(holder.pid) === holder.started;
    try {
        process.kill(holder.pid, 0);
        return true;
    } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
};

const readHolder = (file: string): Holder | undefined => {
    let text: string;
    try {
        text = fs.readFileSync(file, 'utf8');
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
    }
    try {
        const holder = JSON.parse(text) as Holder;
        if (Number.isSafeInteger(holder.pid) && typeof holder.started === 'string' && typeof holder.token === 'string') return holder;
    } catch {
        // a lock of an earlier version (a bare pid) or a torn write: below
    }
    // Only its pid is known, so only a running pid can keep it; its token is its content.
    const pid = Number(text.trim());
    return {
        pid: Number.isSafeInteger(pid) && pid > 0 ? pid : 0,
        started: '',
        token: `legacy-${Buffer.from(text).toString('hex').slice(0, 32)}`,
    };
};

/** Makes the file with its content in one step (a link of a written file), or false when it exists: no one ever reads it half written. */
const tryCreate = (file: string, content: string) => {
    const written = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(written, content);
    try {
        fs.linkSync(written, file);
        return true;
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e;
    } finally {
        fs.rmSync(written, { force: true });
    }
};

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * PGlite takes no lock on its folder and two processes on one folder corrupt
 * it, so the server holds DATA_DIR/server.lock while it runs. The lock is made
 * with an exclusive create, so two processes never both make it. A lock whose
 * holder is gone is taken over under a marker named after that lock's token,
 * also made exclusively: of several processes finding the same stale lock,
 * one alone may remove it, and the others start over (docs/ops.md).
 */
export const lockDataDir = (dataDir: string): (() => void) => {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'server.lock');
    const me: Holder = { pid: process.pid, started: startedOf(process.pid) ?? '', token: randomBytes(12).toString('hex') };
    const mine = JSON.stringify(me);
    const release = () => {
        if (readHolder(file)?.token === me.token) fs.rmSync(file, { force: true });
    };
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
        if (tryCreate(file, mine)) {
            removeDeadMarkers(file);
            return release;
        }
        const holder = readHolder(file);
        if (!holder) continue; // removed meanwhile: create again
        if (holder.pid && isRunning(holder)) {
            throw new DataDirLockedError(
                `Another server (pid ${holder.pid}) is using ${dataDir}. The embedded database allows one process per folder: stop it, choose another DATA_DIR, or use PostgreSQL (DATABASE_URL) for several instances.`,
            );
        }
        if (!takeOver(file, holder.token, mine)) sleep(5 + Math.random() * 20);
    }
    throw new DataDirLockedError(`Could not lock ${dataDir} within 10 s: remove ${file} if no server is running.`);
};

/**
 * Removes the stale lock whose token is given, under a marker made exclusively:
 * false when a running process holds the marker (it is taking the lock over).
 * A marker whose maker died is passed over for the next one, never removed, so
 * no two running processes ever hold a marker of the same lock.
 */
const takeOver = (file: string, token: string, mine: string) => {
    for (let generation = 1; ; generation++) {
        const marker = `${file}.takeover-${token}.${generation}`;
        if (tryCreate(marker, mine)) {
            try {
                // Holding the marker, no one else may remove this lock; it is still the stale one unless it was removed meanwhile.
                if (readHolder(file)?.token === token) fs.rmSync(file);
            } finally {
                fs.rmSync(marker, { force: true });
            }
            return true;
        }
        const maker = readHolder(marker);
        if (maker && maker.pid && isRunning(maker)) return false;
        if (!maker) return false; // its maker just finished: look at the lock again
    }
};

/** Markers of takeovers whose makers died, and files of a create cut short: the lock they were about is gone, so they are debris. */
const removeDeadMarkers = (file: string) => {
    const dir = path.dirname(file);
    const base = path.basename(file);
    for (const name of fs.readdirSync(dir)) {
        const other = path.join(dir, name);
        if (!name.startsWith(`${base}.`)) continue;
        if (name.endsWith('.tmp')) {
            const made = fs.statSync(other, { throwIfNoEntry: false });
            if (made && Date.now() - made.mtimeMs > 60_000) fs.rmSync(other, { force: true });
        } else if (name.startsWith(`${base}.takeover-`)) {
            const maker = readHolder(other);
            if (maker && !(maker.pid && isRunning(maker))) fs.rmSync(other, { force: true });
        }
    }
};
