import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process on a private data folder, as `npm start` runs it. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-restart-'));
const port = 18000 + (process.pid % 1000);
const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'root@restart.test',
    ADMIN_PASSWORD: 'Root#Pass1',
    DEMO: '0',
    LOG_LEVEL: 'warn',
};
const running: ChildProcess[] = [];

const start = (extra: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
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
        // One line that says what to do, no stack trace.
        expect(second.output().trim().split('\n')).toEqual([expect.stringMatching(/^Another server \(pid \d+\) is using .*DATABASE_URL/)]);

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

describe('server process with the demo and its simulated readers', () => {
    it('answers a request under way at SIGTERM, then exits at once although its connection would stay open', async () => {
        const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-stop-'));
        const server = start({ DATA_DIR: demoDir, DEMO: '1', DEMO_PASSWORD: 'Demo#Pass1', DEMO_FLEET: '6', DEVICE_HEARTBEAT_SECONDS: '1' });
        await server.ready;
        // A keep-alive request under way when the stop begins: half its body now, the rest after SIGTERM.
        const agent = new http.Agent({ keepAlive: true });
        const body = JSON.stringify({ username: 'root@restart.test', password: 'Root#Pass1' });
        let send!: () => void;
        const answered = new Promise<number>((resolve, reject) => {
            const req = http.request(
                {
                    host: '127.0.0.1',
                    port,
                    method: 'POST',
                    path: '/api/v2/login',
                    agent,
                    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
                },
                res => {
                    res.resume();
                    res.on('end', () => resolve(res.statusCode ?? 0));
                },
            );
            req.on('error', reject);
            req.write(body.slice(0, 10));
            send = () => req.end(body.slice(10));
        });
        await new Promise(r => setTimeout(r, 200));
        const stopping = Date.now();
        server.child.kill('SIGTERM');
        await new Promise(r => setTimeout(r, 1000));
        send();
        expect(await answered).toBe(200);
        expect(await server.exited).toBe(0);
        // Its connection, busy when closing began, would otherwise keep the process until the 72 s keep-alive timeout.
        expect(Date.now() - stopping).toBeLessThan(15_000);
        agent.destroy();
    }, 120_000);
});
