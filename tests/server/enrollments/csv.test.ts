import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { CARD_MESSAGES } from '../../../contract/cards';
import { INVITE_CSV_HEADER_PROBLEM } from '../../../contract/enrollments';
import { enrollmentSender } from '../../../server/resources/enrollments/sender';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from '../permissions/roleMatrix';

/** POST /web-enrollments/csv: every line checked before anything is sent, then the mail in the background. */
let p: TestPlatform;
let m: RoleMatrix;
let account: number;

const multipart = (csv: string | Buffer, field = 'file', filename = 'people.csv') => {
    const boundary = '----invites';
    return {
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
            ),
            Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
};
const upload = (csv: string | Buffer) =>
    p.call(m.tokens.admin, { method: 'POST', url: `/api/v2/web-enrollments/csv?account_id=${account}`, ...multipart(csv) });
const batchDone = async (id: number) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
        const batch = (await m.asAdmin('GET', `/web-enrollments/batches/${id}`)).json();
        if (batch.pending === 0) return batch;
        if (Date.now() > deadline) throw new Error(`batch ${id} still sending: ${JSON.stringify(batch)}`);
        await new Promise(r => setTimeout(r, 100));
    }
};
const count = async () => (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&per_page=1`)).json().count as number;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    account = (
        await m.asAdmin('POST', '/accounts', {
            name: 'Invites by File',
            ref_number: 'IF-1',
            address: { email: 'if@enroll.test' },
            parent_id: p.demo.dealer.id,
            options: [
                { type: 'bool', name: 'enr/enabled', value: 'true' },
                { type: 'bool', name: 'acs/opt_out_enabled', value: 'true' },
            ],
        })
    ).json().id;
    expect((await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).statusCode).toBe(201);
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = Buffer.from(await doc.save());
    const boundary = '----tpl';
    const saved = await p.call(m.tokens.admin, {
        method: 'PUT',
        url: `/api/v2/accounts/${account}/consent_template`,
        payload: Buffer.concat([
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
            ),
            pdf,
            Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(saved.statusCode).toBe(200);
}, 120_000);
afterAll(() => p?.close());

describe('invitations from a CSV file', () => {
    it('refuses the file with each bad line and its reason, and creates nothing', async () => {
        expect(
            (await m.asAdmin('POST', '/opt_out', { card_format_id: 1, facility_code: 3, badge_number: 33, account_id: account }))
                .statusCode,
        ).toBe(201);
        const before = await count();
        const csv = [
            'name,email,badge_number,facility_code',
            'Ann,ann@file.test,,',
            ',nobody@file.test,,',
            'Bad Mail,not-an-address,,',
            '=cmd,cmd@file.test,=1+1,',
            'Opted,opted@file.test,33,3',
            '',
            'Ben,ben@file.test,12,1',
        ].join('\n');
        const res = await upload(csv);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
            lines: 6,
            refused: [
                { line: 3, reason: 'Name is required' },
                { line: 4, reason: 'Invalid email address' },
                { line: 5, reason: 'Badge number must be a whole number' },
                { line: 6, reason: CARD_MESSAGES.optedOut },
            ],
            refused_more: 0,
        });
        expect(await count()).toBe(before);
        const header = await upload('who,mail\nAnn,ann@file.test\n');
        expect(header.statusCode).toBe(400);
        expect(header.json().error).toBe(INVITE_CSV_HEADER_PROBLEM);
        expect(
            (
                await upload(
                    Buffer.from([
                        0x6e, 0x61, 0x6d, 0x65, 0x2c, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xff, 0xfe, 0x2c, 0x61, 0x40, 0x62, 0x2e, 0x63,
                        0x0a,
                    ]),
                )
            ).json().refused,
        ).toEqual([{ line: 2, reason: 'The line is not UTF-8 text.' }]);
    });

    it('checks a file line by line before it is sent, keeping and sending nothing (POST /web-enrollments/csv/check)', async () => {
        const before = await count();
        const mails = p.mail.sent.length;
        const csv = [
            'name,email,badge_number,facility_code',
            'Dee,dee@file.test,,',
            ',nobody@file.test,,',
            'Opted,opted@file.test,33,3',
        ].join('\n');
        const check = (token: string) =>
            p.call(token, { method: 'POST', url: `/api/v2/web-enrollments/csv/check?account_id=${account}`, ...multipart(csv) });
        const res = await check(m.tokens.admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
            lines: 3,
            refused: 2,
            rows: [
                { line: 2, name: 'Dee', email: 'dee@file.test', badge_number: '', problem: null },
                { line: 3, name: '', email: 'nobody@file.test', problem: 'Name is required' },
                { line: 4, name: 'Opted', badge_number: '33', problem: CARD_MESSAGES.optedOut },
            ],
            rows_more: 0,
        });
        expect(res.json().left_today).toBeGreaterThan(0);
        expect(await count()).toBe(before);
        expect(p.mail.sent.length).toBe(mails);
        // the same right as the upload: a manager may not invite, so may not check either
        expect((await check(m.tokens.manager)).statusCode).toBe(403);
    });

    it('invites everyone of a good file and sends the mail in the background, with its progress', async () => {
        const res = await upload(
            'name,email,badge_number,facility_code\nAnn,ann@file.test,,\nBen,ben@file.test,12,1\nCy,cy@file.test,13,1\n',
        );
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toMatchObject({ total: 3 });
        const batch = await batchDone(res.json().id);
        expect(batch).toEqual({ id: res.json().id, total: 3, sent: 3, failed: 0, pending: 0, waiting: 0 });
        expect(p.mail.sent.filter(m => ['ann@file.test', 'ben@file.test', 'cy@file.test'].includes(m.to)).map(m => m.subject)).toEqual([
            'Invitation to enroll your face',
            'Invitation to enroll your face',
            'Invitation to enroll your face',
        ]);
        const ben = (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&q=ben`)).json().result[0];
        expect(ben).toMatchObject({ status: 'sent', badge: { badge_number: 12, facility_code: 1 } });
    });

    // The run at full size (10,000 invitations in one file, sent) is a benchmark: bench/invites.ts.
    it('takes a file of many lines in one request and sends them all; a line over the cap refuses the file', async () => {
        const lines = Array.from({ length: 1_000 }, (_, i) => `Person ${i},p${i}@bulk.test`);
        const started = p.mail.sent.length;
        const res = await upload(['name,email', ...lines].join('\n'));
        expect(res.statusCode, res.body).toBe(202);
        const batch = await batchDone(res.json().id);
        expect(batch).toMatchObject({ total: 1_000, sent: 1_000, failed: 0, pending: 0 });
        expect(p.mail.sent.length - started).toBe(1_000);
        const cap = Array.from({ length: 10_001 }, (_, i) => `Person ${i},cap${i}@bulk.test`);
        const over = await upload(['name,email', ...cap].join('\n'));
        expect(over.statusCode).toBe(400);
        expect(over.json().error).toBe('The file holds more than 10000 lines: split it.');
        expect(p.mail.sent.length - started).toBe(1_000);
    }, 60_000);

    it('counts an invitation as sent only once the mail server took it, and a sender that died leaves it to the job', async () => {
        const mailer = p.ctx.mailer;
        // A sender that never hears back from the mail server: the instance stopping with its slice in hand.
        p.ctx.mailer = { send: () => new Promise<void>(() => {}) };
        const started = p.mail.sent.length;
        const res = await upload('name,email\nLost One,lost1@bulk.test\nLost Two,lost2@bulk.test\n');
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json().id as number;
        await new Promise(r => setTimeout(r, 300));
        expect((await m.asAdmin('GET', `/web-enrollments/batches/${id}`)).json()).toMatchObject({ sent: 0, pending: 2 });
        p.ctx.mailer = mailer;
        const now = p.ctx.now;
        try {
            // Another instance's job, a few minutes on: the lease still holds, nothing is sent twice.
            p.ctx.now = () => new Date(Date.now() + 5 * 60_000);
            await enrollmentSender.run(p.ctx);
            expect(p.mail.sent.length - started).toBe(0);
            // Past the ten minutes, the job sends them.
            p.ctx.now = () => new Date(Date.now() + 11 * 60_000);
            await enrollmentSender.run(p.ctx);
        } finally {
            p.ctx.now = now;
        }
        expect(
            p.mail.sent
                .slice(started)
                .map(mail => mail.to)
                .sort(),
        ).toEqual(['lost1@bulk.test', 'lost2@bulk.test']);
        expect((await m.asAdmin('GET', `/web-enrollments/batches/${id}`)).json()).toMatchObject({ sent: 2, failed: 0, pending: 0 });
    });
});

describe('the picture step', () => {
    it('refuses a picture over 8 MB with 413, and keeps nothing of it', async () => {
        const made = await m.asAdmin('POST', '/web-enrollments/invites', {
            people: [{ name: 'Big Picture', email: 'big@file.test' }],
            account_id: account,
        });
        expect(made.statusCode).toBe(201);
        const id = made.json().result[0].id;
        const link = (await m.asAdmin('GET', `/web-enrollments/${id}/link?account_id=${account}`)).json().link as string;
        const token = link.split('/enroll/')[1]!;
        const png = Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
            'base64',
        );
        const signed = await p.app.inject({
            method: 'POST',
            url: `/api/v2/enrollment/${token}/consent`,
            payload: { signed_name: 'Big Picture', signature: `data:image/png;base64,${png.toString('base64')}` },
        });
        expect(signed.statusCode, signed.body).toBe(200);
        const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024 * 1024 + 10)]);
        const files = () => fs.readdirSync(p.filesDir, { recursive: true }).filter(f => String(f).startsWith('events')).length;
        const before = files();
        const res = await p.app.inject({
            method: 'POST',
            url: `/api/v2/enrollment/${token}/face`,
            ...multipart(huge, 'image', 'face.jpg'),
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().error).toBe('The picture is larger than 8 MB');
        expect(files()).toBe(before);
        expect((await m.asAdmin('GET', `/web-enrollments/${id}/link?account_id=${account}`)).statusCode).toBe(200);
    });
});
