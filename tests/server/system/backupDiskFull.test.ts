import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupInfo } from '../../../contract/system';
import { estimateBackup } from '../../../server/resources/system/backup/space';
import { scheduledBackup } from '../../../server/resources/system/backup/store';
import { httpAdmin, startServer, type ServerProcess } from '../events/processes';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { restoreBody } from './backupArchive';

/**
 * Backups into a backup folder on a small volume of its own (tmpfs, mounted
 * by the test: it runs as root, as .ci/run does) with less room than the
 * backup takes. The reserve of a 128 MiB volume is its least, 8 MiB.
 */
const MiB = 1024 * 1024;
const RESERVE = 8 * MiB;
const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-backup-tmpfs-'));
try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=128m', 'tmpfs', volume], { stdio: 'pipe' });
} catch (error) {
    throw new Error(`This test mounts a tmpfs volume and must run as root (as .ci/run does): ${String(error)}`);
}
const port = 19000 + ((process.pid + 500) % 1000);
let server: ServerProcess | undefined;
let p: TestPlatform | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-backup-data-'));
afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await p?.close();
    execFileSync('umount', ['-l', volume]);
    fs.rmdirSync(volume);
    fs.rmSync(dataDir, { recursive: true, force: true });
});

const free = () => {
    const s = fs.statfsSync(volume);
    return s.bavail * s.bsize;
};
const filler = path.join(volume, 'filler');
/** Grows or shrinks a file of the test's own until the volume has about `room` bytes free. */
const leaveFree = (room: number) => {
    const size = fs.existsSync(filler) ? fs.statSync(filler).size : 0;
    const target = Math.max(0, size + free() - room);
    if (target < size) fs.truncateSync(filler, target);
    else fs.appendFileSync(filler, Buffer.alloc(target - size, 1));
};
/** Takes every byte left, as another program writing at the same time would. */
const fillUp = () => {
    const fd = fs.openSync(filler, 'a');
    const chunk = Buffer.alloc(MiB, 1);
    try {
        for (const size of [MiB, 4096, 1])
            try {
                for (;;) fs.writeSync(fd, chunk, 0, size);
            } catch (error) {
                if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            }
    } finally {
        fs.closeSync(fd);
    }
};
const NOT_ENOUGH =
    /^There is not enough disk space for this backup: it needs about [\d.]+ MiB; the backup folder's volume has [\d.]+ MiB free, of which [\d.]+ MiB is kept in reserve\./;
const FILLED =
    /^The disk filled up while the backup was written \([\d.]+ MiB free, [\d.]+ MiB kept in reserve\): the backup was stopped and its partial file deleted\./;

describe('a backup that does not fit (the real server)', () => {
    it('is refused with 507 before anything is written, and the server goes on answering', async () => {
        const backups = path.join(volume, 'refused');
        // 40 MiB of stored files: the backup is larger than that.
        fs.mkdirSync(path.join(dataDir, 'files/artifacts/0'), { recursive: true });
        fs.writeFileSync(path.join(dataDir, 'files/artifacts/0/large.bin'), randomBytes(40 * MiB));
        server = startServer(port, { DATA_DIR: dataDir, BACKUP_DIR: backups, BACKUP_EVERY_HOURS: '0' });
        await server.ready;
        const admin = await httpAdmin(server.url);
        // Room above the reserve, not for the backup.
        leaveFree(RESERVE + 20 * MiB);
        const refused = await admin.call('POST', '/system/backups');
        expect(refused.status).toBe(507);
        expect(refused.body.error).toMatch(NOT_ENOUGH);
        expect(fs.readdirSync(backups)).toEqual([]);
        expect(free()).toBeGreaterThan(RESERVE + 19 * MiB);
        // Alive, and the refusal is listed with its reason.
        const info = await admin.call('GET', '/system/backup/info');
        expect(info.status).toBe(200);
        expect((info.body as BackupInfo).backups).toMatchObject([{ state: 'failed', failure: expect.stringMatching(NOT_ENOUGH) }]);
        expect(server.child.exitCode).toBeNull();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        fs.rmSync(filler);
    }, 60_000);
});

describe('a backup on a volume short of room (in process)', () => {
    let admin: ApiCaller;
    const dir = path.join(volume, 'kept');
    const entries = () => fs.readdirSync(dir).sort();
    beforeAll(async () => {
        p = await startPlatform({ backupDir: dir, backupEveryHours: 24 });
        admin = await p.as(ADMIN.email);
        await p.ctx.storage.put('artifacts/0/large.bin', randomBytes(40 * MiB));
    }, 60_000);

    it('on schedule, is refused, logged, not tried again before an hour, and leaves nothing', async () => {
        const lines: string[] = [];
        const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } }).log;
        leaveFree(RESERVE + 20 * MiB);
        await scheduledBackup.run(p!.ctx, log);
        expect(lines.map(line => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
            { level: 50, msg: 'scheduled backup refused: not enough disk space', failure: expect.stringMatching(NOT_ENOUGH) },
        ]);
        expect(entries()).toEqual([]);
        const info = (await admin('GET', '/system/backup/info')).json() as BackupInfo;
        expect(info.backups).toMatchObject([{ state: 'failed', scheduled: true }]);
        expect(Date.parse(info.next_at!)).toBe(Date.parse(info.backups[0]!.created_at) + 3_600_000);
        // The job's next runs, a minute apart, wait for that hour.
        p!.clock.offsetMs += 60_000;
        await scheduledBackup.run(p!.ctx, log);
        expect(lines).toHaveLength(1);
        p!.clock.offsetMs += 3_600_000;
        await scheduledBackup.run(p!.ctx, log);
        expect(lines).toHaveLength(2);
        expect(entries()).toEqual([]);
        fs.rmSync(filler);
    }, 60_000);

    it('stops with 507 when the disk fills while it is written, deletes its partial file, and the server lives on', async () => {
        leaveFree(RESERVE + 100 * MiB);
        // Once the backup has begun its file, another program takes every byte left.
        let filled = false;
        const watcher = fs.watch(dir, (_event, name) => {
            if (filled || !String(name).endsWith('.part')) return;
            filled = true;
            fillUp();
        });
        try {
            p!.clock.offsetMs += 60_000;
            const res = await admin('POST', '/system/backups');
            expect(filled).toBe(true);
            expect(res.statusCode, res.body).toBe(507);
            expect(res.json().error).toMatch(FILLED);
        } finally {
            watcher.close();
        }
        expect(entries()).toEqual([]);
        expect((await admin('GET', '/system/backup/info')).statusCode).toBe(200);
        expect((await admin('POST', '/access_groups', { description: 'After the full disk' })).statusCode).toBe(201);
        fs.rmSync(filler);
    }, 60_000);

    it('that fits is written and leaves the reserve free', async () => {
        const estimate = await estimateBackup(p!.ctx);
        expect(estimate.bytes).toBeGreaterThan(40 * MiB);
        leaveFree(RESERVE + estimate.bytes + MiB);
        p!.clock.offsetMs += 60_000;
        const made = await admin('POST', '/system/backups');
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json()).toMatchObject({ state: 'verified' });
        expect(made.json().bytes).toBeLessThanOrEqual(estimate.bytes);
        expect(free()).toBeGreaterThanOrEqual(RESERVE);
        expect(entries()).toEqual([made.json().name, made.json().name.replace(/\.tar$/, '.json')].sort());
    }, 60_000);

    it('uploaded for a restore, stops at the reserve with 507 and leaves nothing', async () => {
        const archive = fs.readFileSync(
            path.join(
                dir,
                entries().find(name => name.endsWith('.tar'))!,
            ),
        );
        leaveFree(RESERVE + 10 * MiB);
        const kept = entries();
        const res = await p!.call(await p!.login(ADMIN.email), { method: 'POST', url: '/api/v2/system/restore', ...restoreBody(archive) });
        expect(res.statusCode, res.body).toBe(507);
        expect(res.json().error).toMatch(
            /^There is not enough disk space to receive this backup \([\d.]+ MiB free in the backup folder, [\d.]+ MiB kept in reserve\)\. Nothing was changed\.$/,
        );
        expect(entries()).toEqual(kept);
        expect(free()).toBeGreaterThan(RESERVE);
        fs.rmSync(filler);
    }, 60_000);
});
