import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { checkAllThere, cleanUp, cleanUpAfterAll, freePort, killDuringStream } from './durability';

cleanUpAfterAll();

describe('SIGKILL during a stream of events loses nothing that was acknowledged', () => {
    it('on the embedded database (PGlite)', async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-durable-'));
        cleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        await checkAllThere(await killDuringStream(await freePort(), { DATA_DIR: dataDir }));
    }, 180_000);
});
