import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformJobs } from '../../../server/features';

/** The hourly sweeps: the storage's (a restore's staged files) and the backup folder's. */
const sweeps = platformJobs.filter(j => j.name === 'storage sweep' || j.name === 'backup leftovers');
const sweep = async (ctx: Parameters<(typeof sweeps)[number]['run']>[0]) => {
    for (const job of sweeps) await job.run(ctx);
};
import { httpAdmin, startServer, type ServerProcess } from '../events/processes';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { restoreBody } from './backupArchive';

/**
 * What a killed backup or restore leaves (docs/ops.md, Debris): staged
 * files, the old files tree, an uploaded backup, a partial backup and its
 * spool. The sweep at start and every hour removes them once older than the
 * grace period (60 minutes), and leaves what is in use.
 */
const HOUR = 3600_000;

/** What a process killed three hours ago left, as it left it: in the files folder and the backup folder. */
const leaveLeftovers = (filesDir: string, backupDir: string) => {
    const leftovers = [
        // a restore killed while staging its files
        path.join(filesDir, '.restore-0a1b2c3d4e5f'),
        // one killed while removing the old files, once the new ones were in place
        path.join(filesDir, '.replaced-6a7b8c9d0e1f'),
        // its upload, a backup cut short, and that backup's rows
        path.join(backupDir, '.incoming-0123456789ab.tar'),
        path.join(backupDir, 'backup-20261101-030000.tar.part'),
        path.join(backupDir, '.spool-abcdef012345'),
    ];
    const write = (file: string, data: string | Buffer) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, data);
    };
    write(path.join(leftovers[0]!, 'events/2026/11/01/1/7-0123456789abcdef.jpg'), Buffer.alloc(4096, 1));
    write(path.join(leftovers[1]!, 'artifacts/1/4b1d7e52-0a7c-4f0e-9a51-3c2f1c1d9e10.mender'), Buffer.alloc(4096, 2));
    write(path.join(leftovers[1]!, '.swapped-out'), '');
    for (const file of leftovers.slice(2)) write(file, Buffer.alloc(4096, 3));
    // Kept: a backup, and an upload younger than the grace period (another instance's restore may be reading it).
    const kept = [
        path.join(backupDir, 'backup-20261031-030000.tar'),
        path.join(backupDir, 'backup-20261031-030000.json'),
        path.join(backupDir, '.incoming-ba9876543210.tar'),
    ];
    for (const file of kept) write(file, 'kept');
    const old = new Date(Date.now() - 3 * HOUR);
    for (const top of [...leftovers, kept[0]!, kept[1]!]) {
        const inside = fs.statSync(top).isDirectory() ? (fs.readdirSync(top, { recursive: true }) as string[]) : [];
        for (const file of [...inside.map(name => path.join(top, name)), top]) fs.utimesSync(file, old, old);
    }
    return { leftovers, kept };
};

describe('leftovers of a killed backup and restore', () => {
    let server: ServerProcess | undefined;
    let data: string | undefined;
    afterAll(async () => {
        server?.child.kill('SIGKILL');
        await server?.exited;
        if (data) fs.rmSync(data, { recursive: true, force: true });
    });

    it('are removed by the sweep at start, and what is not theirs stays', async () => {
        data = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-leftovers-'));
        const filesDir = path.join(data, 'files');
        const { leftovers, kept } = leaveLeftovers(filesDir, path.join(data, 'backups'));
        fs.mkdirSync(path.join(filesDir, 'consents'), { recursive: true });
        fs.writeFileSync(path.join(filesDir, 'consents/kept.txt'), 'stored');
        server = startServer(19000 + ((process.pid + 700) % 1000), { DATA_DIR: data, JOBS: '1', BACKUP_EVERY_HOURS: '0' });
        await server.ready;
        await vi.waitFor(() => expect(leftovers.filter(file => fs.existsSync(file))).toEqual([]), { timeout: 10_000, interval: 100 });
        for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
        expect(fs.readFileSync(path.join(filesDir, 'consents/kept.txt'), 'utf8')).toBe('stored');
        expect((await (await httpAdmin(server.url)).call('GET', '/system/backup/info')).status).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
    }, 60_000);
});

describe('the hourly sweep', () => {
    let p: TestPlatform;
    let backupDir: string;
    beforeAll(async () => {
        backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-leftover-backups-'));
        p = await startPlatform({ backupDir });
    }, 60_000);
    afterAll(async () => {
        await p?.close();
        fs.rmSync(backupDir, { recursive: true, force: true });
    });

    it('removes the leftovers of a killed backup and restore', async () => {
        const { leftovers, kept } = leaveLeftovers(p.filesDir, backupDir);
        await sweep(p.ctx);
        expect(leftovers.filter(file => fs.existsSync(file))).toEqual([]);
        for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
    });

    it('finishes the swap of files a restore was killed in, since its rows were committed before it', async () => {
        const at = (...parts: string[]) => path.join(p.filesDir, ...parts);
        const write = (file: string, text: string) => {
            fs.mkdirSync(path.dirname(file), { recursive: true });
            fs.writeFileSync(file, text);
        };
        const ageAll = () => {
            const old = new Date(Date.now() - 3 * HOUR);
            for (const name of fs.readdirSync(p.filesDir, { recursive: true }) as string[]) fs.utimesSync(at(name), old, old);
        };
        const read = (key: string) => fs.readFileSync(at(key), 'utf8');
        // Killed while the old folders were moved out: one is out, one still in place.
        write(at('.replaced-111111111111/consents/1.txt'), 'old consent');
        write(at('consent-templates/1.txt'), 'old template');
        write(at('.restore-111111111111/consents/1.txt'), 'restored consent');
        write(at('.restore-111111111111/consent-templates/1.txt'), 'restored template');
        ageAll();
        await sweep(p.ctx);
        expect([read('consents/1.txt'), read('consent-templates/1.txt')]).toEqual(['restored consent', 'restored template']);
        expect(fs.readdirSync(p.filesDir).filter(name => name.startsWith('.'))).toEqual([]);

        // Killed while the restored folders were moved in: one is in, one still staged.
        write(at('.replaced-222222222222/.swapped-out'), '');
        write(at('.replaced-222222222222/consents/1.txt'), 'restored consent');
        write(at('.replaced-222222222222/consent-templates/1.txt'), 'restored template');
        fs.rmSync(at('consents'), { recursive: true });
        write(at('.restore-222222222222/consents/1.txt'), 'second consent');
        fs.writeFileSync(at('consent-templates/1.txt'), 'second template');
        ageAll();
        await sweep(p.ctx);
        expect([read('consents/1.txt'), read('consent-templates/1.txt')]).toEqual(['second consent', 'second template']);
        expect(fs.readdirSync(p.filesDir).filter(name => name.startsWith('.'))).toEqual([]);
    });

    it('leaves the upload of a restore under way, however old it looks, and the restore goes on', async () => {
        const token = await p.login(ADMIN.email);
        const archive = Buffer.from(
            await (
                await fetch(`${await p.listen()}/api/v2/system/backup`, { headers: { authorization: `Bearer ${token}` } })
            ).arrayBuffer(),
        );
        const { payload, headers } = restoreBody(archive);
        const url = new URL(`${await p.listen()}/api/v2/system/restore`);
        // The upload stops half way, as a slow client's would.
        let answer: (reply: { status: number; body: string }) => void = () => undefined;
        const answered = new Promise<{ status: number; body: string }>(resolve => (answer = resolve));
        const request = http.request(
            url,
            { method: 'POST', headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` } },
            response => {
                let body = '';
                response.on('data', chunk => (body += chunk));
                response.on('end', () => answer({ status: response.statusCode!, body }));
            },
        );
        const before = new Set(fs.readdirSync(backupDir));
        request.write(payload.subarray(0, payload.length >> 1));
        const incoming = () => fs.readdirSync(backupDir).filter(name => name.startsWith('.incoming-') && !before.has(name));
        await vi.waitFor(() => expect(incoming()).toHaveLength(1));
        const upload = path.join(backupDir, incoming()[0]!);
        await vi.waitFor(() => expect(fs.statSync(upload).size).toBeGreaterThan(0));
        const old = new Date(Date.now() - 3 * HOUR);
        fs.utimesSync(upload, old, old);
        await sweep(p.ctx);
        expect(fs.existsSync(upload)).toBe(true);
        request.end(payload.subarray(payload.length >> 1));
        const reply = await answered;
        expect(reply.status, reply.body).toBe(200);
        expect(JSON.parse(reply.body)).toMatchObject({ tables: { users: expect.any(Number) } });
        expect(incoming()).toEqual([]);
    }, 60_000);
});
