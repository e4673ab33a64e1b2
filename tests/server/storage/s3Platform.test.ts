import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DiskUsage } from '../../../contract/system';
import { EVENT_RETENTION_OPTIONS } from '../../../contract/event-retention';
import { events } from '../../../server/db/schema';
import { eventRetention } from '../../../server/resources/events/retention';
import { keptBackupsPrefix } from '../../../server/storage/fromConfig';
import { s3Client, S3Storage } from '../../../server/storage/s3';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from '../events/helpers';
import { rootfsArtifact, tempDir } from '../firmware/artifacts';
import { multipart, upload } from '../firmware/helpers';
import { S3RVER, startS3Server, type TestS3Server } from './s3Server';

/**
 * The platform with its files in an S3 bucket (FILES_URL s3://...): what a reader sends, the console reads back.
 * The platform reaches the bucket through a link this test can cut (connections refused), as a network fault would.
 */
let s3: TestS3Server;
let link: { endpoint: string; cut(): void; mend(): void; close(): Promise<void> };
let p: TestPlatform;
let admin: ApiCaller;
let adminToken: string;
let reader: TestReader;
let folder: string;
const PREFIX = 'files/';

/** A TCP link to the S3 server: cut, it refuses new connections and drops those open. */
const tcpLink = async (port: number) => {
    let up = true;
    const open = new Set<net.Socket>();
    const server = net.createServer(client => {
        if (!up) return client.destroy();
        const upstream = net.connect(port, '127.0.0.1');
        open.add(client).add(upstream);
        const drop = () => {
            client.destroy();
            upstream.destroy();
            open.delete(client);
            open.delete(upstream);
        };
        client.pipe(upstream).pipe(client);
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return {
        endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        cut: () => {
            up = false;
            for (const socket of open) socket.destroy();
        },
        mend: () => {
            up = true;
        },
        close: () => new Promise<void>(resolve => server.close(() => resolve())),
    };
};

const objects = async () => {
    const keys: string[] = [];
    for await (const file of s3.storage({ prefix: PREFIX }).list()) keys.push(file.key);
    return keys;
};

beforeAll(async () => {
    s3 = await startS3Server();
    link = await tcpLink(Number(new URL(s3.endpoint).port));
    const client = s3Client({ endpoint: link.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER, maxAttempts: 2 });
    p = await startPlatform(
        {
            files: { kind: 's3', bucket: s3.bucket, prefix: PREFIX, endpoint: link.endpoint, region: 'us-east-1', forcePathStyle: true },
            backupKeep: 1,
        },
        {
            storage: new S3Storage({ client, bucket: s3.bucket, prefix: PREFIX }),
            keptBackups: new S3Storage({ client, bucket: s3.bucket, prefix: keptBackupsPrefix(PREFIX) }),
        },
    );
    adminToken = await p.login(ADMIN.email);
    admin = await p.as(ADMIN.email);
    reader = await approvedReader(p, admin, p.demo.customers[0].id, 'Loading dock');
    folder = tempDir('s3-fw-');
}, 60_000);
afterAll(async () => {
    await p?.close();
    await link?.close();
    await s3?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('files in an S3 bucket', () => {
    it("keeps a reader's event image in the bucket, and the console reads it back byte for byte", async () => {
        const image = frame(2).jpeg;
        const res = await reader.post([deviceEvent({ event: 'TailgatingByUnknownUser', image: 'picture' })], { picture: image });
        expect(res.body.rejected).toEqual([]);
        const id = res.body.accepted[0]!.id as number;
        const [row] = await p.ctx.db.select({ key: events.image_key }).from(events).where(eq(events.id, id));
        const name = row!.key!.split('/').pop()!;

        const full = await admin('GET', `/events/${id}/files/${name}`);
        expect(full.statusCode).toBe(200);
        expect(Buffer.compare(full.rawPayload, image)).toBe(0);
        // in the bucket, not in the platform's folder: a pack object under the prefix
        expect(await objects()).toContainEqual(expect.stringMatching(/^events\/.+\.pack$/));
        expect(fs.readdirSync(p.filesDir)).toEqual([]);
        expect((await admin('GET', `/events/${id}/files/${name}?size=thumbnail`)).statusCode).toBe(200);
    });

    it('keeps an uploaded firmware artifact in the bucket whole, and deleting the artifact deletes its object', async () => {
        const artifact = fs.readFileSync(rootfsArtifact(folder, { name: 'bucket-release-1', deviceTypes: ['rock-gen2'] }));
        const res = await upload(p, adminToken, p.demo.customers[0].id, artifact, 'bucket-release-1.mender');
        expect(res.statusCode, res.body).toBe(201);
        const stored = (await objects()).filter(key => key.startsWith('artifacts/'));
        expect(stored).toHaveLength(1);
        const chunks: Buffer[] = [];
        for await (const chunk of (await s3.storage({ prefix: PREFIX }).get(stored[0]!))!) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(artifact)).toBe(true);

        expect((await admin('DELETE', `/artifacts/${res.json().id}`)).statusCode).toBe(204);
        expect((await objects()).filter(key => key.startsWith('artifacts/'))).toEqual([]);
    });

    it("retention removes from the bucket the images an account's policy no longer keeps", async () => {
        const account = p.demo.customers[0].id;
        const options = (await admin('GET', `/accounts/${account}/options`)).json().options;
        await admin('PUT', `/accounts/${account}/options`, {
            options: [...options, { type: 'number', name: EVENT_RETENTION_OPTIONS.eventImagesDays, value: '7' }],
        });
        const before = new Set(await objects());
        const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
        const sent = await reader.post([deviceEvent({ timestamp: old, image: 'a' }), deviceEvent({ timestamp: old, image: 'b' })], {
            a: frame(3).jpeg,
            b: frame(4).jpeg,
        });
        expect(sent.body.accepted).toHaveLength(2);
        const pack = (await objects()).filter(key => !before.has(key));
        expect(pack).toEqual([expect.stringMatching(/\.pack$/)]);

        await eventRetention.run(p.ctx);

        expect(await objects()).not.toContain(pack[0]);
        expect((await admin('GET', `/events/${sent.body.accepted[0]!.id}`)).json()).toMatchObject({
            image: null,
            image_reason: 'retention',
        });
    });

    it('shows on the disk-use screen what the files take in the bucket, named', async () => {
        const usage = (await admin('GET', '/system/disk/usage?fresh=true')).json() as DiskUsage;
        expect(usage.bucket).toBe(`s3://${s3.bucket}/${PREFIX}`);
        const images = usage.parts.find(part => part.part === 'event_images')!;
        expect(images.files).toBe((await objects()).filter(key => key.startsWith('events/')).length);
        expect(images.bytes).toBeGreaterThan(0);
    });

    it('with the bucket out of reach, a reader is told to come back later and nothing it sent is kept; back, it is all stored', async () => {
        const batch = [deviceEvent({ event: 'TailgatingByUnknownUser', image: 'cut' })];
        link.cut();
        try {
            const refused = await reader.post(batch, { cut: frame(5).jpeg });
            expect(refused.statusCode).toBe(503);
            expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
            expect(refused.body.error).toBe('The file store cannot be reached just now. Try again in a few seconds.');
            expect(await p.ctx.db.select().from(events).where(eq(events.device_event_id, batch[0]!.device_event_id))).toEqual([]);
        } finally {
            link.mend();
        }
        const again = await reader.post(batch, { cut: frame(5).jpeg });
        expect(again.body.rejected).toEqual([]);
        const id = again.body.accepted[0]!.id as number;
        const image = (await admin('GET', `/events/${id}`)).json().image as string;
        const read = await admin('GET', `/events/${id}/files/${image}`);
        expect(read.statusCode).toBe(200);
        expect(Buffer.compare(read.rawPayload, frame(5).jpeg)).toBe(0);
    });
    // last: the restore ends every session
    it('keeps backups in the bucket beside the files, listed, downloadable whole, the oldest pruned, and restores one', async () => {
        const backups = () => s3.storage({ prefix: keptBackupsPrefix(PREFIX) });
        const first = await admin('POST', '/system/backups');
        expect(first.statusCode, first.body).toBe(201);
        const second = await admin('POST', '/system/backups');
        expect(second.statusCode, second.body).toBe(201);
        const { name, sha256 } = second.json() as { name: string; sha256: string };

        // in the bucket, the older one pruned (BACKUP_KEEP=1), nothing left in the backup folder; never among the files
        const kept: string[] = [];
        for await (const file of backups().list()) kept.push(file.key);
        expect(kept.sort()).toEqual([name.replace('.tar', '.json'), name]);
        expect(fs.readdirSync(p.ctx.config.backupDir).filter(f => f.startsWith('backup-'))).toEqual([]);
        expect((await objects()).filter(key => key.includes('backup'))).toEqual([]);

        const info = (await admin('GET', '/system/backup/info')).json();
        expect(info.directory).toBe(`s3://${s3.bucket}/${PREFIX}.backups/`);
        expect(info.backups).toEqual([expect.objectContaining({ name, state: 'verified', sha256 })]);

        const download = await admin('GET', `/system/backups/${name}`);
        expect(download.statusCode).toBe(200);
        expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
        expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha256);

        const usage = (await admin('GET', '/system/disk/usage?fresh=true')).json() as DiskUsage;
        expect(usage.parts.find(part => part.part === 'backups')).toEqual({
            part: 'backups',
            bytes: download.rawPayload.length + (await backups().stat(name.replace('.tar', '.json')))!.size,
            files: 2,
            in_bucket: true,
        });

        const body = await multipart({}, { field: 'file', name, data: download.rawPayload });
        const restored = await p.call(adminToken, {
            method: 'POST',
            url: '/api/v2/system/restore',
            payload: body.payload,
            headers: body.headers,
        });
        expect(restored.statusCode, restored.body).toBe(200);
    }, 120_000);
});
