import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';
import { enrollmentAccount, inviteCsv, uploadInvites } from './fixture';

/**
 * No text a tenant chose reaches the subject of a mail the platform sends to
 * an address the tenant chose: the account's name and the person's name are
 * quoted in the body, on labelled lines, as data.
 */
describe('the subject of the mails', () => {
    let p: TestPlatform;

    beforeAll(async () => {
        p = await startPlatform();
    }, 120_000);
    afterAll(() => p?.close());

    it('carries no text the tenant chose; the account and the person are quoted in the body as plain data', async () => {
        const phishing = 'URGENT: verify your bank account';
        const adminToken = await p.login(ADMIN.email);
        const admin = await p.as(ADMIN.email);
        const account = await enrollmentAccount(p, adminToken, phishing, [
            { name: 'enr/mfa', value: 'true' },
            { name: 'enr/consent_type', value: 'none' },
        ]);
        const invited = await admin('POST', '/web-enrollments/invites', {
            people: [
                { name: `${phishing} at <b>bank.example</b>`, email: 'victim@limits.test' },
                { name: `Ann\n${phishing}\r\nnow`, email: 'ann@limits.test' },
            ],
            account_id: account,
        });
        expect(invited.statusCode, invited.body).toBe(201);
        const csv = await uploadInvites(p, adminToken, account, inviteCsv([{ name: `${phishing} now`, email: 'csv@limits.test' }]));
        expect(csv.statusCode, csv.body).toBe(202);
        const resend = await admin('POST', `/web-enrollments/${invited.json().result[0].id}/resend`, { account_id: account });
        expect(resend.statusCode).toBe(200);
        // the one-time code the person asks for from the link
        const link = (await admin('GET', `/web-enrollments/${resend.json().id}/link?account_id=${account}`)).json().link as string;
        const token = link.split('/enroll/')[1]!;
        const code = await p.app.inject({ method: 'POST', url: `/api/v2/enrollment/${token}/code`, payload: {} });
        expect(code.statusCode, code.body).toBe(204);
        for (let i = 0; i < 100 && !p.mail.sent.some(m => m.to === 'csv@limits.test'); i++) await new Promise(r => setTimeout(r, 50));

        const mails = p.mail.sent.filter(m => m.to.endsWith('@limits.test'));
        expect(mails.map(m => m.to).sort()).toEqual([
            'ann@limits.test',
            'csv@limits.test',
            'victim@limits.test',
            'victim@limits.test',
            'victim@limits.test',
        ]);
        for (const mail of mails) {
            expect(mail.subject).not.toMatch(/URGENT|verify|bank/i);
            expect(mail.subject).toMatch(/^(Invitation to enroll your face|Your enrollment code: \d{6})$/);
            // no line of the message starts with the tenant's words: they stand quoted, after a label
            for (const line of mail.text.split('\n')) expect(line).not.toMatch(/^\s*(URGENT|now)/);
            expect(mail.text).toContain(`Invited by: “${phishing}”`);
            expect(mail.html).not.toContain('<b>');
        }
        const victim = mails.find(m => m.to === 'victim@limits.test' && m.subject.startsWith('Invitation'))!;
        expect(victim.text).toContain(`Invitation for: “${phishing} at <b>bank.example</b>”`);
        expect(victim.html).toContain(`Invitation for: “${phishing} at &lt;b&gt;bank.example&lt;/b&gt;”`);
        expect(mails.find(m => m.to === 'ann@limits.test')!.text).toContain(`Invitation for: “Ann ${phishing} now”`);
    });
});
