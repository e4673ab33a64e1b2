import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { signingSecret } from '../server/db/bootstrap';
import { openDatabase } from '../server/db/database';
import { TokenSigner } from '../server/crypto/tokens';
import { memoryMailer } from '../server/mail/mailer';
import { createRealtime } from '../server/realtime';
import { createMetrics } from '../server/metrics';
import { DiskSpace } from '../server/storage/diskSpace';
import { LocalDiskStorage } from '../server/storage';
import { preparePlatform } from '../server/features';

export const BENCH_ADMIN = { email: 'bench@bench.example', password: 'Bench#Pass1' };

/**
 * The server under a benchmark, in the benchmark's process so the same
 * database can be queried directly beside it: PostgreSQL when
 * BENCH_DATABASE_URL is set (a database is created there and dropped
 * after), else PGlite in a temporary folder. BENCH_LOG=error (or another
 * level) has the server log at that level, to see why a request failed.
 */
export const startBenchPlatform = async (name: string, options: { port: number; filesDir?: string; staticDir?: string }) => {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `ac-bench-${name}-`));
    let dbName: string | undefined;
    let dbUrl: string | undefined;
    if (adminUrl) {
        dbName = `ac_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`CREATE DATABASE ${dbName}`);
        await c.end();
        const u = new URL(adminUrl);
        u.pathname = `/${dbName}`;
        dbUrl = u.toString();
    }
    const database = await openDatabase(dbUrl ? { url: dbUrl } : { dataDir: path.join(work, 'pglite') });
    const db = database.db;
    const first = await preparePlatform(db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
    const files = options.filesDir ?? path.join(work, 'files');
    const ctx: AppContext = {
        db,
        config: testConfig({
            accessTokenTtlSeconds: 4 * 3600,
            port: options.port,
            ...(options.staticDir ? { staticDir: options.staticDir } : {}),
        }),
        signer: new TokenSigner(await signingSecret(db)),
        mailer: memoryMailer(),
        storage: new LocalDiskStorage(files),
        disk: new DiskSpace([files], 0),
        realtime: createRealtime(db),
        metrics: createMetrics(db),
        now: () => new Date(),
    };
    const app = await buildApp(ctx, process.env.BENCH_LOG ? { logger: { level: process.env.BENCH_LOG } } : {});
    const base = await app.listen({ port: options.port, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    return {
        kind: database.kind === 'pglite' ? ('PGlite' as const) : ('PostgreSQL' as const),
        db,
        ctx,
        app,
        base,
        /** the platform admin's access token */
        token,
        mainAccountId: first.mainAccountId,
        close: async () => {
            await app.close();
            await ctx.realtime.close();
            await database.close();
            if (adminUrl && dbName) {
                const c = new pg.Client({ connectionString: adminUrl });
                await c.connect();
                await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
                await c.end();
            }
            fs.rmSync(work, { recursive: true, force: true });
        },
    };
};
