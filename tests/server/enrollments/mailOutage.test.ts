import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../../server/mail/mailer';
import { enrollmentSender } from '../../../server/resources/enrollments/sender';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { enrollmentAccount, inviteCsv, uploadInvites } from './fixture';

/**
 * Invitations sent while the mail server is down, or while it answers "try
 * again later" (4xx), wait and are tried again by the enrollment-sender job
 * with a growing wait (MAIL_RETRY_BASE_SECONDS...); only a refusal of the
 * address (5xx) marks one failed, at once, or MAIL_RETRY_HOURS of trying.
 * The mail goes through a real SMTP server on loopback, stopped and started
 * again on the same port.
 */
let p: TestPlatform;
let admin: ApiCaller;
let adminToken: string;
let account: number;
let port: number;
let smtp: SMTPServer | undefined;
const inbox: string[] = [];
/** how the server answers RCPT TO for an address: 550 (no such user) or 451 (try again later) */
const answers = new Map<string, 550 | 451>();

const startSmtp = async (onPort = 0) => {
    const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        disableReverseLookup: true,
        logger: false,
        // a server going down drops the connections the platform's pool keeps open, at once
        closeTimeout: 50,
        onRcptTo(address, _session, callback) {
            const code = answers.get(address.address);
            if (!code) return callback();
            const error = Object.assign(new Error(code === 550 ? 'No such user here' : 'Greylisted, try again later'), {
                responseCode: code,
            });
            callback(error);
        },
        onData(stream, session, callback) {
            stream.resume();
            stream.on('end', () => {
                for (const rcpt of session.envelope.rcptTo) inbox.push(rcpt.address);
                callback();
            });
        },
    });
    await new Promise<void>(resolve => server.listen(onPort, '127.0.0.1', resolve));
    smtp = server;
    return (server.server.address() as { port: number }).port;
};
const stopSmtp = () => new Promise<void>(resolve => (smtp ? smtp.close(() => resolve()) : resolve()));

const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, email: `${prefix}${i}@outage.test` }));
const batchOf = async (id: number) => (await admin('GET', `/web-enrollments/batches/${id}`)).json();
/** Waits until the upload's first tries are over: nothing pending that was not tried. */
const tried = async (id: number) => {
    for (let i = 0; i < 400; i++) {
        const batch = await batchOf(id);
        if (batch.pending === batch.waiting) return batch;
        await new Promise(r => setTimeout(r, 50));
    }
    throw new Error(`batch ${id} still sending`);
};
const listed = async (q: string) =>
    (await admin('GET', `/web-enrollments?account_id=${account}&q=${q}&per_page=100`)).json().result as {
        email: string;
        status: string;
        sent_at: string | null;
        send_tries: number;
        send_next_at: string | null;
        send_error: string | null;
        failure: string | null;
    }[];
const arrived = (prefix: string) => inbox.filter(to => to.startsWith(prefix));
const later = (ms: number) => (p.clock.offsetMs += ms);

beforeAll(async () => {
    port = await startSmtp();
    p = await startPlatform({ mailRetryBaseMs: 60_000, mailRetryMaxMs: 3_600_000, mailRetryWindowMs: 48 * 3_600_000 });
    // The platform's mail goes through the local SMTP server, as SMTP_URL would send it.
    p.ctx.mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: 'Access Console <no-reply@console.example>',
        outboxDir: '/nonexistent',
    });
    adminToken = await p.login(ADMIN.email);
    admin = await p.as(ADMIN.email);
    account = await enrollmentAccount(p, adminToken, 'Outage Site');
}, 120_000);
afterAll(async () => {
    p?.ctx.mailer.close?.();
    await p?.close();
    await stopSmtp();
});

describe('invitations while the mail server is down', () => {
    it('wait and go out once it is back, each exactly once, after the backoff', async () => {
        await stopSmtp();
        const res = await uploadInvites(p, adminToken, account, inviteCsv(people('down', 6)));
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json().id as number;
        expect(await tried(id)).toEqual({ id, total: 6, sent: 0, failed: 0, pending: 6, waiting: 6 });
        for (const invite of await listed('down')) {
            expect(invite).toMatchObject({ status: 'sent', sent_at: null, send_tries: 1, failure: null });
            expect(invite.send_error).toBeTruthy();
            expect(new Date(invite.send_next_at!).getTime() - p.ctx.now().getTime()).toBeGreaterThan(50_000);
        }

        // The job before the wait is over tries nothing, even with the server back.
        await startSmtp(port);
        await enrollmentSender.run(p.ctx);
        expect(arrived('down')).toEqual([]);

        // Down again for the second try: the wait grows (base × 2).
        await stopSmtp();
        later(61_000);
        await enrollmentSender.run(p.ctx);
        for (const invite of await listed('down')) {
            expect(invite).toMatchObject({ status: 'sent', sent_at: null, send_tries: 2 });
            expect(new Date(invite.send_next_at!).getTime() - p.ctx.now().getTime()).toBeGreaterThan(110_000);
        }

        await startSmtp(port);
        later(121_000);
        await enrollmentSender.run(p.ctx);
        expect(arrived('down').sort()).toEqual(people('down', 6).map(person => person.email));
        expect(await batchOf(id)).toEqual({ id, total: 6, sent: 6, failed: 0, pending: 0, waiting: 0 });
        for (const invite of await listed('down')) expect(invite).toMatchObject({ status: 'sent', send_next_at: null, send_error: null });

        // Nothing goes twice.
        later(3_600_000);
        await enrollmentSender.run(p.ctx);
        expect(arrived('down')).toHaveLength(6);
    });

    it('an invitation made or sent again by hand while the server is down waits the same way', async () => {
        await stopSmtp();
        const made = await admin('POST', '/web-enrollments/invites', { people: people('byhand', 1), account_id: account });
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json().result[0]).toMatchObject({ status: 'sent', sent_at: null, send_tries: 1 });
        await startSmtp(port);
        later(61_000);
        await enrollmentSender.run(p.ctx);
        expect(arrived('byhand')).toEqual(['byhand0@outage.test']);
        expect((await listed('byhand'))[0]).toMatchObject({ status: 'sent', send_tries: 1, send_next_at: null });

        // Sent again by hand while the server is down: the new link waits too, and goes once the server is back.
        await stopSmtp();
        const resent = await admin('POST', `/web-enrollments/${made.json().result[0].id}/resend`, { account_id: account });
        expect(resent.statusCode, resent.body).toBe(200);
        expect(resent.json()).toMatchObject({ status: 'sent', sent_at: null, send_tries: 1 });
        await startSmtp(port);
        later(61_000);
        await enrollmentSender.run(p.ctx);
        expect(arrived('byhand')).toEqual(['byhand0@outage.test', 'byhand0@outage.test']);
        expect((await listed('byhand'))[0]!.sent_at).not.toBeNull();
    });
});

describe('a mail server that refuses some addresses', () => {
    it('fails at once only the address refused with 550; one answered 451 waits, and fails once MAIL_RETRY_HOURS have passed', async () => {
        answers.set('mixed1@outage.test', 550);
        answers.set('mixed2@outage.test', 451);
        const res = await uploadInvites(p, adminToken, account, inviteCsv(people('mixed', 4)));
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json().id as number;
        expect(await tried(id)).toEqual({ id, total: 4, sent: 2, failed: 1, pending: 1, waiting: 1 });
        expect(arrived('mixed').sort()).toEqual(['mixed0@outage.test', 'mixed3@outage.test']);
        const byEmail = new Map((await listed('mixed')).map(invite => [invite.email, invite]));
        expect(byEmail.get('mixed1@outage.test')).toMatchObject({ status: 'failed', send_tries: 1 });
        expect(byEmail.get('mixed1@outage.test')!.failure).toMatch(/could not be sent.*550|No such user/);
        expect(byEmail.get('mixed2@outage.test')).toMatchObject({ status: 'sent', sent_at: null, send_tries: 1, failure: null });
        expect(byEmail.get('mixed2@outage.test')!.send_error).toMatch(/451|Greylisted/);

        // Still 451 on the next tries: it waits, up to the window...
        later(61_000);
        await enrollmentSender.run(p.ctx);
        expect((await listed('mixed2'))[0]).toMatchObject({ status: 'sent', send_tries: 2 });
        // ...then it is failed, with why.
        later(48 * 3_600_000);
        await enrollmentSender.run(p.ctx);
        const gaveUp = (await listed('mixed2'))[0]!;
        expect(gaveUp).toMatchObject({ status: 'failed', send_tries: 3 });
        expect(gaveUp.failure).toMatch(/did not take it in 3 tries/);
        expect(arrived('mixed2')).toEqual([]);
        expect(await batchOf(id)).toMatchObject({ sent: 2, failed: 2, pending: 0, waiting: 0 });
    });
});
