import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { generatedPassword, signingSecret } from './db/bootstrap';
import { openDatabase } from './db/database';
import { DataDirLockedError, lockDataDir } from './db/lock';
import { TokenSigner } from './crypto/tokens';
import { createMailer } from './mail/mailer';
import { createMetrics } from './metrics';
import { seedDemoPlatform } from './demo/seed';
import { demoFleetPlan, seedDemoDevices } from './demo/seed-devices';
import { seedDemoEvents } from './demo/seed-events';
import { seedDemoFirmware } from './demo/seed-firmware';
import { seedDemoEnrollments } from './demo/seed-enrollments';
import { startDemoFleet } from './demo/fleet/demo';
import { platformJobs, preparePlatform } from './features';
import { startJobs } from './jobs/runner';
import { createRealtime } from './realtime';
import { DiskSpace, guardedStorage } from './storage/diskSpace';
import { storageFromConfig } from './storage/fromConfig';

const config = loadConfig();
const lockOrExit = () => {
    try {
        return lockDataDir(config.dataDir);
    } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        // What to do, in one line: a stack trace would say nothing more to the person starting it.
        process.stderr.write(`${error.message}\n`);
        process.exit(1);
    }
};
const unlock = config.databaseUrl ? () => undefined : lockOrExit();
const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});

// The data folder holds the embedded database and the files: one volume to watch, or more when the files are
// elsewhere (mounted, or FILES_URL's folder); files in a bucket take no room here.
const files = storageFromConfig(config.files);
const disk = new DiskSpace(files.folder ? [config.dataDir, files.folder] : [config.dataDir], config.diskReservePercent);
const say = (line: string) => process.stdout.write(`${line}\n`);
const ctx: AppContext = {
    db: database.db,
    config,
    signer: new TokenSigner(await signingSecret(database.db)),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: say }),
    storage: guardedStorage(files.storage, disk),
    keptBackups: files.keptBackups,
    disk,
    realtime: createRealtime(database.db, say),
    metrics: createMetrics(database.db),
    now: () => new Date(),
};

const first = await preparePlatform(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
let demoPassword: string | undefined;
if (first.created && config.demo) {
    demoPassword = config.demoPassword ?? generatedPassword();
    const demo = await seedDemoPlatform(database.db, first.mainAccountId, demoPassword);
    await seedDemoDevices(
        database.db,
        [...demo.customers, demo.otherCustomer].map(c => c.name),
        config.demoFleet,
    );
    // 30 days of history with camera frames, so the events screen, dashboard and statistics have something to show.
    await seedDemoEvents(ctx);
    await seedDemoFirmware(ctx, first.mainAccountId);
    await seedDemoEnrollments(
        ctx,
        demo.customers.map(c => c.name),
    );
}

const app = await buildApp(ctx, { logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
const jobs = config.jobs ? startJobs(ctx, platformJobs, app.log) : undefined;
// The demo's readers are simulated in this process and speak the device API over loopback, as real ones would.
const plan = config.demo && config.demoFleet > 0 ? await demoFleetPlan(database.db) : undefined;
const loopback = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
const fleet = plan
    ? startDemoFleet({
          url: `http://${loopback}:${config.port}`,
          size: config.demoFleet,
          plan,
          eventRate: config.demoEventRate,
          outagesPerHour: config.demoOutagesPerHour,
      })
    : undefined;
// The readers' first calls are logged before the lines below, so that the output ends with how to sign in.
await fleet?.whenFirstRound();

say(
    `\nAccess console ready on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
if (first.created) {
    say(
        `Sign in as ${first.adminEmail} with ${first.generatedPassword ? `the generated password ${first.generatedPassword} (you will be asked to change it)` : 'ADMIN_PASSWORD'}.`,
    );
    if (demoPassword)
        say(
            `Demo users (e.g. dealer@northwind-security.example, moderator@contoso-offices.example) use the password ${config.demoPassword ? 'DEMO_PASSWORD' : demoPassword}.`,
        );
    if (fleet) say(`${config.demoFleet} simulated readers are running; the last two wait for approval on the Devices page.`);
} else {
    say(`Sign in as ${first.adminEmail}.`);
}

let stopping = false;
const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    await fleet?.stop();
    await jobs?.stop();
    // Requests under way finish; a keep-alive connection that was busy when closing began would
    // otherwise linger until its keep-alive timeout (72 s), so what is left after 5 s is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), 5000);
    await app.close();
    clearTimeout(cut);
    await ctx.realtime.close();
    ctx.mailer.close?.();
    await database.close();
    unlock();
    process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
