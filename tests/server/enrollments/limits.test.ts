import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollmentSender } from '../../../server/resources/enrollments/sender';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { enrollmentAccount, inviteCsv, uploadInvites } from './fixture';

/**
 * Web enrollment may not be used as a mail relay: an account sends at most
 * so many invitations a day (System settings), and the routes that send them
 * are rate-limited per user.
 */
const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, email: `${prefix}${i}@limits.test` }));
const mailsTo = (p: TestPlatform, prefix: string) => p.mail.sent.filter(mail => mail.to.startsWith(prefix));

describe('the daily cap of invitations per account', () => {
    let p: TestPlatform;
    let admin: ApiCaller;
    let adminToken: string;
    let account: number;
    const count = async () => (await admin('GET', `/web-enrollments?account_id=${account}&per_page=1`)).json().count as number;
    /** GET each batch until nothing is pending: every invitation the upload made was tried. */
    const settled = async (id: number) => {
        for (let i = 0; i < 200; i++) {
            const batch = (await admin('GET', `/web-enrollments/batches/${id}`)).json();
            if (batch.pending === 0) return batch;
            await new Promise(r => setTimeout(r, 50));
        }
        throw new Error(`batch ${id} still pending`);
    };

    beforeAll(async () => {
        p = await startPlatform();
        adminToken = await p.login(ADMIN.email);
        admin = await p.as(ADMIN.email);
        account = await enrollmentAccount(p, adminToken, 'Capped Site');
    }, 120_000);
    afterAll(() => p?.close());

    it('is a System setting the administrator changes, 1000 unless the environment says otherwise', async () => {
        const settings = await admin('GET', '/system/settings');
        // tests run with ENROLLMENT_INVITES_PER_DAY set high (server/config.ts testConfig); the platform's default is 1000
        expect(settings.json().source.enrollment_invites_per_day).toBe('environment');
        const { loadConfig } = await import('../../../server/config');
        expect(loadConfig({}).enrollmentInvitesPerDay).toBe(1000);
        const refused = await admin('PUT', '/system/settings', { enrollment_invites_per_day: 0 });
        expect(refused.statusCode).toBe(400);
        const saved = await admin('PUT', '/system/settings', { enrollment_invites_per_day: 5 });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toMatchObject({ enrollment_invites_per_day: 5, source: { enrollment_invites_per_day: 'saved' } });
    });

    it('refuses an upload, invites or a resend past it whole, with what is left and when it resets; nothing is sent or kept', async () => {
        const first = await uploadInvites(p, adminToken, account, inviteCsv(people('first', 3)));
        expect(first.statusCode, first.body).toBe(202);
        expect(await settled(first.json().id)).toMatchObject({ sent: 3, failed: 0 });
        const before = await count();
        const sentBefore = p.mail.sent.length;

        const over = await uploadInvites(p, adminToken, account, inviteCsv(people('over', 3)));
        expect(over.statusCode, over.body).toBe(429);
        const tomorrow = new Date(p.ctx.now().getTime() + 86_400_000).toISOString().slice(0, 10);
        expect(over.json().error).toContain('has 2 left today');
        expect(over.json().error).toContain(`The count starts again at ${tomorrow} 00:00 UTC`);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400);

        const invites = await admin('POST', '/web-enrollments/invites', { people: people('more', 3), account_id: account });
        expect(invites.statusCode, invites.body).toBe(429);
        expect(invites.json().error).toContain('has 2 left today; this asks for 3');

        // A file far past what is left is refused as soon as that is known, the same way.
        const big = await uploadInvites(p, adminToken, account, inviteCsv(people('big', 2000)));
        expect(big.statusCode).toBe(429);
        expect(big.json().error).toContain('this asks for more than 2');

        await enrollmentSender.run(p.ctx);
        expect(await count()).toBe(before);
        expect(p.mail.sent.length).toBe(sentBefore);
        expect([...mailsTo(p, 'over'), ...mailsTo(p, 'more'), ...mailsTo(p, 'big')]).toEqual([]);

        // What is left can be used, and a resend counts one.
        const two = await admin('POST', '/web-enrollments/invites', { people: people('two', 2), account_id: account });
        expect(two.statusCode, two.body).toBe(201);
        const resent = await admin('POST', `/web-enrollments/${two.json().result[0].id}/resend`, { account_id: account });
        expect(resent.statusCode, resent.body).toBe(429);
        expect(resent.json().error).toContain('has 0 left today; this asks for 1');
        expect(mailsTo(p, 'two')).toHaveLength(2);
    });

    it('starts again the next day (UTC), and a new setting applies at once', async () => {
        const now = p.ctx.now();
        const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
        p.clock.offsetMs += nextMidnight - now.getTime() + 60_000;
        const again = await uploadInvites(p, adminToken, account, inviteCsv(people('again', 5)));
        expect(again.statusCode, again.body).toBe(202);
        expect(await settled(again.json().id)).toMatchObject({ sent: 5, failed: 0 });
        expect((await uploadInvites(p, adminToken, account, inviteCsv(people('sixth', 1)))).statusCode).toBe(429);

        expect((await admin('PUT', '/system/settings', { enrollment_invites_per_day: 8 })).statusCode).toBe(200);
        const raised = await uploadInvites(p, adminToken, account, inviteCsv(people('raised', 3)));
        expect(raised.statusCode, raised.body).toBe(202);
        expect(await settled(raised.json().id)).toMatchObject({ sent: 3 });
        expect((await admin('POST', '/web-enrollments/invites', { people: people('ninth', 1), account_id: account })).statusCode).toBe(429);
    });
});

describe('the rate limit of the routes that send invitations', () => {
    let p: TestPlatform;

    beforeAll(async () => {
        p = await startPlatform({ enrollmentInviteRequestsPerMinute: 3 });
    }, 120_000);
    afterAll(() => p?.close());

    it('answers 429 with Retry-After past the requests a user may make a minute, the three routes together', async () => {
        const adminToken = await p.login(ADMIN.email);
        const admin = await p.as(ADMIN.email);
        const account = await enrollmentAccount(p, adminToken, 'Rate Limited Site');
        const made = await admin('POST', '/web-enrollments/invites', { people: people('rate', 1), account_id: account });
        expect(made.statusCode, made.body).toBe(201);
        expect((await uploadInvites(p, adminToken, account, inviteCsv(people('ratecsv', 1)))).statusCode).toBe(202);
        const id = made.json().result[0].id as number;
        expect((await admin('POST', `/web-enrollments/${id}/resend`, { account_id: account })).statusCode).toBe(200);

        for (const refused of [
            await admin('POST', `/web-enrollments/${id}/resend`, { account_id: account }),
            await admin('POST', '/web-enrollments/invites', { people: people('late', 1), account_id: account }),
            await uploadInvites(p, adminToken, account, inviteCsv(people('latecsv', 1))),
        ]) {
            expect(refused.statusCode, refused.body).toBe(429);
            expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
            expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
        expect(mailsTo(p, 'late')).toEqual([]);
        // Reading is not limited, and another user has a budget of its own.
        expect((await admin('GET', `/web-enrollments?account_id=${account}`)).statusCode).toBe(200);
        const dealer = await p.as(p.demo.dealer.users.dealer.email);
        expect((await dealer('POST', '/web-enrollments/invites', { people: people('dealer', 1), account_id: account })).statusCode).toBe(
            201,
        );
    });
});
