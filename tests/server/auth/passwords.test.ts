import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/crypto/passwords';
import { PASSWORD_MAIL_TEXTS } from '../../../server/resources/auth/mailTexts';
import { ADMIN, DEMO_PASSWORD, startPlatform, type TestPlatform } from '../harness';
import { expectEveryLanguage } from '../mailTexts';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform({ maxFailedLogins: 3, lockoutSeconds: 600 });
});
afterAll(() => p?.close());

const signIn = (username: string, password: string) =>
    p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username, password } });
const linkToken = () => /token=([\w-]+)/.exec(p.mail.sent.at(-1)!.text)![1]!;

describe('lockout', () => {
    it('locks an e-mail after repeated failures with 429, and lets it in once the window has passed', async () => {
        const email = p.demo.otherCustomer.users.user.email;
        for (let i = 0; i < 3; i++) expect((await signIn(email, 'Wrong#Pass1')).statusCode).toBe(422);
        const locked = await signIn(email, DEMO_PASSWORD);
        expect(locked.statusCode).toBe(429);
        expect(locked.json().error).toMatch(/Too many failed sign-ins. Try again in 10 minutes./);
        p.clock.offsetMs = 601_000;
        try {
            expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
        } finally {
            p.clock.offsetMs = 0;
        }
    });
});

describe('reset password by e-mail', () => {
    const email = () => p.demo.customers[1].users.manager.email;

    it('mails a single-use link that sets a new password and ends old sessions', async () => {
        const before = await p.login(email());
        const asked = await p.app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email: email().toUpperCase() } });
        await p.app.afterReplySettled();
        expect(asked.statusCode).toBe(204);
        expect(p.mail.sent.at(-1)).toMatchObject({ to: email(), subject: 'Reset your Access Console password' });
        const token = linkToken();
        expect(p.mail.sent.at(-1)!.text).toContain(`${p.ctx.config.publicUrl}/reset_password?token=${token}`);

        const status = () => p.app.inject({ method: 'GET', url: `/api/v2/reset_password/${token}/status` }).then(r => r.json().status);
        expect(await status()).toBe('valid');

        const weak = await p.app.inject({ method: 'PUT', url: `/api/v2/reset_password/${token}`, payload: { password: 'weakpassword' } });
        expect(weak.statusCode).toBe(400);
        expect(weak.json()).toMatchObject({ error: 'Validation error', fields: { password: 'Password strength not met' } });
        expect(await status()).toBe('valid');

        const set = await p.app.inject({ method: 'PUT', url: `/api/v2/reset_password/${token}`, payload: { password: 'Brand#New1' } });
        expect(set.statusCode).toBe(204);
        expect(await status()).toBe('used');
        expect(
            (await p.app.inject({ method: 'PUT', url: `/api/v2/reset_password/${token}`, payload: { password: 'Other#New1' } })).statusCode,
        ).toBe(410);
        expect((await p.call(before, { method: 'GET', url: '/api/v2/me' })).statusCode).toBe(401);
        expect((await signIn(email(), 'Brand#New1')).statusCode).toBe(200);
    });

    it('refuses an expired link', async () => {
        await p.app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email: email() } });
        await p.app.afterReplySettled();
        const token = linkToken();
        p.clock.offsetMs = p.ctx.config.resetTokenTtlSeconds * 1000 + 1000;
        try {
            expect((await p.app.inject({ method: 'GET', url: `/api/v2/reset_password/${token}/status` })).json().status).toBe('expired');
            const res = await p.app.inject({ method: 'PUT', url: `/api/v2/reset_password/${token}`, payload: { password: 'Late#Pass1' } });
            expect(res.statusCode).toBe(410);
            expect(res.json().error).toBe('This reset link has expired. Ask for a new one.');
        } finally {
            p.clock.offsetMs = 0;
        }
    });

    it('answers 204 for an unknown address and sends nothing', async () => {
        const count = p.mail.sent.length;
        expect(
            (await p.app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email: 'nobody@nowhere.test' } })).statusCode,
        ).toBe(204);
        await p.app.afterReplySettled();
        expect(p.mail.sent.length).toBe(count);
        expect((await p.app.inject({ method: 'GET', url: '/api/v2/reset_password/not-a-real-token-at-all/status' })).json().status).toBe(
            'invalid',
        );
    });
});

describe("the reset mail in the user's language and brand", () => {
    it("speaks the user's chosen language and wears the brand of the user's account", async () => {
        const user = p.demo.otherCustomer.users.manager;
        const admin = await p.login(ADMIN.email);
        const brand = {
            product_name: 'Tailspin Secure',
            primary_color: '#1a237e',
            secondary_color: '#ff6f00',
            support_email: 'help@tailspin.example',
            support_url: null,
            domains: [],
        };
        const put = await p.call(admin, { method: 'PUT', url: `/api/v2/accounts/${p.demo.otherDealer.id}/branding`, payload: brand });
        expect(put.statusCode, put.body).toBe(200);
        const own = await p.login(user.email);
        expect((await p.call(own, { method: 'PUT', url: '/api/v2/me/locale', payload: { locale: 'fr' } })).statusCode).toBe(204);

        await p.app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email: user.email } });
        await p.app.afterReplySettled();
        const mail = p.mail.sent.at(-1)!;
        expect(mail).toMatchObject({
            to: user.email,
            subject: 'Réinitialisez votre mot de passe Tailspin Secure',
            fromName: 'Tailspin Secure',
        });
        expect(mail.text).toMatch(/^Bonjour /);
        expect(mail.text).toContain(`Choisir un nouveau mot de passe: ${p.ctx.config.publicUrl}/reset_password?token=${linkToken()}`);
        expect(mail.text).toContain('Tailspin Secure · help@tailspin.example');
        expect(mail.html).toContain('<html lang="fr" dir="ltr">');
        expect(mail.html).toContain('background: #1a237e');

        // Arabic, right to left; the brand taken off again, the platform's own name
        await p.call(own, { method: 'PUT', url: '/api/v2/me/locale', payload: { locale: 'ar' } });
        await p.call(admin, { method: 'DELETE', url: `/api/v2/accounts/${p.demo.otherDealer.id}/branding` });
        await p.app.inject({ method: 'POST', url: '/api/v2/reset_password', payload: { email: user.email } });
        await p.app.afterReplySettled();
        const arabic = p.mail.sent.at(-1)!;
        expect(arabic.subject).toBe('إعادة تعيين كلمة مرور Access Console');
        expect(arabic.fromName).toBeUndefined();
        expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    });

    it("is in the language the account's brand sets for a user who chose none, as /me says", async () => {
        const user = p.demo.customers[0].users.user;
        const asDealer = await p.as(p.demo.dealer.users.dealer.email);
        const brand = { product_name: 'Northwind Access', primary_color: '#1a237e', secondary_color: '#ff6f00', default_locale: 'nl' };
        expect((await asDealer('PUT', `/accounts/${p.demo.dealer.id}/branding`, brand)).statusCode).toBe(200);
        try {
            const me = (await (await p.as(user.email))('GET', '/me')).json();
            expect(me).toMatchObject({ locale: null, default_locale: 'nl' });
            // from another address: the five a minute of the tests above are spent
            const asked = await p.app.inject({
                method: 'POST',
                url: '/api/v2/reset_password',
                payload: { email: user.email },
                remoteAddress: '192.0.2.44',
            });
            expect(asked.statusCode).toBe(204);
            await p.app.afterReplySettled();
            expect(p.mail.sent.at(-1)).toMatchObject({ to: user.email, subject: 'Stel uw Northwind Access-wachtwoord opnieuw in' });
        } finally {
            await asDealer('DELETE', `/accounts/${p.demo.dealer.id}/branding`);
        }
    });

    it('has every text in every language, with the same places for values', () => expectEveryLanguage(PASSWORD_MAIL_TEXTS));
});

describe('initial password setup', () => {
    it('keeps a user who must set a password away from everything but their session until they do', async () => {
        const [row] = await p.ctx.db
            .insert(users)
            .values({
                account_id: p.demo.customers[0].id,
                name: 'Fresh Start',
                email: 'fresh@contoso.test',
                role: 'manager',
                password_hash: await hashPassword('Temp#Pass1'),
                password_changed: false,
            })
            .returning();
        const token = (await signIn('fresh@contoso.test', 'Temp#Pass1')).json().token;
        expect((await p.call(token, { method: 'GET', url: '/api/v2/me' })).json()).toMatchObject({ password_changed: false });
        const blocked = await p.call(token, { method: 'GET', url: '/api/v2/roles' });
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json().error).toBe('Password change required');

        const other = await p.call(token, {
            method: 'PUT',
            url: `/api/v2/users/${p.demo.customers[0].users.user.id}/password_setup`,
            payload: { password: 'Mine#Pass1' },
        });
        expect(other.statusCode).toBe(403);
        const weak = await p.call(token, { method: 'PUT', url: `/api/v2/users/${row!.id}/password_setup`, payload: { password: 'short' } });
        expect(weak.json().fields.password).toBe('Password must be at least 8 characters');
        expect(
            (await p.call(token, { method: 'PUT', url: `/api/v2/users/${row!.id}/password_setup`, payload: { password: 'Mine#Pass1' } }))
                .statusCode,
        ).toBe(204);
        expect((await p.call(token, { method: 'GET', url: '/api/v2/roles' })).statusCode).toBe(200);
        expect(
            (await p.call(token, { method: 'PUT', url: `/api/v2/users/${row!.id}/password_setup`, payload: { password: 'Again#Pass1' } }))
                .statusCode,
        ).toBe(409);
        expect((await signIn('fresh@contoso.test', 'Mine#Pass1')).statusCode).toBe(200);
    });
});

// Last: its 25 requests use up the address's sign-in rate limit for a minute.
describe('lockout against guesses sent at once', () => {
    it('evaluates at most the allowed number of 25 concurrent wrong passwords; the rest, and then the right one, get 429', async () => {
        const base = await p.listen();
        const email = p.demo.customers[1].users.user.email;
        const guess = (password: string) =>
            fetch(`${base}/api/v2/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ username: email, password }),
            }).then(r => r.status);
        const statuses = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(`Wrong#Pass${i}`)));
        expect(statuses.filter(s => s === 422).length).toBeLessThanOrEqual(3);
        expect(statuses.filter(s => s !== 422).every(s => s === 429)).toBe(true);
        expect(await guess(DEMO_PASSWORD)).toBe(429);
    });
});
