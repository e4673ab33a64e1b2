import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type PlatformSettings } from '../../../contract/settings';
import { ADMIN, DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { startSmtpInbox, type InboxMail } from '../smtpInbox';

/** Settings of the platform: saved in the database over the environment's values, applied at once. */
let p: TestPlatform;
let admin: ApiCaller;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let smtpPort: number;
let inbox: InboxMail[] = [];

beforeAll(async () => {
    smtp = await startSmtpInbox({ login: true });
    inbox = smtp.inbox;
    smtpPort = smtp.port;
    p = await startPlatform({ publicUrl: 'https://from-the-environment.example', maxFailedLogins: 5 });
    admin = await p.as(ADMIN.email);
});
afterAll(async () => {
    p?.ctx.mailer.close?.();
    await p?.close();
    await smtp?.close();
});

const settings = async () => (await admin('GET', '/system/settings')).json() as PlatformSettings;
const signIn = (username: string, password: string) =>
    p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username, password } });

describe('platform settings', () => {
    it('start from the environment, and what is saved applies at once: token length, lockout, links', async () => {
        const first = await settings();
        expect(first).toMatchObject({
            public_url: 'https://from-the-environment.example',
            max_failed_logins: 5,
            smtp: { set: false, shown: null },
            source: { public_url: 'environment', max_failed_logins: 'environment' },
        });

        const saved = await admin('PUT', '/system/settings', {
            public_url: 'https://console.saved.example/',
            access_token_ttl_seconds: 120,
            max_failed_logins: 2,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toMatchObject({
            public_url: 'https://console.saved.example',
            access_token_ttl_seconds: 120,
            source: { public_url: 'saved', access_token_ttl_seconds: 'saved', lockout_seconds: 'environment' },
        });

        const login = await signIn(p.demo.customers[1].users.manager.email, DEMO_PASSWORD);
        const claims = decodeJwt(login.json().token as string);
        expect(claims.exp! - claims.iat!).toBe(120);

        const email = p.demo.customers[1].users.user.email;
        for (let i = 0; i < 2; i++) expect((await signIn(email, 'Wrong#Pass1')).statusCode).toBe(422);
        expect((await signIn(email, DEMO_PASSWORD)).statusCode).toBe(429);

        // Forgotten, the environment's value is back.
        const forgotten = await admin('DELETE', '/system/settings/public_url');
        expect(forgotten.json()).toMatchObject({
            public_url: 'https://from-the-environment.example',
            source: { public_url: 'environment' },
        });
    });

    it('refuse what would not work, field by field', async () => {
        const bad = async (payload: object) => {
            const res = await admin('PUT', '/system/settings', payload);
            expect(res.statusCode, JSON.stringify(payload)).toBe(400);
            return res.json() as { fields?: Record<string, string> };
        };
        expect((await bad({ public_url: 'console.example' })).fields?.public_url).toBe(SETTINGS_MESSAGES.publicUrl);
        expect((await bad({ smtp_url: 'http://mail.example' })).fields?.smtp_url).toBe(SETTINGS_MESSAGES.smtpUrl);
        expect((await bad({ access_token_ttl_seconds: 5 })).fields?.access_token_ttl_seconds).toBe('At least 60');
        expect((await bad({ device_heartbeat_seconds: 30, device_offline_seconds: 30 })).fields?.device_offline_seconds).toBe(
            SETTINGS_MESSAGES.offlineAfterHeartbeat,
        );
        expect((await bad({ unknown_setting: 1 })).fields).toBeDefined();
    });

    it('send mail through a saved SMTP server, and never give its password back, nor write it in the audit log', async () => {
        const url = `smtp://mailer:S3cret-Pa55@127.0.0.1:${smtpPort}?ignoreTLS=true`;
        const saved = await admin('PUT', '/system/settings', { smtp_url: url, mail_from: 'Platform <platform@settings.test>' });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.body).not.toContain('S3cret');
        expect(saved.json().smtp).toEqual({ set: true, shown: `smtp://mailer@127.0.0.1:${smtpPort}` });
        expect((await admin('GET', '/system/settings')).body).not.toContain('S3cret');

        const sent = await admin('POST', '/system/settings/test_email', { email: 'operator@settings.test' });
        expect(sent.json()).toEqual({ sent: true, via: 'smtp' });
        expect(inbox.at(-1)).toMatchObject({ to: 'operator@settings.test' });
        expect(inbox.at(-1)!.raw).toContain('From: Platform <platform@settings.test>');

        const trail = await admin('GET', '/audit_logs?resource=system&entity=System%20Manager&per_page=100');
        expect(trail.statusCode).toBe(200);
        expect(trail.json().result.length).toBeGreaterThan(0);
        expect(trail.body).not.toContain('S3cret');
        const exported = await admin('GET', '/audit_logs/export?resource=system');
        expect(exported.statusCode).toBe(200);
        expect(exported.body).toContain('System Manager');
        expect(exported.body).not.toContain('S3cret');

        // No SMTP server: mail goes to the outbox folder again.
        expect((await admin('PUT', '/system/settings', { smtp_url: null })).json().smtp).toEqual({ set: false, shown: null });
    });

    it('are for the platform administrator only', async () => {
        for (const email of [
            p.demo.dealer.users.dealer.email,
            p.demo.dealer.users.installer.email,
            p.demo.customers[0].users.moderator.email,
            p.demo.customers[0].users.manager.email,
            p.demo.customers[0].users.user.email,
        ]) {
            const caller = await p.as(email);
            expect((await caller('GET', '/system/settings')).statusCode, email).toBe(403);
            expect((await caller('PUT', '/system/settings', { max_failed_logins: 50 })).statusCode, email).toBe(403);
            expect((await caller('POST', '/system/settings/test_email', { email: 'x@settings.test' })).statusCode, email).toBe(403);
        }
        expect((await settings()).max_failed_logins).toBe(2);
    });
});
