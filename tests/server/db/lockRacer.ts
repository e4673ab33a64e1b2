// A process that takes the data folder lock when told to (a line on stdin), says whether it got it, and holds it until killed.
import { DataDirLockedError, lockDataDir } from '../../../server/db/lock';

const dir = process.argv[2]!;
process.stdout.write('ready\n');
process.stdin.once('data', () => {
    try {
        lockDataDir(dir);
        process.stdout.write('held\n');
    } catch (error) {
        process.stdout.write(error instanceof DataDirLockedError ? 'refused\n' : `failed ${String(error)}\n`);
    }
});
setInterval(() => undefined, 60_000);
