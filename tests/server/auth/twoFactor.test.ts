import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../../server/db/schema';
import { totpCode } from '../../../server/resources/auth/totp';
import { DEMO_PASSWORD, startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
    // Two-factor on for Contoso Offices.
    await p.ctx.db
        .update(accounts)
        .set({ options: [{ type: 'bool', name: 'tfa/enabled', value: 'true' }] })
        .where(eq(accounts.id, p.demo.customers[0].id));
});
afterAll(() => p?.close());

const login = (email: string) =>
    p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: email, password: DEMO_PASSWORD } });
const step = (offsetSteps = 0) => new Date(p.ctx.now().getTime() + offsetSteps * 30_000);

describe('two-factor sign-in', () => {
    let secret = '';
    let recovery: string[] = [];
    const user = () => p.demo.customers[0].users.manager.email;

    it('asks a user of a 2FA account to set it up, then signs in with a code', async () => {
        const first = (await login(user())).json();
        expect(first).toMatchObject({ tfa_required: true, tfa_setup_required: true });
        // The step token opens nothing else.
        expect((await p.call(first.token, { method: 'GET', url: '/api/v2/me' })).statusCode).toBe(401);

        const setup = await p.call(first.token, { method: 'GET', url: '/api/v2/2fa-setup' });
        expect(setup.statusCode).toBe(200);
        secret = setup.json().secret;
        expect(setup.json().qr).toMatch(/^data:image\/png;base64,/);
        expect(setup.json().otpauth_url).toContain(`secret=${secret}`);
        // the authenticator app names the platform: no account above this one has a brand
        expect(setup.json().otpauth_url).toMatch(/^otpauth:\/\/totp\/Access%20Console:/);

        const wrong = await p.call(first.token, {
            method: 'POST',
            url: '/api/v2/2fa-setup',
            payload: { otp: '000000' === totpCode(secret, step()) ? '111111' : '000000' },
        });
        expect(wrong.statusCode).toBe(422);

        const confirmed = await p.call(first.token, {
            method: 'POST',
            url: '/api/v2/2fa-setup',
            payload: { otp: totpCode(secret, step()) },
        });
        expect(confirmed.statusCode).toBe(200);
        recovery = confirmed.json().recovery_codes;
        expect(recovery).toHaveLength(10);
        expect((await p.call(confirmed.json().token, { method: 'GET', url: '/api/v2/me' })).json()).toMatchObject({ tfa_enabled: true });
    });

    it('asks for a code at the next sign-in; a code works once', async () => {
        const second = (await login(user())).json();
        expect(second).toMatchObject({ tfa_required: true, tfa_setup_required: false });
        const code = totpCode(secret, step(1));
        const ok = await p.call(second.token, { method: 'POST', url: '/api/v2/login-2fa', payload: { otp: code } });
        expect(ok.statusCode).toBe(200);
        expect((await p.call(ok.json().token, { method: 'GET', url: '/api/v2/me' })).statusCode).toBe(200);

        const third = (await login(user())).json();
        const replay = await p.call(third.token, { method: 'POST', url: '/api/v2/login-2fa', payload: { otp: code } });
        expect(replay.statusCode).toBe(422);
    });

    it('resets with a recovery code once, not twice', async () => {
        const step1 = (await login(user())).json();
        const reset = await p.call(step1.token, { method: 'DELETE', url: `/api/v2/2fa-setup?recovery_code=${recovery[0]}` });
        expect(reset.statusCode).toBe(204);
        const again = (await login(user())).json();
        expect(again).toMatchObject({ tfa_setup_required: true });
        const reuse = await p.call(again.token, { method: 'DELETE', url: `/api/v2/2fa-setup?recovery_code=${recovery[0]}` });
        expect(reuse.statusCode).toBe(422);
    });

    it("lets the account's moderator reset a user's 2FA, not a moderator elsewhere, not a manager", async () => {
        const target = p.demo.customers[0].users.user.id;
        const otherModerator = await p.login(p.demo.customers[1].users.moderator.email);
        expect((await p.call(otherModerator, { method: 'DELETE', url: `/api/v2/2fa-setup?user_id=${target}` })).statusCode).toBe(404);
        // The account's own moderator is itself asked for a code: sign in through 2FA setup first.
        const step1 = (await login(p.demo.customers[0].users.moderator.email)).json();
        const setup = (await p.call(step1.token, { method: 'GET', url: '/api/v2/2fa-setup' })).json();
        const moderator = (
            await p.call(step1.token, { method: 'POST', url: '/api/v2/2fa-setup', payload: { otp: totpCode(setup.secret, step()) } })
        ).json().token;
        expect((await p.call(moderator, { method: 'DELETE', url: `/api/v2/2fa-setup?user_id=${target}` })).statusCode).toBe(204);
        // The manager of an unrelated account without 2FA.
        const manager = await p.login(p.demo.otherCustomer.users.manager.email);
        expect(
            (await p.call(manager, { method: 'DELETE', url: `/api/v2/2fa-setup?user_id=${p.demo.otherCustomer.users.user.id}` }))
                .statusCode,
        ).toBe(403);
        const admin = await p.login('admin@platform.test');
        expect((await p.call(admin, { method: 'DELETE', url: `/api/v2/2fa-setup?user_id=${target}` })).statusCode).toBe(204);
    });

    it('gives the password-only step token nothing once a second factor is set up: no new secret, no tokens, no new recovery codes', async () => {
        const base = await p.listen();
        const email = p.demo.customers[0].users.user.email;
        const http = (token: string, method: string, url: string, body?: object) =>
            fetch(`${base}/api/v2${url}`, {
                method,
                headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
                body: body && JSON.stringify(body),
            });
        // The user sets up a second factor at a first sign-in.
        const first = (await login(email)).json();
        const mine = (await (await http(first.token, 'GET', '/2fa-setup')).json()).secret as string;
        expect((await http(first.token, 'POST', '/2fa-setup', { otp: totpCode(mine, step()) })).status).toBe(200);

        // An attacker with the password alone: the step token may not enrol their own secret.
        const attacker = (await login(email)).json();
        expect(attacker).toMatchObject({ tfa_required: true, tfa_setup_required: false });
        const setup = await http(attacker.token, 'GET', '/2fa-setup');
        expect(setup.status).toBe(403);
        expect(await setup.json()).toMatchObject({
            error: 'Two-factor login is already set up: sign in with a code from your authenticator app.',
        });
        const confirm = await http(attacker.token, 'POST', '/2fa-setup', { otp: '123456' });
        expect(confirm.status).toBe(403);
        const [row] = await p.ctx.db.select().from(users).where(eq(users.email, email));
        expect(row).toMatchObject({ tfa_secret: mine, tfa_pending_secret: null, tfa_enabled: true });
    });

    it('replaces a second factor only from a full session with a code of the current one', async () => {
        const email = p.demo.customers[0].users.user.email;
        const [before] = await p.ctx.db.select().from(users).where(eq(users.email, email));
        // Past the time steps the codes above used.
        p.clock.offsetMs += 120_000;
        const stepToken = (await login(email)).json().token;
        const session = (
            await p.call(stepToken, { method: 'POST', url: '/api/v2/login-2fa', payload: { otp: totpCode(before!.tfa_secret!, step()) } })
        ).json().token as string;
        const next = (await p.call(session, { method: 'GET', url: '/api/v2/2fa-setup' })).json().secret as string;
        const withoutCurrent = await p.call(session, {
            method: 'POST',
            url: '/api/v2/2fa-setup',
            payload: { otp: totpCode(next, step(1)) },
        });
        expect(withoutCurrent.statusCode).toBe(403);
        const replaced = await p.call(session, {
            method: 'POST',
            url: '/api/v2/2fa-setup',
            payload: { otp: totpCode(next, step(1)), current_otp: totpCode(before!.tfa_secret!, step(1)) },
        });
        expect(replaced.statusCode, replaced.body).toBe(200);
        expect(replaced.json().recovery_codes).toHaveLength(10);
        const [after] = await p.ctx.db.select().from(users).where(eq(users.email, email));
        expect(after!.tfa_secret).toBe(next);
    });

    it('evaluates at most the allowed number of one-time codes sent at once', async () => {
        const base = await p.listen();
        // The user whose second factor the tests above set up and replaced.
        const stepToken = (await login(p.demo.customers[0].users.user.email)).json().token as string;
        const codes = Array.from({ length: 15 }, (_, i) => String(100000 + i * 7919));
        const statuses = await Promise.all(
            codes.map(otp =>
                fetch(`${base}/api/v2/login-2fa`, {
                    method: 'POST',
                    headers: { authorization: `Bearer ${stepToken}`, 'content-type': 'application/json' },
                    body: JSON.stringify({ otp }),
                }).then(r => r.status),
            ),
        );
        expect(statuses.filter(s => s === 422).length).toBeLessThanOrEqual(p.ctx.config.maxFailedLogins);
        expect(
            statuses.filter(s => s !== 422),
            JSON.stringify(statuses),
        ).toEqual(statuses.filter(s => s === 429));
    });
});

describe('the authenticator app', () => {
    it("names the brand the user's account wears, as the issuer of the code", async () => {
        const dealer = await p.login(p.demo.dealer.users.dealer.email);
        const brand = { product_name: 'Northwind Access', primary_color: '#1a237e', secondary_color: '#ff6f00', domains: [] };
        const put = await p.call(dealer, { method: 'PUT', url: `/api/v2/accounts/${p.demo.dealer.id}/branding`, payload: brand });
        expect(put.statusCode, put.body).toBe(200);
        try {
            // a user of another customer of the dealer, setting up a second factor of their own accord
            const email = p.demo.customers[1].users.manager.email;
            const setup = await p.call(await p.login(email), { method: 'GET', url: '/api/v2/2fa-setup' });
            expect(setup.statusCode, setup.body).toBe(200);
            const url = new URL(setup.json().otpauth_url);
            expect(decodeURIComponent(url.pathname)).toBe(`/Northwind Access:${email}`);
            expect(url.searchParams.get('issuer')).toBe('Northwind Access');
        } finally {
            await p.call(dealer, { method: 'DELETE', url: `/api/v2/accounts/${p.demo.dealer.id}/branding` });
        }
    });
});
