import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process on a private data folder, as `npm start` runs it. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-restart-'));
const port = 18000 + (process.pid % 1000);
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: 'root@restart.test', ADMIN_PASSWORD: 'Root#Pass1', DEMO: '0', LOG_LEVEL: 'warn' };
const running: ChildProcess[] = [];

const start = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(child);
    let output = '';
    child.stdout!.on('data', d => (output += d));
    child.stderr!.on('data', d => (output += d));
    const ready = new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', () => output.includes('Sign in as') && resolve());
        child.on('exit', code => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const exited = new Promise<number | null>(resolve => child.on('exit', code => resolve(code)));
    return { child, ready, exited, output: () => output };
};

const login = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root@restart.test', password: 'Root#Pass1' }),
    });
    return res.status;
};

afterAll(() => running.forEach(c => c.kill('SIGKILL')));

describe('server process on the embedded database', () => {
    it('refuses a second process on the same data folder, stops cleanly on SIGTERM and keeps its data', async () => {
        const first = start();
        await first.ready;
        expect(await login()).toBe(200);

        const second = start();
        await expect(second.ready).rejects.toThrow(/Another server \(pid \d+\) is using/);
        expect(await second.exited).not.toBe(0);

        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
        expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

        const again = start();
        await again.ready;
        expect(again.output()).toContain('Sign in as root@restart.test');
        expect(await login()).toBe(200);
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);
    }, 90_000);
});
