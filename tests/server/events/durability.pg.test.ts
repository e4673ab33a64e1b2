import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { checkAllThere, cleanUp, cleanUpAfterAll, freePort, killDuringStream } from './durability';
import { freshPostgres } from './processes';

/** The PostgreSQL run only (TEST_DATABASE_URL): vitest.config.ts includes *.pg.test.ts files then. */
cleanUpAfterAll();

describe('SIGKILL during a stream of events loses nothing that was acknowledged', () => {
    it('on PostgreSQL', async () => {
        const database = await freshPostgres(process.env.TEST_DATABASE_URL!);
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-durable-pg-'));
        cleanUp(async () => {
            await database.drop();
            fs.rmSync(dataDir, { recursive: true, force: true });
        });
        await checkAllThere(await killDuringStream(await freePort(), { DATABASE_URL: database.url, DATA_DIR: dataDir }));
    }, 180_000);
});
