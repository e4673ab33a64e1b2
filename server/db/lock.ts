import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number) => {
    try {
        process.kill(pid, 0);
        return true;
    } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
};

/**
 * PGlite takes no lock on its folder and two processes on one folder corrupt
 * it, so the server holds DATA_DIR/server.lock (with its pid) while it runs.
 * A lock left by a process that is gone is taken over.
 */
export const lockDataDir = (dataDir: string): (() => void) => {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'server.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
        try {
            fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
            return () => fs.rmSync(file, { force: true });
        } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
            const pid = Number(fs.readFileSync(file, 'utf8'));
            if (pid && pid !== process.pid && isAlive(pid)) {
                throw new Error(
                    `Another server (pid ${pid}) is using ${dataDir}. The embedded database allows one process per folder: stop it, choose another DATA_DIR, or use PostgreSQL (DATABASE_URL) for several instances.`,
                );
            }
            fs.rmSync(file, { force: true });
        }
    }
    throw new Error(`Could not lock ${dataDir}`);
};
