import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../../contract/alertRules';
import { alertFixture, type AlertFixture } from './fixture';

/**
 * Alert mails leave one per recipient and survive the mail server: stopped,
 * the alert waits and is tried again with a growing wait (MAIL_RETRY_*),
 * and arrives once when the server is back; a 550 for one address fails
 * that recipient alone, shown on the rule, while the others get their mail.
 * A real SMTP server on loopback, stopped and started on the same port; the
 * platform's clock moves instead of waiting.
 */
let f: AlertFixture;
let customer: number;
let users: { manager: { id: number; email: string }; moderator: { id: number; email: string } };

beforeAll(async () => {
    f = await alertFixture();
    customer = f.p.demo.customers[0].id;
    users = f.p.demo.customers[0].users;
});
afterAll(() => f?.close());

const mailsTo = (to: string) => f.inbox.filter(m => m.to.includes(to));
const ruleNow = async (id: number) => (await f.admin('GET', `/alert_rules/${id}`)).json() as AlertRule;

describe('an alert while the mail server is down', () => {
    it('is not lost: once the server is back and the backoff is over, each recipient gets it once', async () => {
        const outside = 'night-guard@elsewhere.example';
        await f.confirmedRule({
            name: 'Outage',
            account_id: customer,
            event_types: ['TamperedDeviceDetected'],
            user_ids: [users.manager.id, users.moderator.id],
            emails: [outside],
        });
        await f.stopSmtp();
        await f.event(customer, 'TamperedDeviceDetected');
        // Each run tries one mail against the dead server and leaves the others for the next run.
        for (let i = 0; i < 4; i++) await f.run();
        expect(f.inbox).toEqual([]);
        await f.startSmtp();
        await f.run();
        // every one was tried and waits for its backoff
        expect(f.inbox).toEqual([]);
        f.p.clock.offsetMs += f.p.ctx.config.mailRetryBaseMs;
        await f.run();
        await f.run();
        f.p.clock.offsetMs += f.p.ctx.config.mailRetryMaxMs;
        await f.run();
        for (const to of [users.manager.email, users.moderator.email, outside])
            expect(
                mailsTo(to).map(m => [m.to, m.subject]),
                to,
            ).toEqual([[[to], 'Alert: 1 event']]);
        f.take();
    });

    it('is tried with a growing wait for MAIL_RETRY_HOURS, then counts as failed and shows on the address', async () => {
        const outside = 'patient@elsewhere.example';
        const rule = await f.confirmedRule({
            name: 'Long outage',
            account_id: customer,
            event_types: ['TamperedReaderDetected'],
            emails: [outside],
        });
        await f.stopSmtp();
        try {
            await f.event(customer, 'TamperedReaderDetected');
            await f.run();
            const { mailRetryMaxMs, mailRetryWindowMs } = f.p.ctx.config;
            expect((await ruleNow(rule.id)).addresses[0]!.last_error).toBeNull();
            // a try each time its wait is over (base, then twice the last, up to the max), until the window is over
            for (let waited = 0; waited <= mailRetryWindowMs; waited += mailRetryMaxMs) {
                f.p.clock.offsetMs += mailRetryMaxMs;
                await f.run();
            }
            const address = (await ruleNow(rule.id)).addresses[0]!;
            expect(address.state).toBe('confirmed');
            expect(address.last_error).toMatch(/ECONNREFUSED|connect/i);
        } finally {
            await f.startSmtp();
        }
        f.p.clock.offsetMs += f.p.ctx.config.mailRetryMaxMs;
        await f.run();
        expect(mailsTo(outside)).toEqual([]);
    });
});

describe('a 550 for one address', () => {
    it('fails that recipient alone, shown on the rule; the others get their mail and nothing is retried', async () => {
        const [gone, fine] = ['gone@elsewhere.example', 'fine@elsewhere.example'];
        const rule = await f.confirmedRule({
            name: 'Partly refused',
            account_id: customer,
            event_types: ['SpoofingWithoutAccess'],
            user_ids: [users.manager.id, users.moderator.id],
            emails: [gone, fine],
        });
        f.smtp.unknown.add(gone);
        f.smtp.unknown.add(users.moderator.email);
        try {
            await f.event(customer, 'SpoofingWithoutAccess');
            await f.run();
            expect(mailsTo(fine).map(m => m.subject)).toEqual(['Alert: 1 event']);
            expect(mailsTo(users.manager.email).map(m => m.subject)).toEqual(['Alert: 1 event']);
            expect(mailsTo(gone)).toEqual([]);
            const shown = await ruleNow(rule.id);
            expect(shown.addresses.find(a => a.email === gone)).toMatchObject({
                state: 'confirmed',
                last_error: expect.stringContaining('550'),
            });
            expect(shown.addresses.find(a => a.email === fine)).toMatchObject({ state: 'confirmed', last_error: null });
            expect(shown.user_mail_errors).toEqual([
                {
                    user_id: users.moderator.id,
                    email: users.moderator.email,
                    error: expect.stringContaining('550'),
                    at: expect.any(String),
                },
            ]);
            f.p.clock.offsetMs += f.p.ctx.config.mailRetryMaxMs;
            await f.run();
            expect(mailsTo(gone)).toEqual([]);
            expect(mailsTo(fine)).toHaveLength(1);
        } finally {
            f.smtp.unknown.clear();
        }
        // the next alert goes to it again, and a mail it took clears its error
        await f.event(customer, 'SpoofingWithoutAccess');
        await f.run();
        expect(mailsTo(gone)).toHaveLength(1);
        expect((await ruleNow(rule.id)).addresses.find(a => a.email === gone)!.last_error).toBeNull();
    });
});
