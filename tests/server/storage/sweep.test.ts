import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startJobs } from '../../../server/jobs/runner';
import { thumbnailKey } from '../../../server/storage/images';
import { storageSweep } from '../../../server/jobs/storageSweep';
import { sweepDebris } from '../../../server/storage/sweep';
import { packsNamedByRows, referencedImagePacks } from '../../../server/resources/events/queries';
import { rows } from '../../../server/db/database';
import { sql } from 'drizzle-orm';
import { approvedReader, asUnpartitionedPlan, deviceEvent, frame } from '../events/helpers';
import { rootfsArtifact, tempDir } from '../firmware/artifacts';
import { storedFiles, upload } from '../firmware/helpers';
import { ADMIN, platformForFile, type ApiCaller, type TestPlatform } from '../harness';
import { fileOwners } from '../../../server/features';

let p: TestPlatform;
let admin: ApiCaller;
platformForFile(started => ({ p, admin } = started));

const HOUR = 3600_000;
const file = (key: string) => path.join(p.filesDir, key);
const write = (key: string, data: Buffer | string) => {
    fs.mkdirSync(path.dirname(file(key)), { recursive: true });
    fs.writeFileSync(file(key), data);
};
const age = (key: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    fs.utimesSync(file(key), at, at);
};

describe('the storage sweep', () => {
    it('removes debris older than the grace period, and nothing else', async () => {
        // What rows refer to: an uploaded artifact, and an event's image with its thumbnail.
        const artifact = await upload(
            p,
            await p.login(ADMIN.email),
            p.mainAccountId,
            fs.readFileSync(rootfsArtifact(tempDir(), { name: 'kept-1.0', deviceTypes: ['rock-gen3'] })),
        );
        expect(artifact.statusCode).toBe(201);
        const reader = await approvedReader(p, admin, p.mainAccountId, 'Front door');
        // Two images in one request share a pack; the event of the second is deleted, the pack stays for the first.
        const posted = await reader.post(
            [
                deviceEvent({ event: 'TailgatingByKnownUser', image: 'shot' }),
                deviceEvent({ event: 'TailgatingByKnownUser', image: 'next' }),
            ],
            { shot: frame(3).jpeg, next: frame(2).jpeg },
        );
        const eventId = posted.body.accepted[0]!.id;
        expect((await admin('DELETE', `/events/${posted.body.accepted[1]!.id}?cross_account=true`)).statusCode).toBe(204);
        const image = `/events/${eventId}/files/${(await admin('GET', `/events/${eventId}`)).json().image}`;
        expect((await admin('GET', `${image}?size=thumbnail`)).statusCode).toBe(200);
        const kept = storedFiles(p);
        expect(kept.filter(k => k.startsWith('artifacts/'))).toHaveLength(1);
        expect(kept.filter(k => k.startsWith('events/')).map(k => k.replace(/^.*\//, ''))).toEqual(
            expect.arrayContaining([expect.stringMatching(/\.pack$/), expect.stringMatching(/\.pack\.0-\d+\.jpg\.thumbnail\.jpg$/)]),
        );
        expect(kept.filter(k => k.startsWith('events/'))).toHaveLength(2);

        // Debris: what a killed upload, a killed ingestion, a crash between file and row leave.
        const orphanImage = 'events/2026/11/20/1/7-0123456789abcdef.jpg';
        const orphanPack = 'events/2026/11/20/1/7-00aa00aa00aa00aa.pack';
        const debris = [
            'artifacts/1/4b1d7e52-0a7c-4f0e-9a51-3c2f1c1d9e10.mender',
            'artifacts/1/5c2e8f63-1b8d-4a1f-8b62-4d3a2e2eaf21.mender.0123456789ab.part',
            orphanImage,
            thumbnailKey(orphanImage),
            orphanPack,
            thumbnailKey(`${orphanPack}.0-11.jpg`),
            'events/2026/11/20/1/7-fedcba9876543210.jpg.a1b2c3d4e5f6.part',
        ];
        for (const key of debris) write(key, 'left behind');
        // The same, but young: a write under way, on this instance or another.
        const young = [
            'artifacts/1/6d3f9a74-2c9e-4b20-9c73-5e4b3f3fb032.mender.bbbbbbbbbbbb.part',
            'events/2026/11/24/1/8-00112233445566aa.jpg',
        ];
        for (const key of young) write(key, 'being written');

        const before = new Map(kept.map(k => [k, fs.readFileSync(file(k))]));
        for (const key of [...kept, ...debris]) age(key, 2 * HOUR);
        for (const key of young) age(key, HOUR / 2);

        expect(await sweepDebris(p.ctx, fileOwners, { graceMs: HOUR })).toEqual({
            partial: 2,
            artifacts: 1,
            images: 4,
            exports: 0,
            logos: 0,
        });
        expect(storedFiles(p).sort()).toEqual([...kept, ...young].sort());
        for (const [key, bytes] of before) expect(fs.readFileSync(file(key)).equals(bytes), key).toBe(true);
        expect((await admin('GET', image)).statusCode).toBe(200);

        // Once they too are older than the grace period, and no row came to name them, they go.
        for (const key of young) age(key, 2 * HOUR);
        expect(await sweepDebris(p.ctx, fileOwners, { graceMs: HOUR })).toEqual({
            partial: 1,
            artifacts: 0,
            images: 1,
            exports: 0,
            logos: 0,
        });
        expect(storedFiles(p).sort()).toEqual([...kept].sort());
    });

    it('is a job that runs soon after start, not only an hour later', async () => {
        expect(storageSweep(fileOwners)).toMatchObject({ atStart: true, everyMs: HOUR });
        const orphan = 'artifacts/1/7e4a0b85-3daf-4c31-8d84-6f5c4a4a0143.mender';
        write(orphan, 'left behind');
        age(orphan, 2 * HOUR);
        const jobs = startJobs(p.ctx, [storageSweep(fileOwners)], p.app.log);
        try {
            await vi.waitFor(() => expect(fs.existsSync(file(orphan))).toBe(false), { timeout: 3000 });
        } finally {
            await jobs.stop();
        }
    });

    it("asks which packs a row still names from the image key index, not by reading an account's events", async () => {
        await p.ctx.db.execute(sql`insert into events (account_id, event, timestamp, device_id, image_key)
            select ${p.mainAccountId}, 'TailgatingByKnownUser', now() - make_interval(secs => g), 1, 'events/2026/11/20/1/7-' || g || '.pack.0-100.jpg'
            from generate_series(1, 30000) g`);
        await p.ctx.db.execute(sql`analyze events`);
        const packs = ['events/2026/11/20/1/7-17.pack', 'events/2026/11/20/1/7-17.pac', 'events/2026/11/20/1/7-99999.pack'];
        expect([...(await referencedImagePacks(p.ctx.db, packs))]).toEqual(['events/2026/11/20/1/7-17.pack']);
        const plan = await asUnpartitionedPlan(
            p.ctx.db,
            (await rows<Record<string, string>>(p.ctx.db, sql`explain ${packsNamedByRows(packs)}`))
                .map(r => Object.values(r)[0])
                .join('\n'),
        );
        expect(plan).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) events_image_key_idx/);
        // on PostgreSQL the other months' partitions, empty here, have scans of their own, which cost nothing
        for (const scan of plan.matchAll(/Seq Scan on events\b.*cost=[\d.]+\.\.([\d.]+)/g)) expect(Number(scan[1]), plan).toBe(0);
    });
});
