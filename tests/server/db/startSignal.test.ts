import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM to exactly what the README starts (`npm start`), as a service
 * manager or a container stop sends it: the server stops and frees its port
 * and the data folder's lock. npm used to exit with 143 and leave the server
 * running, holding both.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-start-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const portAnswers = (port: number) =>
    new Promise<boolean>(resolve => {
        const socket = net.connect(port, '127.0.0.1', () => {
            socket.destroy();
            resolve(true);
        });
        socket.on('error', () => resolve(false));
    });

describe('npm start', () => {
    it('stops the server and frees the port and the lock on SIGTERM', async () => {
        const port = 18_700 + (process.pid % 200);
        const npm = spawn('npm', ['start'], {
            env: {
                ...process.env,
                PORT: String(port),
                HOST: '127.0.0.1',
                DATA_DIR: dir,
                DEMO: '0',
                JOBS: '0',
                ADMIN_PASSWORD: 'Admin#Pass1',
                LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        npm.stdout.on('data', d => (output += d));
        npm.stderr.on('data', d => (output += d));
        const exited = new Promise(resolve => npm.on('exit', resolve));
        for (let i = 0; i < 600 && !output.includes('Sign in as'); i++) await new Promise(r => setTimeout(r, 200));
        expect(output).toContain('Sign in as');
        expect(await portAnswers(port)).toBe(true);

        npm.kill('SIGTERM');
        await exited;
        let free = false;
        for (let i = 0; i < 50 && !free; i++) {
            free = !(await portAnswers(port));
            if (!free) await new Promise(r => setTimeout(r, 200));
        }
        expect(free, output).toBe(true);
        expect(fs.readdirSync(dir).filter(f => f.includes('lock'))).toEqual([]);
    }, 180_000);
});
