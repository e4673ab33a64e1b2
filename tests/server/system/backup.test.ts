import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupInfo, type DiskUsage } from '../../../contract/system';
import { signingSecret } from '../../../server/db/bootstrap';
import { rows } from '../../../server/db/database';
import { startDemoFleet } from '../../../server/demo/fleet/demo';
import { seedDemoDevices } from '../../../server/demo/seed-devices';
import { seedDemoEvents } from '../../../server/demo/seed-events';
import { seedDemoFirmware } from '../../../server/demo/seed-firmware';
import { writeBackup } from '../../../server/resources/system/backup/archive';
import { scheduledBackup } from '../../../server/resources/system/backup/store';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { archiveFiles, archiveRows, databaseRows, repack, restoreBody, storedFiles, tarParts } from './backupArchive';

/**
 * Backup and restore of the whole platform: the archive holds every row and
 * file, a restore gives them back exactly, and a damaged or foreign archive
 * changes nothing.
 */
let p: TestPlatform;
let backupDir: string;
let token: string;

const download = async (platform: TestPlatform, bearer: string) => {
    const url = await platform.listen();
    const res = await fetch(`${url}/api/v2/system/backup`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-tar');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="backup-\d{8}-\d{6}\.tar"$/);
    return Buffer.from(await res.arrayBuffer());
};
const restore = (platform: TestPlatform, bearer: string, archive: Buffer, fields: Record<string, string> = {}) =>
    platform.call(bearer, { method: 'POST', url: '/api/v2/system/restore', ...restoreBody(archive, fields) });
/** What must not change when a restore is refused: every row and every file. */
const fingerprint = async (platform: TestPlatform) => ({ rows: await databaseRows(platform), files: storedFiles(platform.filesDir) });

beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-backups-'));
    p = await startPlatform({ backupDir, deviceHeartbeatSeconds: 1 });
    token = await p.login(ADMIN.email);
    await seedDemoFirmware(p.ctx, p.mainAccountId);
}, 60_000);
afterAll(async () => {
    await p?.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
});

describe('a damaged or foreign backup', () => {
    it('is refused whole, with nothing changed: a flipped byte in any part, a cut, another file, a newer version', async () => {
        const archive = await download(p, token);
        const parts = tarParts(archive);
        expect(parts[0]!.name).toBe('backup.json');
        expect(parts.at(-1)!.name).toBe('manifest.json');
        expect(parts.some(x => x.name.startsWith('files/firmware') || x.name.startsWith('files/artifacts'))).toBe(true);
        const before = await fingerprint(p);

        for (const part of parts) {
            const damaged = Buffer.from(archive);
            damaged[part.offset + Math.floor(part.size / 2)]! ^= 0x01;
            const res = await restore(p, token, damaged);
            expect([400, 409], `${part.name}: ${res.body}`).toContain(res.statusCode);
            expect(res.json().error, part.name).toMatch(/^This backup is damaged: nothing was changed|^This file is not a backup/);
        }
        // The manifest's own counts (rows per table, files) are in no part's checksum: a digit changed there is refused too.
        const manifest = parts.at(-1)!;
        const text = archive.subarray(manifest.offset, manifest.offset + manifest.size).toString('latin1');
        for (const field of [/"users": (\d)/, /"count": (\d)/]) {
            const at = field.exec(text);
            expect(at, String(field)).not.toBeNull();
            const damaged = Buffer.from(archive);
            damaged[manifest.offset + at!.index + at![0].length - 1]! ^= 0x01;
            const res = await restore(p, token, damaged);
            expect(res.statusCode, String(field)).toBe(400);
            expect(res.json().error).toBe(`${BACKUP_MESSAGES.damaged} (manifest.json does not match its checksum)`);
        }
        for (const cut of [100, 1024, Math.floor(archive.length / 2), parts.at(-1)!.offset - 1, archive.length - 1024 - 200]) {
            const res = await restore(p, token, archive.subarray(0, cut));
            expect(res.statusCode, `cut at ${cut}`).toBe(400);
        }
        const notOurs = await restore(p, token, Buffer.from('name,email\nsomeone,someone@example.com\n'));
        expect(notOurs.statusCode).toBe(400);
        expect(notOurs.json().error).toBe(BACKUP_MESSAGES.notABackup);

        // A backup from a version with one more migration than this server knows, its checksums right.
        const newer = await repack(parts, header => ({
            ...header,
            migrations: { ...header.migrations, count: header.migrations.count + 1 },
        }));
        const res = await restore(p, token, newer);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatch(/^This backup was made by a newer version of the platform/);

        expect(await fingerprint(p)).toEqual(before);
    }, 120_000);

    it('of another platform is refused until the operator says so', async () => {
        const other = await startPlatform({ backupDir });
        try {
            const archive = await download(other, await other.login(ADMIN.email));
            const before = await fingerprint(p);
            const res = await restore(p, token, archive);
            expect(res.statusCode).toBe(409);
            expect(res.json().error).toBe(BACKUP_MESSAGES.otherPlatform);
            expect(await fingerprint(p)).toEqual(before);
        } finally {
            await other.close();
        }
    }, 60_000);
});

describe('a backup taken while readers post events', () => {
    it('restores every row and file it holds, and every event acknowledged before it began', async () => {
        const account = p.demo.customers[0];
        const plan = await seedDemoDevices(p.ctx.db, [account.name], 4);
        await seedDemoEvents(p.ctx, { accountIds: [account.id], now: new Date() });
        const fleet = startDemoFleet({ url: await p.listen(), size: 4, plan, eventRate: 20, outagesPerHour: 0 });
        let archive: Buffer;
        let acknowledged: number[];
        try {
            const posted = async () => (await rows<{ n: number }>(p.ctx.db, sql`select count(*)::int as n from events`))[0]!.n;
            const start = await posted();
            for (let i = 0; i < 100 && (await posted()) < start + 10; i++) await new Promise(r => setTimeout(r, 200));
            acknowledged = (await rows<{ id: string }>(p.ctx.db, sql`select id from events`)).map(r => Number(r.id));
            expect(acknowledged.length).toBeGreaterThan(start);
            archive = await download(p, token);
            // Readers went on posting while the backup was read.
            for (let i = 0; i < 50 && (await posted()) <= acknowledged.length; i++) await new Promise(r => setTimeout(r, 200));
            expect(await posted()).toBeGreaterThan(acknowledged.length);
        } finally {
            await fleet.stop();
        }
        const parts = tarParts(archive);
        const inArchive = archiveRows(parts);
        const files = archiveFiles(parts);
        expect(files.size).toBeGreaterThan(50);
        const archivedEvents = new Set(inArchive.get('events')!.map(line => (JSON.parse(line) as { id: number }).id));
        for (const id of acknowledged) expect(archivedEvents.has(id), `event ${id}`).toBe(true);

        // The platform changes after the backup: a user gone, an account added, a file gone.
        const dealer = await p.login(p.demo.dealer.users.dealer.email);
        expect((await p.call(token, { method: 'DELETE', url: `/api/v2/users/${p.demo.customers[0].users.moderator.id}` })).statusCode).toBe(
            204,
        );
        expect(
            (
                await p.call(token, {
                    method: 'POST',
                    url: '/api/v2/accounts',
                    payload: {
                        name: 'After The Backup',
                        ref_number: 'AB-1',
                        address: { email: 'after@backup.test' },
                        parent_id: p.demo.dealer.id,
                    },
                })
            ).statusCode,
        ).toBe(201);
        const gone = [...files.keys()].find(k => k.startsWith('events/'))!;
        fs.rmSync(path.join(p.filesDir, gone));

        // Restored events are not news: live consoles hear nothing of them.
        const heard: string[] = [];
        const unsubscribe = p.ctx.realtime.subscribe('events', payload => heard.push(payload));
        const res = await restore(p, token, archive);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().tables.events).toBe(inArchive.get('events')!.length);
        await new Promise(r => setTimeout(r, 300));
        unsubscribe();
        expect(heard).toEqual([]);

        const restored = await databaseRows(p);
        // The restore's own audit entry is the one row the archive does not hold.
        const audit = restored.get('audit_logs')!;
        const extra = audit.filter(line => !inArchive.get('audit_logs')!.includes(line));
        expect(extra.map(line => JSON.parse(line) as { action: string; entity: string })).toMatchObject([
            { action: 'restore', entity: 'System Manager' },
        ]);
        restored.set(
            'audit_logs',
            audit.filter(line => !extra.includes(line)),
        );
        // Every session ended: the restored platform is signed in to afresh.
        const sessions = (line: string) => {
            const { revoked_at: _revoked, ...rest } = JSON.parse(line) as Record<string, unknown>;
            return JSON.stringify(rest);
        };
        expect(restored.get('sessions')!.every(line => (JSON.parse(line) as { revoked_at: string | null }).revoked_at !== null)).toBe(true);
        restored.set('sessions', restored.get('sessions')!.map(sessions));
        inArchive.set('sessions', inArchive.get('sessions')!.map(sessions));
        expect(new Set(restored.keys())).toEqual(new Set(inArchive.keys()));
        for (const [table, lines] of inArchive) expect(restored.get(table), table).toEqual(lines);
        expect(storedFiles(p.filesDir)).toEqual(files);

        expect((await p.call(dealer, { method: 'GET', url: '/api/v2/accounts' })).statusCode).toBe(401);
        const again = await p.as(ADMIN.email);
        expect((await again('GET', `/users/${p.demo.customers[0].users.moderator.id}`)).statusCode).toBe(200);
        // Ids go on from where the backup left them.
        const made = await again('POST', '/accounts', {
            name: 'After The Restore',
            ref_number: 'AR-1',
            address: { email: 'after@restore.test' },
            parent_id: p.demo.dealer.id,
        });
        expect(made.statusCode).toBe(201);
        const accountIds = inArchive.get('accounts')!.map(line => (JSON.parse(line) as { id: number }).id);
        expect(made.json().id).toBeGreaterThan(Math.max(...accountIds));
    }, 180_000);
});

describe('a cancelled download', () => {
    it('ends the backup and nothing else: the server answers and the next backup is whole', async () => {
        // A large file keeps the backup in its files part when the client goes away.
        await p.ctx.storage.put('artifacts/0/cancelled-download.bin', randomBytes(32 * 1024 * 1024));
        // A restore above ended every session.
        const token = await p.login(ADMIN.email);
        try {
            const url = await p.listen();
            // A client that reads the first bytes, then drops the connection.
            await new Promise<void>((resolve, reject) => {
                const request = http.get(`${url}/api/v2/system/backup`, { headers: { authorization: `Bearer ${token}` } }, response => {
                    response.once('data', () => {
                        request.destroy();
                        resolve();
                    });
                });
                request.on('error', error => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
            });
            // And one that stops reading part way through, as the writer sees it.
            const out = new PassThrough();
            const writing = writeBackup(p.ctx, out);
            await new Promise(r => out.once('data', r));
            out.destroy();
            await expect(writing).rejects.toThrow('The backup stopped being read');
            await new Promise(r => setTimeout(r, 1000));
            expect((await fetch(`${url}/api/v2/version`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
            const whole = tarParts(await download(p, token));
            expect(whole.at(-1)!.name).toBe('manifest.json');
            expect(whole.some(part => part.name === 'files/artifacts/0/cancelled-download.bin')).toBe(true);
        } finally {
            await p.ctx.storage.delete('artifacts/0/cancelled-download.bin');
        }
    }, 60_000);
});

describe('moving between the embedded database and PostgreSQL', () => {
    it('gives the same rows and files one way and back (both ways on PGlite when there is no PostgreSQL)', async () => {
        // With TEST_DATABASE_URL, `p` runs on PostgreSQL: a PGlite platform moves onto it, then back to a new PGlite one.
        const embedded = await startPlatform({ backupDir }, { embedded: true });
        const target = await startPlatform({ backupDir });
        const back = await startPlatform({ backupDir }, { embedded: true });
        try {
            await seedDemoFirmware(embedded.ctx, embedded.mainAccountId);
            await seedDemoDevices(embedded.ctx.db, [embedded.demo.customers[1].name], 4);
            await seedDemoEvents(embedded.ctx, { accountIds: [embedded.demo.customers[1].id], now: new Date() });
            const archive = await download(embedded, await embedded.login(ADMIN.email));
            const parts = tarParts(archive);
            expect(JSON.parse(parts[0]!.data.toString('utf8'))).toMatchObject({ database: 'pglite' });

            const moved = await restore(target, await target.login(ADMIN.email), archive, { other_platform: 'true' });
            expect(moved.statusCode, moved.body).toBe(200);
            const rowsOf = async (platform: TestPlatform) => {
                const all = await databaseRows(platform);
                // Each restore ends the sessions and leaves its own audit entry: the rest must be the same.
                all.delete('sessions');
                all.set(
                    'audit_logs',
                    all.get('audit_logs')!.filter(line => (JSON.parse(line) as { action: string }).action !== 'restore'),
                );
                return all;
            };
            const rowsIn = (archived: ReturnType<typeof tarParts>) => {
                const all = archiveRows(archived);
                all.delete('sessions');
                all.set(
                    'audit_logs',
                    all.get('audit_logs')!.filter(line => (JSON.parse(line) as { action: string }).action !== 'restore'),
                );
                return all;
            };
            expect(rowsIn(parts).get('events')!.length).toBeGreaterThan(50);
            expect(await rowsOf(target)).toEqual(rowsIn(parts));
            expect(storedFiles(target.filesDir)).toEqual(archiveFiles(parts));

            // The moved platform is the old one: its admin signs in with the old password, and back it goes.
            const again = await download(target, await target.login(ADMIN.email));
            const returned = await restore(back, await back.login(ADMIN.email), again, { other_platform: 'true' });
            expect(returned.statusCode, returned.body).toBe(200);
            expect(await rowsOf(back)).toEqual(rowsIn(tarParts(again)));
            expect(storedFiles(back.filesDir)).toEqual(archiveFiles(parts));
        } finally {
            await Promise.all([embedded.close(), target.close(), back.close()]);
        }
    }, 180_000);
});

describe('backups kept in the backup folder', () => {
    it('are written on demand and on schedule, read back, listed, downloaded, and the oldest removed past BACKUP_KEEP', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-kept-'));
        const kept = await startPlatform({ backupDir: dir, backupKeep: 2, backupEveryHours: 24 });
        try {
            const admin = await kept.as(ADMIN.email);
            const info = async () => (await admin('GET', '/system/backup/info')).json() as BackupInfo;
            expect(await info()).toMatchObject({ directory: dir, every_hours: 24, keep: 2, backups: [] });
            // Nothing kept yet: the schedule is due now, and the job writes one.
            await scheduledBackup.run(kept.ctx);
            const first = (await info()).backups;
            expect(first).toMatchObject([{ state: 'verified', scheduled: true }]);
            await scheduledBackup.run(kept.ctx);
            expect((await info()).backups).toHaveLength(1);
            expect(Date.parse((await info()).next_at!)).toBe(Date.parse(first[0]!.created_at) + 24 * 3_600_000);

            const names: string[] = [first[0]!.name];
            for (let i = 0; i < 2; i++) {
                kept.clock.offsetMs += 60_000;
                const made = await admin('POST', '/system/backups');
                expect(made.statusCode, made.body).toBe(201);
                expect(made.json()).toMatchObject({ state: 'verified', scheduled: false });
                expect(made.json().sha256).toMatch(/^[0-9a-f]{64}$/);
                names.push(made.json().name as string);
            }
            const listed = (await info()).backups;
            expect(listed.map(b => b.name)).toEqual([names[2], names[1]]);
            expect(fs.readdirSync(dir).sort()).toEqual(
                [names[1]!, names[1]!.replace('.tar', '.json'), names[2]!, names[2]!.replace('.tar', '.json')].sort(),
            );

            const file = await kept.call(await kept.login(ADMIN.email), { method: 'GET', url: `/api/v2/system/backups/${names[2]}` });
            expect(file.statusCode).toBe(200);
            expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(listed[0]!.sha256);
            expect(Number(file.headers['content-length'])).toBe(listed[0]!.bytes);
            expect((await admin('GET', '/system/backups/..%2Fpasswd')).statusCode).toBe(404);
            expect((await admin('GET', `/system/backups/${names[0]}`)).statusCode).toBe(404);

            const usage = (await admin('GET', '/system/disk/usage?fresh=true')).json() as DiskUsage;
            const part = (name: string) => usage.parts.find(x => x.part === name)!;
            expect(part('backups').files).toBe(4);
            expect(part('backups').bytes).toBe(
                listed[0]!.bytes +
                    listed[1]!.bytes +
                    fs.statSync(path.join(dir, names[1]!.replace('.tar', '.json'))).size +
                    fs.statSync(path.join(dir, names[2]!.replace('.tar', '.json'))).size,
            );
            expect(part('database').bytes).toBeGreaterThan(1_000_000);
            expect(part('event_images').files).toBe(0);

            const trail = (await admin('GET', '/audit_logs?resource=system&entity=System%20Manager')).json().result as { action: string }[];
            expect(trail.filter(e => e.action === 'backup')).toHaveLength(2);
        } finally {
            await kept.close();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    }, 120_000);

    it('are for the platform administrators only: every other role is refused', async () => {
        for (const email of [
            p.demo.dealer.users.dealer.email,
            p.demo.dealer.users.installer.email,
            p.demo.customers[0].users.moderator.email,
            p.demo.customers[0].users.manager.email,
            p.demo.customers[0].users.user.email,
        ]) {
            const caller = await p.as(email);
            for (const [method, url] of [
                ['GET', '/system/backup'],
                ['GET', '/system/backup/info'],
                ['POST', '/system/backups'],
                ['POST', '/system/restore'],
                ['GET', '/system/disk/usage'],
            ] as const)
                expect((await caller(method, url)).statusCode, `${email} ${method} ${url}`).toBe(403);
        }
        expect((await p.call(undefined, { method: 'GET', url: '/api/v2/system/backup' })).statusCode).toBe(401);
    });
});

describe('backups at rest', () => {
    /** Everything of a file a reader without the key gets: its bytes, and the rows of a plain backup, unzipped. */
    const readable = (file: Buffer) => {
        let text = file.toString('latin1');
        for (const part of tarParts(file)) if (part.name.endsWith('.jsonl.gz')) text += gunzipSync(part.data).toString('utf8');
        return text;
    };
    const SMTP_PASSWORD = 'Sm7p-Pa55word';

    it('are readable by their owner only, in a folder closed to others', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-modes-'));
        fs.chmodSync(dir, 0o755);
        const kept = await startPlatform({ backupDir: dir });
        try {
            const made = await (await kept.as(ADMIN.email))('POST', '/system/backups');
            expect(made.statusCode, made.body).toBe(201);
            const name = made.json().name as string;
            expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
            expect(fs.statSync(path.join(dir, name.replace(/\.tar$/, '.json'))).mode & 0o777).toBe(0o600);
            expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
        } finally {
            await kept.close();
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it('with BACKUP_KEY are encrypted, restore with the key, and are refused without it or with another, changing nothing', async () => {
        const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'ac-keyed-')));
        const keyed = await startPlatform({ backupDir: dirs[0], backupKey: 'correct horse battery staple' });
        const keyless = await startPlatform({ backupDir: dirs[1] });
        const otherKey = await startPlatform({ backupDir: dirs[2], backupKey: 'another key altogether' });
        try {
            for (const platform of [keyed, keyless]) {
                const saved = await (
                    await platform.as(ADMIN.email)
                )('PUT', '/system/settings', {
                    smtp_url: `smtp://mailer:${SMTP_PASSWORD}@mail.example:587`,
                });
                expect(saved.statusCode, saved.body).toBe(200);
            }
            // Without a key, the signing secret and the SMTP password are there for whoever reads the file.
            const plain = await (await keyless.as(ADMIN.email))('POST', '/system/backups');
            const plainFile = fs.readFileSync(path.join(dirs[1]!, plain.json().name as string));
            expect(readable(plainFile)).toContain(await signingSecret(keyless.ctx.db));
            expect(readable(plainFile)).toContain(SMTP_PASSWORD);

            const admin = await keyed.as(ADMIN.email);
            const made = await admin('POST', '/system/backups');
            expect(made.statusCode, made.body).toBe(201);
            expect(made.json()).toMatchObject({ state: 'verified' });
            const file = fs.readFileSync(path.join(dirs[0]!, made.json().name as string));
            expect(file.subarray(0, 8).toString('latin1')).toBe('ACBKENC1');
            expect(readable(file)).not.toContain(await signingSecret(keyed.ctx.db));
            expect(readable(file)).not.toContain(SMTP_PASSWORD);
            expect(readable(file)).not.toContain('backup.json');
            // A backup downloaded as it is read is encrypted too.
            const streamed = await download(keyed, await keyed.login(ADMIN.email));
            expect(streamed.subarray(0, 8).toString('latin1')).toBe('ACBKENC1');
            expect(readable(streamed)).not.toContain(await signingSecret(keyed.ctx.db));

            for (const [target, refusal] of [
                [keyless, BACKUP_MESSAGES.encryptedWithoutKey],
                [otherKey, BACKUP_MESSAGES.wrongKey],
            ] as const) {
                const bearer = await target.login(ADMIN.email);
                const before = await fingerprint(target);
                const res = await restore(target, bearer, file, { other_platform: 'true' });
                expect(res.statusCode).toBe(400);
                expect(res.json().error).toBe(refusal);
                expect(await fingerprint(target)).toEqual(before);
            }
            const damaged = Buffer.from(file);
            damaged[file.length >> 1]! ^= 0x01;
            const bearer = await keyed.login(ADMIN.email);
            const before = await fingerprint(keyed);
            const refused = await restore(keyed, bearer, damaged);
            expect(refused.statusCode).toBe(400);
            expect(refused.json().error).toMatch(
                /^This backup is damaged: nothing was changed \(its encrypted chunk \d+ does not match its tag\)$/,
            );
            expect(await fingerprint(keyed)).toEqual(before);
            const cut = await restore(keyed, bearer, file.subarray(0, file.length - 100));
            expect(cut.statusCode).toBe(400);
            expect(await fingerprint(keyed)).toEqual(before);

            // With the key, both restore; a plain backup too.
            for (const archive of [file, streamed]) {
                const res = await restore(keyed, await keyed.login(ADMIN.email), archive);
                expect(res.statusCode, res.body).toBe(200);
            }
            const res = await restore(keyed, await keyed.login(ADMIN.email), plainFile, { other_platform: 'true' });
            expect(res.statusCode, res.body).toBe(200);
        } finally {
            await Promise.all([keyed.close(), keyless.close(), otherKey.close()]);
            for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
        }
    }, 120_000);
});
