import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERRORS, SSO_MESSAGES } from '../../../contract/sso';
import { auditLogs, users } from '../../../server/db/schema';
import { hashPassword } from '../../../server/crypto/passwords';
import { finishSsoRedirect, signInExternal } from '../../../server/resources/sso/externalUser';
import { SsoError, type ExternalIdentity } from '../../../server/resources/sso/identity';
import { ADMIN, DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/**
 * The external user's sign-in (SPEC 3 external users, 6.1, 8.5): the role
 * from the mapping, the user made or updated in the main account, what it
 * refuses, and how the login preferences change password sign-in and the
 * login page.
 */
let p: TestPlatform;
let admin: ApiCaller;
let main: number;

const MAPPING = [
    { group: 'Staff', role: 'user' },
    { group: 'cn=managers, ou=groups, dc=corp, dc=test', role: 'manager' },
    { group: 'IT-Admins', role: 'moderator' },
];
const provider = {
    kind: 'oidc',
    settings: { domain: 'https://login.corp.test', client_id: 'console' },
    secrets: { client_secret: 's3cret' },
    role_mapping: MAPPING,
};

const signIn = (identity: ExternalIdentity) => signInExternal(p.ctx, null, identity);
const failure = async (identity: ExternalIdentity) => {
    const error = await signIn(identity).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsoError);
    return (error as SsoError).text;
};
const meWith = async (token: string) => (await p.call(token, { method: 'GET', url: '/api/v2/me' })).json();
const loginProvider = async () => (await p.call(undefined, { method: 'GET', url: '/api/v2/login_provider' })).json();
const passwordLogin = (email: string, password = DEMO_PASSWORD) =>
    p.call(undefined, { method: 'POST', url: '/api/v2/login', payload: { username: email, password } });

beforeAll(async () => {
    p = await startPlatform({ publicUrl: 'https://console.corp.test' });
    admin = await p.as(ADMIN.email);
    main = p.mainAccountId;
}, 120_000);
afterAll(() => p?.close());

describe('external sign-in', () => {
    it('says the configuration is invalid while the main account has no provider', async () => {
        expect(await failure({ username: 'early', groups: ['Staff'] })).toBe(SSO_ERRORS.invalidConfiguration);
        expect((await admin('PUT', `/accounts/${main}/identity_providers`, provider)).statusCode).toBe(200);
    });

    it('creates the user in the main account with the highest mapped role, groups matched whatever their case', async () => {
        const pair = await signIn({
            username: 'jdoe',
            name: 'Jane Doe',
            email: 'Jane.Doe@corp.test',
            groups: ['staff', 'it-admins', 'Other'],
        });
        const me = await meWith(pair.token);
        expect(me).toMatchObject({
            name: 'Jane Doe',
            email: 'jane.doe@corp.test',
            role: 'moderator',
            external_user: true,
            account: { id: main, main: true },
            password_changed: true,
        });
        // The refresh token is a real one of the session.
        const refreshed = await p.call(undefined, {
            method: 'POST',
            url: '/api/v2/token/refresh',
            payload: { refresh_token: pair.refresh_token },
        });
        expect(refreshed.statusCode).toBe(200);

        const trail = await p.ctx.db
            .select()
            .from(auditLogs)
            .where(eq(auditLogs.entity_id, String(me.id)));
        expect(trail.map(t => t.action).sort()).toEqual(['create', 'login']);
        expect(trail.every(t => t.user_id === me.id && t.account_id === main)).toBe(true);
    });

    it('signs the same person in again by username, with the name and role the provider gives now (a DN however spaced)', async () => {
        const first = await meWith(
            (await signIn({ username: 'jdoe', name: 'Jane Doe', email: 'jane.doe@corp.test', groups: ['IT-Admins'] })).token,
        );
        const again = await meWith(
            (
                await signIn({
                    username: 'jdoe',
                    name: 'Jane Smith',
                    email: 'jane.smith@corp.test',
                    groups: ['CN=Managers,OU=Groups,DC=corp,DC=test'],
                })
            ).token,
        );
        expect(again.id).toBe(first.id);
        expect(again).toMatchObject({ name: 'Jane Smith', role: 'manager', external_user: true });
        expect(await p.ctx.db.$count(users, eq(users.external_user, true))).toBe(1);
    });

    it('keeps the username as e-mail when the provider gives none (SPEC 3)', async () => {
        const me = await meWith((await signIn({ username: 'svc-operator', groups: ['Staff'] })).token);
        expect(me).toMatchObject({ email: 'svc-operator', name: 'svc-operator', role: 'user' });
    });

    it('refuses a person none of whose groups is mapped', async () => {
        expect(await failure({ username: 'outsider', groups: ['Contractors'] })).toBe(SSO_ERRORS.noRoleMatch);
        expect(await failure({ username: 'nogroups', groups: [] })).toBe(SSO_ERRORS.noRoleMatch);
        expect(await p.ctx.db.$count(users, eq(users.email, 'outsider'))).toBe(0);
    });

    it('never takes over a local user with the same e-mail', async () => {
        expect(await failure({ username: 'platform-admin', email: ADMIN.email, groups: ['IT-Admins'] })).toBe(SSO_ERRORS.cannotCreate);
        const local = await p.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, ADMIN.email) });
        expect(local).toMatchObject({ role: 'admin', external_user: false });
        // A username that is a local user's e-mail is refused the same way.
        const dealerUser = p.demo.dealer.users.user.email;
        expect(await failure({ username: dealerUser, groups: ['Staff'] })).toBe(SSO_ERRORS.cannotCreate);
    });

    it('refuses a disabled external user', async () => {
        const me = await meWith((await signIn({ username: 'leaver', groups: ['Staff'] })).token);
        await p.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, me.id));
        expect(await failure({ username: 'leaver', groups: ['Staff'] })).toBe(SSO_ERRORS.cannotLogin);
    });

    it('asks no second factor of an external user, even when the account requires one (their provider does)', async () => {
        const options = [{ type: 'bool', name: 'tfa/enabled', value: 'true' }];
        expect((await admin('PUT', `/accounts/${main}/options`, { options })).statusCode).toBe(200);
        const pair = await signIn({ username: 'tfa-free', groups: ['Staff'] });
        expect((await p.call(pair.token, { method: 'GET', url: '/api/v2/me' })).statusCode).toBe(200);
        // A local user of the same account is still asked for one.
        const local = await passwordLogin(ADMIN.email, ADMIN.password);
        expect(local.json()).toMatchObject({ tfa_required: true });
        expect((await admin('PUT', `/accounts/${main}/options`, { options: [] })).statusCode).toBe(200);
    });

    it('never lets an external user sign in with a password, even one left in the database', async () => {
        const me = await meWith((await signIn({ username: 'has-hash', groups: ['Staff'] })).token);
        await p.ctx.db
            .update(users)
            .set({ password_hash: await hashPassword(DEMO_PASSWORD) })
            .where(eq(users.id, me.id));
        const res = await passwordLogin('has-hash');
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toBe('Incorrect authentication credentials');
    });
});

describe('login preferences at sign-in', () => {
    let breakGlass: number;

    beforeAll(async () => {
        const make = async (email: string) => {
            const res = await admin('POST', '/users', {
                name: email,
                email,
                role: 'moderator',
                account: { id: main },
                password: DEMO_PASSWORD,
                confirm: DEMO_PASSWORD,
            });
            await p.ctx.db.update(users).set({ password_changed: true }).where(eq(users.id, res.json().id));
            return res.json().id as number;
        };
        breakGlass = await make('break-glass@main.test');
        await make('moderator@main.test');
    });

    it('local: the login page is the password form', async () => {
        expect((await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'local' })).statusCode).toBe(200);
        expect(await loginProvider()).toMatchObject({ provider: 'local', alternateLogin: false, platformInstallation: 'on-premise' });
        expect((await passwordLogin('moderator@main.test')).statusCode).toBe(200);
    });

    it('both: the provider with the password form beside it; everyone keeps their password', async () => {
        expect((await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'both' })).statusCode).toBe(200);
        expect(await loginProvider()).toMatchObject({ provider: 'oidc', alternateLogin: true });
        expect((await passwordLogin('moderator@main.test')).statusCode).toBe(200);
    });

    it('sso: only the break-glass user of the main account signs in with a password; other accounts keep theirs', async () => {
        const res = await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso', break_glass_user_id: breakGlass });
        expect(res.statusCode, res.body).toBe(200);
        expect(await loginProvider()).toMatchObject({ provider: 'oidc', alternateLogin: false });

        const refused = await passwordLogin('moderator@main.test');
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe(SSO_MESSAGES.ssoOnly);
        expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(403);
        // A wrong password still reads as one: the mode is told only to whoever knows the password.
        expect((await passwordLogin('moderator@main.test', 'Wrong#Pass1')).statusCode).toBe(422);

        expect((await passwordLogin('break-glass@main.test')).statusCode).toBe(200);
        expect((await passwordLogin(p.demo.dealer.users.moderator.email)).statusCode).toBe(200);
        // External users are unaffected: they sign in through the provider.
        const external = await signIn({ username: 'jdoe', groups: ['Staff'] });
        expect((await p.call(external.token, { method: 'GET', url: '/api/v2/me' })).statusCode).toBe(200);
    });
    it('lets the break-glass user turn single sign-on off when the provider fails', async () => {
        const token = await p.login('break-glass@main.test', DEMO_PASSWORD);
        const res = await p.call(token, { method: 'PUT', url: `/api/v2/accounts/${main}/login_preferences`, payload: { mode: 'local' } });
        expect(res.statusCode, res.body).toBe(200);
        expect(await loginProvider()).toMatchObject({ provider: 'local', alternateLogin: false });
        expect((await passwordLogin('moderator@main.test')).statusCode).toBe(200);
        const audit = await p.ctx.db
            .select()
            .from(auditLogs)
            .where(and(eq(auditLogs.entity, 'Login preferences'), eq(auditLogs.user_id, breakGlass)));
        expect(audit.map(a => [a.before, a.after])).toEqual([
            [
                { mode: 'sso', break_glass_user_id: breakGlass },
                { mode: 'local', break_glass_user_id: null },
            ],
        ]);
    });
});

describe('the end of a protocol sign-in (finishSsoRedirect)', () => {
    const finish = async (result: Parameters<typeof finishSsoRedirect>[2]) => {
        const app = Fastify();
        app.get('/done', (_request, reply) => finishSsoRedirect(p.ctx, reply, result));
        const res = await app.inject({ method: 'GET', url: '/done' });
        await app.close();
        return res;
    };

    it('sends the browser to the login page with the tokens in the query, told not to pass them on', async () => {
        const res = await finish({ token: 'access.jwt', refresh_token: 'opaque+/=' });
        expect(res.statusCode).toBe(303);
        const to = new URL(res.headers.location as string);
        expect(`${to.origin}${to.pathname}`).toBe('https://console.corp.test/login');
        expect(to.searchParams.get('token')).toBe('access.jwt');
        expect(to.searchParams.get('refresh_token')).toBe('opaque+/=');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cache-control']).toBe('no-store');
    });

    it('or with the SPEC 8.5 text, and never the detail meant for the log', async () => {
        const res = await finish(new SsoError(SSO_ERRORS.noRoleMatch, 'groups ["secret-group"]'));
        const to = new URL(res.headers.location as string);
        expect(to.searchParams.get('sso_error')).toBe('Unable to match external user groups/roles to product roles');
        expect(res.headers.location).not.toContain('secret-group');
        expect(to.searchParams.has('token')).toBe(false);
    });
});
