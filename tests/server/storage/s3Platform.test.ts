import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events } from '../../../server/db/schema';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { approvedReader, deviceEvent, frame, type TestReader } from '../events/helpers';
import { startS3Server, type TestS3Server } from './s3Server';

/** The platform with its files in an S3 bucket (FILES_URL s3://...): what a reader sends, the console reads back. */
let s3: TestS3Server;
let p: TestPlatform;
let admin: ApiCaller;
let reader: TestReader;

beforeAll(async () => {
    s3 = await startS3Server();
    p = await startPlatform({}, { storage: s3.storage({ prefix: 'files/' }) });
    admin = await p.as(ADMIN.email);
    reader = await approvedReader(p, admin, p.demo.customers[0].id, 'Loading dock');
});
afterAll(async () => {
    await p?.close();
    await s3?.close();
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
        const stored = [];
        for await (const file of s3.storage({ prefix: 'files/' }).list()) stored.push(file.key);
        expect(stored).toContainEqual(expect.stringMatching(/^events\/.+\.pack$/));
        expect(fs.readdirSync(p.filesDir)).toEqual([]);
        expect((await admin('GET', `/events/${id}/files/${name}?size=thumbnail`)).statusCode).toBe(200);
    });
});
