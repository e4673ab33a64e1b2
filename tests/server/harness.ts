import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { testConfig, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { signingSecret } from '../../server/db/bootstrap';
import { MIGRATIONS, openDatabase, type Database } from '../../server/db/database';
import { scratchDatabase } from '../../server/db/scratch';
import { TokenSigner } from '../../server/crypto/tokens';
import { memoryMailer } from '../../server/mail/mailer';
import { seedDemoPlatform, type DemoPlatform } from '../../server/demo/seed';
import { LocalDiskStorage, type FileStorage } from '../../server/storage';
import { DiskSpace, guardedStorage } from '../../server/storage/diskSpace';
import { createRealtime } from '../../server/realtime';
import { createMetrics } from '../../server/metrics';
import { preparePlatform } from '../../server/features';

export const ADMIN = { email: 'admin@platform.test', password: 'Admin#Pass1' };
export const DEMO_PASSWORD = 'Demo#Pass1';

/**
 * The file of a migrated embedded database's data folder, made once for each set of migrations and PGlite version
 * (in node_modules/.cache) and shared by the test files: a new cluster and its migrations took some four of the six
 * seconds a test platform took to start on PGlite; starting from the dump takes under one.
 */
const migratedTemplate = async (): Promise<string> => {
    const hash = createHash('sha256').update(JSON.parse(fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
    for (const name of (fs.readdirSync(MIGRATIONS, { recursive: true }) as string[]).sort()) {
        const file = path.join(MIGRATIONS, name);
        if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
    const template = path.resolve('node_modules/.cache', `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
    if (fs.existsSync(template)) return template;
    const database = await openDatabase({});
    const dump = await database.dumpDataDir!();
    await database.close();
    fs.mkdirSync(path.dirname(template), { recursive: true });
    // test files start at once in several processes: each writes its own file and the last rename wins, whole
    const partial = `${template}.${process.pid}`;
    fs.writeFileSync(partial, dump);
    fs.renameSync(partial, template);
    return template;
};
let template: Promise<string> | undefined;

/** A new in-memory embedded database, migrated. */
export const embeddedDatabase = async () => openDatabase({ startFrom: await (template ??= migratedTemplate()) });

/**
 * A fresh database per test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database dropped at close.
 */
const freshDatabase = async (route: (url: string) => Promise<string>): Promise<Database> => {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) return embeddedDatabase();
    const scratch = await scratchDatabase(admin, 'ac_test');
    const database = await openDatabase({ url: await route(scratch.url) });
    return {
        ...database,
        close: async () => {
            await database.close();
            await scratch.drop();
        },
    };
};

export interface TestPlatform {
    app: FastifyInstance;
    ctx: AppContext;
    mail: ReturnType<typeof memoryMailer>;
    mainAccountId: number;
    adminId: number;
    demo: DemoPlatform;
    /** the folder the platform's files (images, artifacts) are stored in */
    filesDir: string;
    /** moves the server's clock */
    clock: { offsetMs: number };
    /** the platform's database, to take it away under a running server */
    database: Database;
    close(): Promise<void>;
    /** signs in and returns the access token */
    login(email: string, password?: string): Promise<string>;
    /** inject with a bearer token */
    call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
    /** signs in and returns a caller of /api/v2 as that user: api('GET', '/users') */
    as(email: string): Promise<ApiCaller>;
    /** listens on a free loopback port (once) and returns the server's base URL, for tests through real HTTP */
    listen(): Promise<string>;
}

export type ApiCaller = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;

export interface PlatformOptions {
    /** the URL the server uses for its PostgreSQL database (e.g. through a proxy a test can cut) */
    routeDatabase?: (url: string) => Promise<string>;
    /** in-memory PGlite even when TEST_DATABASE_URL is set (moves between the two databases) */
    embedded?: boolean;
    /** the files in this storage (an S3 bucket...) rather than in filesDir */
    storage?: FileStorage;
    /** kept backups in this storage (the files' bucket) rather than in the backup folder */
    keptBackups?: FileStorage;
}

export const startPlatform = async (overrides: Partial<Config> = {}, options: PlatformOptions = {}): Promise<TestPlatform> => {
    const database = options.embedded ? await embeddedDatabase() : await freshDatabase(options.routeDatabase ?? (async url => url));
    const mail = memoryMailer();
    const clock = { offsetMs: 0 };
    const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-files-'));
    const config = testConfig(overrides);
    const disk = new DiskSpace([filesDir], config.diskReservePercent);
    const ctx: AppContext = {
        db: database.db,
        config,
        signer: new TokenSigner(await signingSecret(database.db)),
        mailer: mail,
        storage: guardedStorage(options.storage ?? new LocalDiskStorage(filesDir), disk),
        keptBackups: options.keptBackups,
        disk,
        realtime: createRealtime(database.db),
        metrics: createMetrics(database.db),
        now: () => new Date(Date.now() + clock.offsetMs),
    };
    const first = await preparePlatform(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    const demo = await seedDemoPlatform(database.db, first.mainAccountId, DEMO_PASSWORD);
    const app = await buildApp(ctx);
    await app.ready();
    let listening: Promise<string> | undefined;
    const adminId = (await ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, ADMIN.email) }))!.id;
    const call: TestPlatform['call'] = (token, options) =>
        app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const login: TestPlatform['login'] = async (email, password = email === ADMIN.email ? ADMIN.password : DEMO_PASSWORD) => {
        const res = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
        return res.json().token as string;
    };
    return {
        app,
        ctx,
        mail,
        mainAccountId: first.mainAccountId,
        adminId,
        demo,
        filesDir,
        clock,
        database,
        call,
        close: async () => {
            await app.close();
            await ctx.realtime.close();
            await database.close();
            fs.rmSync(filesDir, { recursive: true, force: true });
        },
        login,
        listen: () => (listening ??= app.listen({ port: 0, host: '127.0.0.1' })),
        as: async email => {
            const token = await login(email);
            return (method, url, payload) => call(token, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) });
        },
    };
};

/**
 * The platform of a test file with the admin signed in: started before the file's tests, closed after them.
 * `platformForFile(started => ({ p, admin } = started))` hands them to the file's own variables.
 */
export const platformForFile = (ready: (started: { p: TestPlatform; admin: ApiCaller }) => void) => {
    let p: TestPlatform | undefined;
    beforeAll(async () => {
        p = await startPlatform();
        ready({ p, admin: await p.as(ADMIN.email) });
    });
    afterAll(() => p?.close());
};
