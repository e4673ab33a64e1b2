import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { CARD_MESSAGES } from '../../../contract/cards';
import { ENROLLMENT_MESSAGES } from '../../../contract/enrollments';
import { events } from '../../../server/db/schema';
import { createMailer } from '../../../server/mail/mailer';
import { invitationMail } from '../../../server/resources/enrollments/mails';
import { startSmtpInbox, type InboxMail } from '../smtpInbox';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from '../permissions/roleMatrix';
import { face, signature } from './fixture';

/**
 * Web enrollment on the server: invitations go through a real SMTP server
 * (smtp-server, started here), the link opens the enrollment once, the code,
 * consent and picture complete it, and the person is an active profile with
 * the signed consent; links that are tampered with, used, revoked or expired
 * are refused with their texts.
 */
let p: TestPlatform;
let m: RoleMatrix;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let inbox: InboxMail[] = [];
let account: number;
let h10301: number;

/** The text of a message as sent (quoted-printable undone). */
const decoded = (raw: string) =>
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailTo = async (to: string, count = 1) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
        const found = inbox.filter(m => m.to === to);
        if (found.length >= count) return decoded(found[count - 1]!.raw);
        if (Date.now() > deadline) throw new Error(`no mail ${count} to ${to}`);
        await new Promise(r => setTimeout(r, 50));
    }
};
const tokenIn = (text: string) => /\/enroll\/([\w.-]+)/.exec(text)![1]!;
const pub = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    p.app.inject({
        method,
        url: `/api/v2/enrollment/${url}`,
        ...(payload ? { payload } : {}),
        headers: { 'x-forwarded-for': '10.0.0.1', ...headers },
    });

const pdfTemplate = async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('I consent to the processing of my face for access control.', { x: 50, y: 780, size: 12 });
    return Buffer.from(await doc.save());
};
const multipart = (fields: Record<string, string>, file: { field: string; name: string; type: string; data: Buffer }) => {
    const boundary = `----test${Math.random().toString(16).slice(2)}`;
    const parts = [
        ...Object.entries(fields).map(([k, v]) =>
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const invite = async (people: object[]) => {
    const res = await m.asAdmin('POST', '/web-enrollments/invites', { people, account_id: account });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result as { id: number; status: string; email: string }[];
};

beforeAll(async () => {
    smtp = await startSmtpInbox();
    inbox = smtp.inbox;
    const port = smtp.port;
    p = await startPlatform({ publicUrl: 'https://console.example' });
    // The platform's mail goes through the local SMTP server, as SMTP_URL would send it.
    p.ctx.mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'Access Console <no-reply@console.example>',
        outboxDir: '/nonexistent',
    });
    m = await roleMatrix(p);
    h10301 = ((await m.asAdmin('GET', '/card_formats?type=predefined')).json().result as { id: number; key: string }[]).find(
        f => f.key === 'h10301',
    )!.id;
    const made = await m.asAdmin('POST', '/accounts', {
        name: 'Enrollment Test Site',
        ref_number: 'EN-1',
        address: { email: 'site@enroll.test' },
        parent_id: p.demo.dealer.id,
        options: [
            { type: 'bool', name: 'enr/enabled', value: 'true' },
            { type: 'bool', name: 'enr/mfa', value: 'true' },
            { type: 'bool', name: 'enr/notify', value: 'true' },
            { type: 'bool', name: 'acs/opt_out_enabled', value: 'true' },
        ],
    });
    expect(made.statusCode, made.body).toBe(201);
    account = made.json().id;
    expect((await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).statusCode).toBe(201);
    const staff = await m.asAdmin('POST', '/users', {
        name: 'Site Admin',
        email: 'site-admin@enroll.test',
        role: 'moderator',
        account: { id: account },
        password: 'Site#Admin1',
        confirm: 'Site#Admin1',
    });
    expect(staff.statusCode, staff.body).toBe(201);
}, 120_000);
afterAll(async () => {
    p?.ctx.mailer.close?.();
    await p?.close();
    await smtp?.close();
});

describe('web enrollment through e-mail', () => {
    it('refuses invitations until the account has a consent template, and a template that is not a PDF', async () => {
        const refused = await m.asAdmin('POST', '/web-enrollments/invites', {
            people: [{ name: 'Early', email: 'early@enroll.test' }],
            account_id: account,
        });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(ENROLLMENT_MESSAGES.templateMissing);
        const word = multipart(
            { version: 'v1' },
            { field: 'file', name: 'consent.docx', type: 'application/vnd.openxmlformats', data: Buffer.from('PK\x03\x04 not a pdf') },
        );
        const notPdf = await p.call(m.tokens.admin, { method: 'PUT', url: `/api/v2/accounts/${account}/consent_template`, ...word });
        expect(notPdf.statusCode).toBe(400);
        expect(notPdf.json().fields.file).toBe('Upload PDF, not Word files');
        const fakePdf = multipart(
            { version: 'v1' },
            { field: 'file', name: 'consent.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 broken') },
        );
        expect(
            (await p.call(m.tokens.admin, { method: 'PUT', url: `/api/v2/accounts/${account}/consent_template`, ...fakePdf })).statusCode,
        ).toBe(400);
        const good = multipart(
            { version: '2026-11' },
            { field: 'file', name: 'consent.pdf', type: 'application/pdf', data: await pdfTemplate() },
        );
        const saved = await p.call(m.tokens.admin, { method: 'PUT', url: `/api/v2/accounts/${account}/consent_template`, ...good });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toMatchObject({ file_name: 'consent.pdf', version: '2026-11' });
    });

    it('invites by SMTP, and the person signs, proves the code, takes the picture and is an active profile', async () => {
        const [sent] = await invite([
            { name: 'Ada Lovelace', email: 'ada@enroll.test', badge: { card_format_id: h10301, facility_code: 9, badge_number: 4242 } },
        ]);
        expect(sent).toMatchObject({ status: 'sent', email: 'ada@enroll.test' });
        const mail = await mailTo('ada@enroll.test');
        expect(mail).toContain('Subject: Invitation to enroll your face');
        expect(mail).toContain('Content-Type: text/plain');
        expect(mail).toContain('Content-Type: text/html');
        const token = tokenIn(mail);
        expect(mail).toContain(`https://console.example/enroll/${token}`);

        const page = await pub('GET', token);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json()).toMatchObject({
            account_name: 'Enrollment Test Site',
            person_name: 'Ada Lovelace',
            status: 'opened',
            consent: { required: true, signed: false },
            multi_factor: { required: true, verified: false },
        });
        // Nothing before the code; no picture before the consent.
        expect((await pub('POST', `${token}/consent`, { signed_name: 'Ada Lovelace', signature: await signature() })).json().error).toBe(
            ENROLLMENT_MESSAGES.codeRequired,
        );
        expect((await pub('POST', `${token}/code`, {})).statusCode).toBe(204);
        const code = /code to continue your enrollment is (\d{6})/.exec(await mailTo('ada@enroll.test', 2))![1]!;
        const wrong = await pub('POST', `${token}/code/verify`, { code: code === '000000' ? '111111' : '000000' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().fields.code).toBe(ENROLLMENT_MESSAGES.codeWrong);
        expect((await pub('POST', `${token}/code/verify`, { code })).json().multi_factor.verified).toBe(true);

        const early = await pub('POST', `${token}/face`, undefined, {});
        expect(early.statusCode).toBe(409);
        expect(early.json().error).toBe(ENROLLMENT_MESSAGES.consentFirst);
        const pdf = await pub('GET', `${token}/consent.pdf`);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        const signed = await pub('POST', `${token}/consent`, { signed_name: 'Ada Lovelace', signature: await signature() });
        expect(signed.statusCode, signed.body).toBe(200);
        expect(signed.json().consent.signed).toBe(true);

        const notImage = multipart({}, { field: 'image', name: 'face.jpg', type: 'image/jpeg', data: Buffer.from('GIF89a not a jpeg') });
        const refused = await p.app.inject({ method: 'POST', url: `/api/v2/enrollment/${token}/face`, ...notImage });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields.image).toBe(ENROLLMENT_MESSAGES.imageFormat);
        const picture = multipart({}, { field: 'image', name: 'face.jpg', type: 'image/jpeg', data: await face() });
        const done = await p.app.inject({ method: 'POST', url: `/api/v2/enrollment/${token}/face`, ...picture });
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json().status).toBe('completed');

        const record = (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&q=ada`)).json().result[0];
        expect(record).toMatchObject({ status: 'completed', badge: { badge_number: 4242, facility_code: 9 } });
        const profile = (await m.asAdmin('GET', `/profiles/${record.profile_id}`)).json();
        expect(profile).toMatchObject({
            acs_id: 'Ada Lovelace',
            status: 'active',
            enabled: true,
            consent: { method: 'web', document: true, document_version: '2026-11' },
        });
        expect(profile.badges.map((b: { badge_number: number }) => b.badge_number)).toEqual([4242]);
        const consent = await p.call(m.tokens.admin, { method: 'GET', url: `/api/v2/profiles/${record.profile_id}/download_consent` });
        expect(consent.headers['content-type']).toBe('application/pdf');
        const stamped = await PDFDocument.load(consent.rawPayload);
        expect(stamped.getPageCount()).toBe(1);
        expect(consent.rawPayload.length).toBeGreaterThan((await pdfTemplate()).length);
        const [completed] = await p.ctx.db.select().from(events).where(eq(events.event, 'WebEnrollmentCompleted'));
        expect(completed).toMatchObject({ account_id: account, profile_ids: [record.profile_id] });
        expect(completed!.image_key).toBeTruthy();
        expect(await p.ctx.storage.stat(completed!.image_key!)).toBeDefined();
        // The staff are told (enr/notify).
        expect(await mailTo('site-admin@enroll.test')).toContain('Ada Lovelace completed their enrollment');
        // Used once: the same link is refused with its text.
        const again = await pub('GET', token);
        expect(again.statusCode).toBe(410);
        expect(again.json().error).toBe(ENROLLMENT_MESSAGES.linkUsed);
    });

    it('refuses tampered, revoked, expired and foreign links with their texts', async () => {
        const [one, two] = await invite([
            { name: 'Bob', email: 'bob@enroll.test' },
            { name: 'Cy', email: 'cy@enroll.test' },
        ]);
        const bob = tokenIn(await mailTo('bob@enroll.test'));
        const cy = tokenIn(await mailTo('cy@enroll.test'));
        // One byte changed, another invitation's id under this one's nonce and MAC: not valid, and nothing says which part.
        const changed = bob.slice(0, -1) + (bob.endsWith('A') ? 'B' : 'A');
        const [, nonce, mac] = bob.split('.');
        for (const bad of [changed, `${two!.id}.${nonce}.${mac}`, 'garbage', `${cy.split('.')[0]}.${bob.split('.').slice(1).join('.')}`]) {
            const res = await pub('GET', bad);
            expect(res.statusCode, bad).toBe(404);
            expect(res.json().error).toBe(ENROLLMENT_MESSAGES.linkInvalid);
        }
        expect((await m.asAdmin('POST', `/web-enrollments/${one!.id}/revoke`, { account_id: account })).json().status).toBe('revoked');
        expect((await pub('GET', bob)).json().error).toBe(ENROLLMENT_MESSAGES.linkRevoked);
        // Past the link's days (3 by default): expired, in the list too.
        p.clock.offsetMs = 4 * 86_400_000;
        try {
            expect((await pub('GET', cy)).json().error).toBe(ENROLLMENT_MESSAGES.linkExpired);
            expect(
                (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&status=expired`))
                    .json()
                    .result.map((r: { id: number }) => r.id),
            ).toContain(two!.id);
        } finally {
            p.clock.offsetMs = 0;
        }
        // Resent: a new link works, the old one no longer does.
        expect((await m.asAdmin('POST', `/web-enrollments/${two!.id}/resend`, { account_id: account })).json().status).toBe('sent');
        const renewed = tokenIn(await mailTo('cy@enroll.test', 2));
        expect(renewed).not.toBe(cy);
        expect((await pub('GET', cy)).statusCode).toBe(404);
        expect((await pub('GET', renewed)).statusCode).toBe(200);
        const copied = (await m.asAdmin('GET', `/web-enrollments/${two!.id}/link?account_id=${account}`)).json().link;
        expect(copied).toBe(`https://console.example/enroll/${renewed}`);
    });

    it('an opted-out badge cannot be invited, nor enroll once opted out after the invitation', async () => {
        const badge = { card_format_id: h10301, facility_code: 9, badge_number: 777 };
        const [dee] = await invite([{ name: 'Dee', email: 'dee@enroll.test', badge }]);
        expect((await m.asAdmin('POST', '/opt_out', { ...badge, account_id: account })).statusCode).toBe(201);
        const refusedInvite = await m.asAdmin('POST', '/web-enrollments/invites', {
            people: [{ name: 'Eve', email: 'eve@enroll.test', badge }],
            account_id: account,
        });
        expect(refusedInvite.statusCode).toBe(400);
        expect(refusedInvite.json().fields['people.0.badge.badge_number']).toBe(CARD_MESSAGES.optedOut);
        const token = tokenIn(await mailTo('dee@enroll.test'));
        // Straight to the end as far as the rules allow: code and consent, then the picture is refused.
        await pub('POST', `${token}/code`, {});
        const code = /is (\d{6})/.exec(await mailTo('dee@enroll.test', 2))![1]!;
        await pub('POST', `${token}/code/verify`, { code });
        expect((await pub('POST', `${token}/consent`, { signed_name: 'Dee', signature: await signature() })).statusCode).toBe(200);
        const picture = multipart({}, { field: 'image', name: 'face.jpg', type: 'image/jpeg', data: await face() });
        const res = await p.app.inject({ method: 'POST', url: `/api/v2/enrollment/${token}/face`, ...picture });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe(CARD_MESSAGES.optedOut);
        expect((await m.asAdmin('GET', `/web-enrollments?account_id=${account}&q=dee`)).json().result[0]).toMatchObject({
            id: dee!.id,
            status: 'failed',
            profile_id: null,
        });
    });

    it('limits how fast one address may try links', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++)
            statuses.push(
                (await pub('GET', `1.guess${i}aaaaaa.${'x'.repeat(43)}`, undefined, { 'x-forwarded-for': '10.9.9.9' })).statusCode,
            );
        expect(statuses.slice(0, 10).every(s => s === 404)).toBe(true);
        expect(statuses).toContain(429);
    });

    it('POST /accounts/test/email sends a test message through SMTP', async () => {
        const res = await m.asAdmin('POST', '/accounts/test/email', { email: 'tester@enroll.test' });
        expect(res.statusCode, res.body).toBe(200);
        expect(await mailTo('tester@enroll.test')).toContain('Subject: Access Console test message');
        expect((await m.asAdmin('POST', '/accounts/test/email', { email: 'not an address' })).statusCode).toBe(400);
    });

    it('POST /accounts/test/esignature answers the template stamped as a signed consent would be', async () => {
        const res = await p.call(m.tokens.admin, {
            method: 'POST',
            url: '/api/v2/accounts/test/esignature',
            payload: { account_id: account },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const doc = await PDFDocument.load(res.rawPayload);
        expect(doc.getPageCount()).toBe(1);
        expect(res.rawPayload.length).toBeGreaterThan((await pdfTemplate()).length);
        const none = await p.call(m.tokens.admin, {
            method: 'POST',
            url: '/api/v2/accounts/test/esignature',
            payload: { account_id: p.demo.customers[1].id },
        });
        expect(none.statusCode).toBe(409);
        expect(none.json().error).toBe(ENROLLMENT_MESSAGES.templateMissing);
    });

    it('without SMTP_URL the invitation is written to the outbox, with both parts', async () => {
        const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-outbox-'));
        try {
            const mailer = createMailer({ from: 'Access Console <no-reply@console.example>', outboxDir: outbox });
            await mailer.send(
                invitationMail({
                    to: 'fay@enroll.test',
                    name: 'Fay',
                    accountName: 'Site',
                    link: 'https://console.example/enroll/1.abc.def',
                    expiresAt: new Date('2026-12-01T10:00:00Z'),
                    locale: 'en',
                }),
            );
            const [file] = fs.readdirSync(outbox);
            const eml = decoded(fs.readFileSync(path.join(outbox, file!), 'utf8'));
            expect(eml).toContain('To: fay@enroll.test');
            expect(eml).toContain('https://console.example/enroll/1.abc.def');
            expect(eml).toContain('The link works once, until 2026-12-01 10:00 UTC.');
            expect(eml).toContain('Content-Type: text/html');
            expect(eml).toContain('From: Access Console <no-reply@console.example>');
        } finally {
            fs.rmSync(outbox, { recursive: true, force: true });
        }
    });

    it("a branded invitation comes from the brand's name at the platform's address, its logo, colour and signature in it", async () => {
        const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-outbox-'));
        try {
            const mailer = createMailer({ from: 'Access Console <no-reply@console.example>', outboxDir: outbox });
            await mailer.send(
                invitationMail({
                    to: 'gil@enroll.test',
                    name: 'Gil',
                    accountName: 'Site',
                    link: 'https://console.example/enroll/1.abc.def',
                    expiresAt: new Date('2026-12-01T10:00:00Z'),
                    locale: 'en',
                    brand: {
                        product_name: 'Northwind Access',
                        support_email: 'help@northwind.example',
                        logo_url: 'https://console.example/api/v2/branding/logos/2?v=1',
                        primary_color: '#1a3d7c',
                    },
                }),
            );
            const [file] = fs.readdirSync(outbox);
            const eml = decoded(fs.readFileSync(path.join(outbox, file!), 'utf8'));
            expect(eml).toContain('From: Northwind Access <no-reply@console.example>');
            expect(eml).toContain('<img src="https://console.example/api/v2/branding/logos/2?v=1" alt="Northwind Access" height="40">');
            // the signature (its middle dot encoded in the message)
            expect(eml).toMatch(/Northwind Access \S+ help@northwind\.example/);
            // its button in the brand's colour
            expect(eml).toMatch(/background: #1a3d7c/);
        } finally {
            fs.rmSync(outbox, { recursive: true, force: true });
        }
    });
});
