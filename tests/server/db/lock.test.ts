import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../server/db/lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ac-lock-'));
const lockFile = (dir: string) => path.join(dir, 'server.lock');
const holderPid = (dir: string) => (JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number }).pid;

const spawned: ChildProcess[] = [];
afterAll(() => spawned.forEach(child => child.kill('SIGKILL')));

/** A process that takes the lock of dir when told: `answer` resolves with 'held', 'refused' or a failure. */
const racer = (dir: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lockRacer.ts'), dir], {
        stdio: ['pipe', 'pipe', 'inherit'],
    });
    spawned.push(child);
    let output = '';
    const lines = new Promise<void>(resolve => child.stdout!.on('data', d => (output += d) && output.includes('ready') && resolve()));
    const answer = new Promise<string>(resolve =>
        child.stdout!.on('data', () => /(held|refused|failed.*)\n/.test(output) && resolve(output.split('\n')[1]!)),
    );
    return { child, ready: lines, answer, go: () => child.stdin!.write('go\n') };
};

const killed = (child: ChildProcess) =>
    new Promise<void>(resolve => {
        child.on('exit', () => resolve());
        child.kill('SIGKILL');
    });

describe('DATA_DIR lock', () => {
    it('refuses a folder locked by a running server, with a message saying what to do', async () => {
        const dir = tempDir();
        const holder = racer(dir);
        await holder.ready;
        holder.go();
        expect(await holder.answer).toBe('held');
        try {
            expect(() => lockDataDir(dir)).toThrow(/^Another server \(pid \d+\) is using .*DATABASE_URL[^\n]*$/);
        } finally {
            await killed(holder.child);
        }
    });

    it('takes over a lock left by a process that is gone, and releases it', async () => {
        const dir = tempDir();
        const holder = racer(dir);
        await holder.ready;
        holder.go();
        await holder.answer;
        await killed(holder.child);
        const release = lockDataDir(dir);
        expect(holderPid(dir)).toBe(process.pid);
        release();
        expect(fs.existsSync(lockFile(dir))).toBe(false);
    });

    it('takes over a lock whose pid now belongs to another running process', async () => {
        const dir = tempDir();
        // The lock of a server that is gone, whose pid the system has since given to `sleep`.
        const other = spawn('sleep', ['30']);
        try {
            const ours = JSON.parse(
                (() => {
                    const release = lockDataDir(dir);
                    const text = fs.readFileSync(lockFile(dir), 'utf8');
                    release();
                    return text;
                })(),
            ) as { started: string };
            expect(ours.started).not.toBe('');
            fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: other.pid, started: ours.started, token: 'an-earlier-server' }));
            const release = lockDataDir(dir);
            expect(holderPid(dir)).toBe(process.pid);
            release();
        } finally {
            other.kill();
        }
    });

    it('takes over the bare-pid lock of an earlier version when that pid is gone', async () => {
        const dir = tempDir();
        const gone = spawn('true');
        await new Promise(resolve => gone.on('exit', resolve));
        fs.writeFileSync(lockFile(dir), String(gone.pid));
        lockDataDir(dir)();
        expect(fs.existsSync(lockFile(dir))).toBe(false);
    });

    it('never lets two processes racing for a stale lock both hold it', async () => {
        const dir = tempDir();
        const rounds = 12;
        const racers = 4;
        let stale = 0;
        for (let round = 0; round < rounds; round++) {
            const group = Array.from({ length: racers }, () => racer(dir));
            await Promise.all(group.map(r => r.ready));
            if (fs.existsSync(lockFile(dir))) stale++;
            group.forEach(r => r.go());
            const answers = await Promise.all(group.map(r => r.answer));
            expect(
                answers.filter(a => a === 'held'),
                `round ${round}: ${answers.join(', ')}`,
            ).toHaveLength(1);
            expect(answers.filter(a => a !== 'held' && a !== 'refused')).toEqual([]);
            // SIGKILL leaves the holder's lock behind: the next round races for a stale lock.
            await Promise.all(group.map(r => killed(r.child)));
        }
        expect(stale).toBe(rounds - 1);
        // No marker of a takeover is left behind.
        expect(fs.readdirSync(dir).filter(name => name !== 'server.lock')).toEqual([]);
    }, 120_000);
});
