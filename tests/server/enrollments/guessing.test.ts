import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_CODE_MAX_TOTAL_TRIES, ENROLLMENT_CODE_MAX_TRIES, ENROLLMENT_MESSAGES } from '../../../contract/enrollments';
import { createMailer } from '../../../server/mail/mailer';
import { startSmtpInbox, type InboxMail } from '../smtpInbox';
import { startPlatform, type TestPlatform } from '../harness';
import { roleMatrix, type RoleMatrix } from '../permissions/roleMatrix';

/**
 * The public enrollment page against someone who holds a link but not the
 * mailbox: codes sent at once or over many new codes do not give more tries
 * than the limits (ENROLLMENT_CODE_MAX_TRIES a code, _TOTAL_TRIES a link).
 * The codes come through a real SMTP server, as in flow.test.ts.
 */
let p: TestPlatform;
let m: RoleMatrix;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let inbox: InboxMail[] = [];
let account: number;

const decoded = (raw: string) =>
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailTo = async (to: string, count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
        const found = inbox.filter(m => m.to === to);
        if (found.length >= count) return decoded(found[count - 1]!.raw);
        if (Date.now() > deadline) throw new Error(`no mail ${count} to ${to}`);
        await new Promise(r => setTimeout(r, 50));
    }
};
const tokenIn = (text: string) => /\/enroll\/([\w.-]+)/.exec(text)![1]!;
const codeIn = (text: string) => /is (\d{6})/.exec(text)![1]!;
/** Codes that are not `code`, each different. */
const wrongCodes = (code: string, n: number) =>
    Array.from({ length: n + 1 }, (_, i) => String(i * 7919).padStart(6, '0'))
        .filter(c => c !== code)
        .slice(0, n);

/** A public call from one address (each test its own: the routes' rate limits count per address). */
const from = (ip: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
    p.app.inject({ method, url: `/api/v2/enrollment/${url}`, ...(payload ? { payload } : {}), remoteAddress: ip });

const invite = async (name: string, email: string) => {
    const res = await m.asAdmin('POST', '/web-enrollments/invites', { people: [{ name, email }], account_id: account });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().result[0] as { id: number; status: string };
};
const record = async (id: number) =>
    (
        (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&per_page=100`)).json().result as { id: number; status: string }[]
    ).find(r => r.id === id)!;

beforeAll(async () => {
    smtp = await startSmtpInbox();
    inbox = smtp.inbox;
    p = await startPlatform({ publicUrl: 'https://console.example' });
    p.ctx.mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: 'Access Console <no-reply@console.example>',
        outboxDir: '/nonexistent',
    });
    m = await roleMatrix(p);
    const made = await m.asAdmin('POST', '/accounts', {
        name: 'Guessing Site',
        ref_number: 'GS-1',
        address: { email: 'site@guess.test' },
        parent_id: p.demo.dealer.id,
        options: [
            { type: 'bool', name: 'enr/enabled', value: 'true' },
            { type: 'bool', name: 'enr/mfa', value: 'true' },
            { type: 'string', name: 'enr/consent_type', value: 'none' },
        ],
    });
    expect(made.statusCode, made.body).toBe(201);
    account = made.json().id;
    expect((await m.asAdmin('POST', '/access_groups', { description: 'Everyone', account_id: account })).statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
    p?.ctx.mailer.close?.();
    await p?.close();
    await smtp?.close();
});

describe('the one-time code against guessing', () => {
    it('20 wrong codes sent at once are compared 5 times; the rest, and then the right code, get "too many tries"', async () => {
        const pub = from('10.20.0.1');
        await invite('Pat', 'pat@guess.test');
        const token = tokenIn(await mailTo('pat@guess.test', 1));
        expect((await pub('POST', `${token}/code`, {})).statusCode).toBe(204);
        const code = codeIn(await mailTo('pat@guess.test', 2));

        const replies = await Promise.all(wrongCodes(code, 20).map(wrong => pub('POST', `${token}/code/verify`, { code: wrong })));
        const compared = replies.filter(r => r.statusCode === 400);
        expect(compared).toHaveLength(ENROLLMENT_CODE_MAX_TRIES);
        for (const r of compared) expect(r.json().fields.code).toBe(ENROLLMENT_MESSAGES.codeWrong);
        const refused = replies.filter(r => r.statusCode !== 400);
        expect(refused).toHaveLength(20 - ENROLLMENT_CODE_MAX_TRIES);
        for (const r of refused) {
            expect(r.statusCode).toBe(409);
            expect(r.json().error).toBe(ENROLLMENT_MESSAGES.codeTooManyTries);
        }

        const right = await pub('POST', `${token}/code/verify`, { code });
        expect(right.statusCode).toBe(409);
        expect(right.json().error).toBe(ENROLLMENT_MESSAGES.codeTooManyTries);

        // A new code has its own tries, and the person goes on.
        expect((await pub('POST', `${token}/code`, {})).statusCode).toBe(204);
        const next = codeIn(await mailTo('pat@guess.test', 3));
        const verified = await pub('POST', `${token}/code/verify`, { code: next });
        expect(verified.statusCode, verified.body).toBe(200);
        expect(verified.json().multi_factor.verified).toBe(true);
    });

    it('new codes do not give new tries without end: the link locks, the staff see it, and a new invitation works', async () => {
        const pub = from('10.20.0.2');
        const locked = await invite('Quinn', 'quinn@guess.test');
        const token = tokenIn(await mailTo('quinn@guess.test', 1));
        let mails = 1;
        let last = '';
        const rounds = ENROLLMENT_CODE_MAX_TOTAL_TRIES / ENROLLMENT_CODE_MAX_TRIES;
        for (let round = 1; round <= rounds; round++) {
            expect((await pub('POST', `${token}/code`, {})).statusCode, `round ${round}`).toBe(204);
            last = codeIn(await mailTo('quinn@guess.test', ++mails));
            const wrong = wrongCodes(last, ENROLLMENT_CODE_MAX_TRIES);
            for (const [i, guess] of wrong.entries()) {
                const res = await pub('POST', `${token}/code/verify`, { code: guess });
                if (round === rounds && i === wrong.length - 1) {
                    expect(res.statusCode).toBe(410);
                    expect(res.json().error).toBe(ENROLLMENT_MESSAGES.linkLocked);
                } else expect(res.statusCode, `round ${round} try ${i + 1}`).toBe(400);
            }
        }
        // One more new code: refused, and the last code mailed no longer works either.
        const fifth = await pub('POST', `${token}/code`, {});
        expect(fifth.statusCode).toBe(410);
        expect(fifth.json().error).toBe(ENROLLMENT_MESSAGES.linkLocked);
        const right = await pub('POST', `${token}/code/verify`, { code: last });
        expect(right.statusCode).toBe(410);
        expect(right.json().error).toBe(ENROLLMENT_MESSAGES.linkLocked);
        const page = await pub('GET', token);
        expect(page.statusCode).toBe(410);
        expect(page.json().error).toBe(ENROLLMENT_MESSAGES.linkLocked);

        expect((await record(locked.id)).status).toBe('locked');
        const listed = (await m.asAdmin('GET', `/web-enrollments?account_id=${account}&status=locked`)).json().result as { id: number }[];
        expect(listed.map(r => r.id)).toEqual([locked.id]);

        // Inviting the person again: a new invitation, whose code works.
        const again = from('10.20.0.3');
        const fresh = await invite('Quinn', 'quinn@guess.test');
        expect(fresh.id).not.toBe(locked.id);
        const freshToken = tokenIn(await mailTo('quinn@guess.test', ++mails));
        expect((await again('POST', `${freshToken}/code`, {})).statusCode).toBe(204);
        const freshCode = codeIn(await mailTo('quinn@guess.test', ++mails));
        expect((await again('POST', `${freshToken}/code/verify`, { code: freshCode })).json().multi_factor.verified).toBe(true);

        // Sending the locked one again: a new link with a new allowance of tries.
        const resent = await m.asAdmin('POST', `/web-enrollments/${locked.id}/resend`, { account_id: account });
        expect(resent.statusCode, resent.body).toBe(200);
        expect(resent.json().status).toBe('sent');
        const renewed = tokenIn(await mailTo('quinn@guess.test', ++mails));
        expect((await again('GET', token)).statusCode).toBe(404);
        expect((await again('GET', renewed)).statusCode).toBe(200);
        expect((await again('POST', `${renewed}/code`, {})).statusCode).toBe(204);
        const renewedCode = codeIn(await mailTo('quinn@guess.test', ++mails));
        expect((await again('POST', `${renewed}/code/verify`, { code: wrongCodes(renewedCode, 1)[0] })).statusCode).toBe(400);
        expect((await again('POST', `${renewed}/code/verify`, { code: renewedCode })).json().multi_factor.verified).toBe(true);
    });
});
