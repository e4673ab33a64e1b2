// Starts the real server for the browser tests: a fresh data folder (and a
// fresh PostgreSQL database when TEST_DATABASE_URL is set), known passwords;
// both are removed when the server stops.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../server/db/scratch.ts';
import { E2E } from './credentials.mjs';
import { startMailSink } from './mailSink.mjs';

const env = {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_PASSWORD: E2E.admin.password,
    DEMO_PASSWORD: E2E.demoPassword,
    LOG_LEVEL: 'warn',
    // Readers heartbeat every 2 s so a journey sees them apply a change within seconds.
    DEVICE_HEARTBEAT_SECONDS: '2',
    DEVICE_OFFLINE_SECONDS: '8',
    // The journeys post the events they look for; the demo's readers post none meanwhile.
    DEMO_EVENT_RATE: '0',
    // A reader the journey acts on must not fall silent for minutes by chance (a reboot never acknowledged).
    DEMO_OUTAGES_PER_HOUR: '0',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ac-e2e-')),
    // Mail goes to a real SMTP server the journeys read (e2e/mailSink.mjs).
    SMTP_URL: `smtp://127.0.0.1:${E2E.mail.smtpPort}?ignoreTLS=true`,
};
const sink = await startMailSink(E2E.mail);
const scratch = process.env.TEST_DATABASE_URL ? await scratchDatabase(process.env.TEST_DATABASE_URL, 'ac_e2e') : undefined;
if (scratch) env.DATABASE_URL = scratch.url;
const cleanUp = async () => {
    await sink.close();
    await scratch?.drop();
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
};
// node itself, not npx: npx would not pass SIGTERM on to the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', code => void cleanUp().finally(() => process.exit(code ?? 0)));
