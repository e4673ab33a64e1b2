import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '../../../contract/enrollments';
import { events } from '../../../server/db/schema';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from '../permissions/roleMatrix';

/**
 * The pictures of the public enrollment page are decoded whole before they
 * are used: the face before it completes an enrollment, the drawn
 * signature before it is stamped on the consent. The links come from the
 * staff's "copy link" (no code by e-mail on this account).
 */
let p: TestPlatform;
let m: RoleMatrix;
let account: number;

const multipart = (field: string, data: Buffer, name: string, type: string) => {
    const boundary = `----pic${Math.random().toString(16).slice(2)}`;
    return {
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
            ),
            data,
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
};
const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 20, g: 20, b: 120 } } })
        .png()
        .toBuffer();
const signature = async (width = 600, height = 180) => `data:image/png;base64,${(await png(width, height)).toString('base64')}`;
/** A camera's frame of a face: 640×480, with grain as a sensor gives it. */
const cameraFrame = (format: 'jpeg' | 'webp' = 'jpeg') =>
    sharp({
        create: {
            width: 640,
            height: 480,
            channels: 3,
            background: { r: 0, g: 0, b: 0 },
            noise: { type: 'gaussian', mean: 150, sigma: 30 },
        },
    })
        .toFormat(format)
        .toBuffer();

/** An invitation's link, as the staff copy it; each test calls from its own address (the routes' limits count per address). */
const invited = async (name: string, ip: string) => {
    const made = await m.asAdmin('POST', '/web-enrollments/invites', {
        people: [{ name, email: `${name.toLowerCase()}@pictures.test` }],
        account_id: account,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().result[0].id as number;
    const link = (await m.asAdmin('GET', `/web-enrollments/${id}/link?account_id=${account}`)).json().link as string;
    const token = link.split('/enroll/')[1]!;
    return {
        id,
        page: () => p.app.inject({ method: 'GET', url: `/api/v2/enrollment/${token}`, remoteAddress: ip }),
        sign: async (png: string) =>
            p.app.inject({
                method: 'POST',
                url: `/api/v2/enrollment/${token}/consent`,
                payload: { signed_name: name, signature: png },
                remoteAddress: ip,
            }),
        face: (data: Buffer, file = 'face.jpg', type = 'image/jpeg') =>
            p.app.inject({
                method: 'POST',
                url: `/api/v2/enrollment/${token}/face`,
                remoteAddress: ip,
                ...multipart('image', data, file, type),
            }),
    };
};

beforeAll(async () => {
    p = await startPlatform({ publicUrl: 'https://console.example' });
    m = await roleMatrix(p);
    const made = await m.asAdmin('POST', '/accounts', {
        name: 'Pictures Site',
        ref_number: 'PS-1',
        address: { email: 'site@pictures.test' },
        parent_id: p.demo.dealer.id,
        options: [{ type: 'bool', name: 'enr/enabled', value: 'true' }],
    });
    expect(made.statusCode, made.body).toBe(201);
    account = made.json().id;
    expect((await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).statusCode).toBe(201);
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('I consent.', { x: 50, y: 780, size: 12 });
    const template = multipart('file', Buffer.from(await doc.save()), 'consent.pdf', 'application/pdf');
    const saved = await p.call(m.tokens.admin, { method: 'PUT', url: `/api/v2/accounts/${account}/consent_template`, ...template });
    expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);
afterAll(async () => {
    await p?.close();
});

describe('the enrollment picture', () => {
    it('refuses what does not decode, or is too small or too large, and takes a camera frame', async () => {
        const rae = await invited('Rae', '10.30.0.1');
        expect((await rae.sign(await signature())).statusCode).toBe(200);
        const frame = await cameraFrame();
        const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const refusals: [string, Buffer, string, string][] = [
            [
                'a PNG signature followed by HTML',
                Buffer.concat([pngSignature, Buffer.from('<html><script>alert(1)</script></html>')]),
                'image/png',
                ENROLLMENT_MESSAGES.imageUnreadable,
            ],
            ['a truncated JPEG', frame.subarray(0, Math.floor(frame.length / 2)), 'image/jpeg', ENROLLMENT_MESSAGES.imageUnreadable],
            [
                'an SVG',
                Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480"/></svg>'),
                'image/svg+xml',
                ENROLLMENT_MESSAGES.imageFormat,
            ],
            ['a 1×1 PNG', await png(1, 1), 'image/png', ENROLLMENT_MESSAGES.imageTooSmall],
            ['a strip wider than any camera', await png(8001, 300), 'image/png', ENROLLMENT_MESSAGES.imageTooLarge],
        ];
        for (const [what, data, type, text] of refusals) {
            const res = await rae.face(data, 'face', type);
            expect(res.statusCode, what).toBe(400);
            expect(res.json().fields.image, what).toBe(text);
        }
        // The refusals kept nothing and completed nothing.
        expect((await rae.page()).json().status).toBe('consented');
        expect(await p.ctx.db.select().from(events).where(eq(events.event, 'WebEnrollmentCompleted'))).toEqual([]);

        const done = await rae.face(frame);
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json().status).toBe('completed');
    });

    it('takes a WebP picture and keeps it as a JPEG', async () => {
        const sam = await invited('Sam', '10.30.0.2');
        expect((await sam.sign(await signature())).statusCode).toBe(200);
        const done = await sam.face(await cameraFrame('webp'), 'face.webp', 'image/webp');
        expect(done.statusCode, done.body).toBe(200);
        const profileId = (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&q=sam`)).json().result[0].profile_id as number;
        const [event] = (await p.ctx.db.select().from(events).where(eq(events.event, 'WebEnrollmentCompleted'))).filter(e =>
            e.profile_ids?.includes(profileId),
        );
        expect(event!.image_key).toMatch(/\.jpg$/);
        const chunks: Buffer[] = [];
        for await (const chunk of (await p.ctx.storage.get(event!.image_key!))!) chunks.push(chunk as Buffer);
        expect(await sharp(Buffer.concat(chunks)).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    });

    it('refuses a drawn signature that does not decode or is too large to embed', async () => {
        const tom = await invited('Tom', '10.30.0.3');
        const truncated = (await png(600, 180)).subarray(0, 60);
        for (const [what, data] of [
            ['a truncated PNG', `data:image/png;base64,${truncated.toString('base64')}`],
            ['a PNG of 25 megapixels', await signature(5000, 5000)],
        ] as const) {
            const res = await tom.sign(data);
            expect(res.statusCode, what).toBe(400);
            expect(res.json().fields.signature, what).toBe('Draw your signature');
        }
        expect((await tom.page()).json().consent.signed).toBe(false);
        expect((await tom.sign(await signature())).json().consent.signed).toBe(true);
    });
});
