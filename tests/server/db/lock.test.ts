import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../server/db/lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ac-lock-'));

describe('DATA_DIR lock', () => {
    it('refuses a folder locked by a running process, with a message saying what to do', async () => {
        const dir = tempDir();
        const other = spawn('sleep', ['30']);
        try {
            fs.writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
            expect(() => lockDataDir(dir)).toThrow(/Another server \(pid \d+\) is using .*DATABASE_URL/);
        } finally {
            other.kill();
        }
    });

    it('takes over a lock left by a process that is gone, and releases it', async () => {
        const dir = tempDir();
        const gone = spawn('true');
        await new Promise(resolve => gone.on('exit', resolve));
        fs.writeFileSync(path.join(dir, 'server.lock'), String(gone.pid));
        const release = lockDataDir(dir);
        expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
        release();
        expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    });
});
