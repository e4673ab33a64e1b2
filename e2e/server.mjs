// Starts the real server for the browser tests: a fresh data folder (or a
// fresh PostgreSQL database when TEST_DATABASE_URL is set), known passwords.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E } from './credentials.mjs';

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
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ac-e2e-')),
};
if (process.env.TEST_DATABASE_URL) {
    const name = `ac_e2e_${Date.now()}`;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
}
// node itself, not npx: npx would not pass SIGTERM on to the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', code => process.exit(code ?? 0));
