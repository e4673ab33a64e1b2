import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { SSO_MESSAGES } from '../../../contract/sso';
import { auditLogs, users } from '../../../server/db/schema';
import { ssoSettingsFor } from '../../../server/resources/sso/externalUser';
import { ADMIN, DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, type RoleMatrix, type Target } from '../permissions/roleMatrix';

/**
 * The SSO configuration and login preferences of the main account (SPEC 3,
 * 6.1, 7.2): write-only secrets, the role mapping rule of SPEC 5, the keytab
 * as a file that never comes back, and who may do any of it.
 */
let p: TestPlatform;
let admin: ApiCaller;
let main: number;

const SECRET = 'oidc-client-secret-do-not-show';
const oidc = (over: Record<string, unknown> = {}) => ({
    kind: 'oidc',
    settings: { domain: 'https://login.example.test/realms/staff', client_id: 'console' },
    secrets: { client_secret: SECRET },
    role_mapping: [{ group: 'IT-Admins', role: 'moderator' }],
    ...over,
});
const directory = (over: Record<string, unknown> = {}) => ({
    kind: 'directory',
    settings: { server_address: 'ldaps://dc1.example.test:636', bind_dn: 'cn=reader,dc=example,dc=test', base_dn: 'dc=example,dc=test' },
    secrets: { bind_password: 'bind-password-do-not-show' },
    role_mapping: [{ group: 'cn=staff,dc=example,dc=test', role: 'user' }],
    ...over,
});

/** A user of the main account who can sign in at once (no first-password step). */
const mainUser = async (role: Role, email: string) => {
    const res = await admin('POST', '/users', {
        name: `Main ${role}`,
        email,
        role,
        account: { id: main },
        password: DEMO_PASSWORD,
        confirm: DEMO_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    await p.ctx.db.update(users).set({ password_changed: true }).where(eq(users.id, res.json().id));
    return res.json().id as number;
};

const keytabForm = (data: Buffer, name = 'krb5.keytab') => {
    const boundary = '----keytab';
    const payload = Buffer.concat([
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
/** The start of a real MIT keytab: version 0x0502, then one entry. */
const KEYTAB = Buffer.concat([Buffer.from([0x05, 0x02, 0, 0, 0, 0x20]), Buffer.from('HTTP/console.example.test@EXAMPLE.TEST keydata')]);

beforeAll(async () => {
    p = await startPlatform({ publicUrl: 'https://console.example.test' });
    admin = await p.as(ADMIN.email);
    main = p.mainAccountId;
}, 120_000);
afterAll(() => p?.close());

describe('identity provider of the main account', () => {
    it('keeps the secret but never sends it back; absent secrets keep it, given ones replace it', async () => {
        expect((await admin('GET', `/accounts/${main}/identity_providers`)).json()).toEqual([]);
        const put = await admin('PUT', `/accounts/${main}/identity_providers`, oidc());
        expect(put.statusCode, put.body).toBe(200);
        expect(put.body).not.toContain(SECRET);
        expect(put.json()).toMatchObject({ kind: 'oidc', secrets: { client_secret_set: true }, role_mapping: [{ group: 'IT-Admins' }] });

        const got = await admin('GET', `/accounts/${main}/identity_providers`);
        expect(got.body).not.toContain(SECRET);
        expect(got.json()).toHaveLength(1);
        expect(got.json()[0].settings).toMatchObject({ client_id: 'console', groups_claim: 'groups', scopes: 'openid profile email' });
        expect(got.json()[0].service_provider).toEqual({
            oidc_redirect_uri: 'https://console.example.test/api/v2/sso/oidc/callback',
            saml_acs_url: 'https://console.example.test/api/v2/sso/saml/acs',
            saml_entity_id: 'https://console.example.test',
        });

        // The client id changes, the secret is not sent: the stored one stays.
        const { secrets: _kept, ...withoutSecret } = oidc({
            settings: { domain: 'https://login.example.test/realms/staff', client_id: 'console2' },
        });
        expect((await admin('PUT', `/accounts/${main}/identity_providers`, withoutSecret)).statusCode).toBe(200);
        let stored = await ssoSettingsFor(p.ctx);
        expect(stored).toMatchObject({ kind: 'oidc', settings: { client_id: 'console2' }, secrets: { client_secret: SECRET } });
        await admin('PUT', `/accounts/${main}/identity_providers`, oidc({ secrets: { client_secret: 'rotated' } }));
        stored = await ssoSettingsFor(p.ctx);
        expect(stored.secrets).toEqual({ client_secret: 'rotated' });

        // Neither does the audit trail keep it.
        const trail = await p.ctx.db.select().from(auditLogs).where(eq(auditLogs.entity, 'Identity provider'));
        expect(trail.length).toBeGreaterThanOrEqual(3);
        expect(JSON.stringify(trail)).not.toContain(SECRET);
        expect(JSON.stringify(trail)).not.toContain('rotated');
    });

    it('asks for at least one role mapping, SAML metadata, and a directory bind password, field by field', async () => {
        const none = await admin('PUT', `/accounts/${main}/identity_providers`, oidc({ role_mapping: [] }));
        expect(none.statusCode).toBe(400);
        expect(none.json().fields.role_mapping).toBe(
            'Map at least one role (Account administrator, Account manager or Account user) to an external group or role',
        );
        const wrongRole = await admin(
            'PUT',
            `/accounts/${main}/identity_providers`,
            oidc({ role_mapping: [{ group: 'x', role: 'admin' }] }),
        );
        expect(wrongRole.statusCode).toBe(400);

        const saml = await admin('PUT', `/accounts/${main}/identity_providers`, {
            kind: 'saml',
            settings: { entity_id: 'https://console.example.test/saml' },
            role_mapping: [{ group: 'staff', role: 'user' }],
        });
        expect(saml.statusCode).toBe(400);
        expect(saml.json().fields).toEqual({ 'settings.metadata_url': SSO_MESSAGES.samlMetadata });

        await admin('DELETE', `/accounts/${main}/identity_providers`);
        const { secrets: _noSecret, ...noSecret } = oidc();
        const oidcWithout = await admin('PUT', `/accounts/${main}/identity_providers`, noSecret);
        expect(oidcWithout.json().fields).toEqual({ 'secrets.client_secret': SSO_MESSAGES.clientSecret });

        const { secrets: _none, ...noPassword } = directory();
        const ldap = await admin('PUT', `/accounts/${main}/identity_providers`, noPassword);
        expect(ldap.json().fields).toEqual({ 'secrets.bind_password': SSO_MESSAGES.bindPassword });
        const badAddress = await admin(
            'PUT',
            `/accounts/${main}/identity_providers`,
            directory({ settings: { ...directory().settings, server_address: 'http://dc1' } }),
        );
        expect(badAddress.json().fields['settings.server_address']).toBe(
            'Enter an ldap:// or ldaps:// address, e.g. ldaps://dc1.example.com:636',
        );
    });

    it('SAML shows our entity ID and ACS URL to give the identity provider', async () => {
        const res = await admin('PUT', `/accounts/${main}/identity_providers`, {
            kind: 'saml',
            settings: { entity_id: 'https://console.example.test/saml', metadata_url: 'https://idp.example.test/metadata' },
            role_mapping: [{ group: 'staff', role: 'user' }],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().settings.assertion_key).toBe('memberOf');
        expect(res.json().service_provider).toMatchObject({
            saml_entity_id: 'https://console.example.test/saml',
            saml_acs_url: 'https://console.example.test/api/v2/sso/saml/acs',
        });
        expect(res.json().secrets).toEqual({});
    });

    it('takes a keytab for a directory only, keeps its name and size, and never sends its content', async () => {
        await admin('PUT', `/accounts/${main}/identity_providers`, oidc());
        const url = `/api/v2/accounts/${main}/identity_providers/keytab`;
        const token = await p.login(ADMIN.email);
        const onOidc = await p.call(token, { method: 'POST', url, ...keytabForm(KEYTAB) });
        expect(onOidc.statusCode).toBe(400);
        expect(onOidc.json().error).toBe(SSO_MESSAGES.keytabDirectoryOnly);

        expect((await admin('PUT', `/accounts/${main}/identity_providers`, directory())).statusCode).toBe(200);
        const notKeytab = await p.call(token, { method: 'POST', url, ...keytabForm(Buffer.from('%PDF-1.4 not a keytab')) });
        expect(notKeytab.statusCode).toBe(400);
        expect(notKeytab.json().fields).toEqual({ file: SSO_MESSAGES.keytabInvalid });
        const tooLarge = await p.call(token, { method: 'POST', url, ...keytabForm(Buffer.concat([KEYTAB, Buffer.alloc(70_000)])) });
        expect(tooLarge.statusCode).toBe(413);

        const up = await p.call(token, { method: 'POST', url, ...keytabForm(KEYTAB, 'console.keytab') });
        expect(up.statusCode, up.body).toBe(200);
        expect(up.json()).toMatchObject({ name: 'console.keytab', size: KEYTAB.length });
        const meta = await admin('GET', `/accounts/${main}/identity_providers/keytab`);
        expect(meta.json()).toEqual(up.json());
        const provider = await admin('GET', `/accounts/${main}/identity_providers`);
        expect(provider.json()[0].keytab).toEqual(up.json());
        expect(provider.body).not.toContain('keydata');
        expect(provider.body).not.toContain('bind-password-do-not-show');
        expect(provider.json()[0].secrets).toEqual({ bind_password_set: true });
        expect((await ssoSettingsFor(p.ctx)).keytabKey).toMatch(/^sso\//);

        expect((await admin('DELETE', `/accounts/${main}/identity_providers/keytab`)).statusCode).toBe(204);
        expect((await admin('GET', `/accounts/${main}/identity_providers/keytab`)).statusCode).toBe(404);
        expect((await ssoSettingsFor(p.ctx)).keytabKey).toBeNull();
    });

    it('is refused for any account but the main one (SPEC 6.1)', async () => {
        const customer = p.demo.customers[0].id;
        for (const [method, url, body] of [
            ['GET', `/accounts/${customer}/identity_providers`],
            ['PUT', `/accounts/${customer}/identity_providers`, oidc()],
            ['GET', `/accounts/${customer}/login_preferences`],
            ['PUT', `/accounts/${customer}/login_preferences`, { mode: 'local' }],
        ] as const) {
            const res = await admin(method, url, body);
            expect(res.statusCode, `${method} ${url}`).toBe(400);
            expect(res.json().error).toBe('Only the main account can use single sign-on');
        }
    });
});

describe('login preferences', () => {
    it('refuses SSO only without a provider, without a break-glass user, or with one who may not be it', async () => {
        await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'local' });
        await admin('DELETE', `/accounts/${main}/identity_providers`);
        const noProvider = await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso', break_glass_user_id: p.adminId });
        expect(noProvider.json().fields).toEqual({ mode: SSO_MESSAGES.noProvider });

        await admin('PUT', `/accounts/${main}/identity_providers`, oidc());
        const noBreakGlass = await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso' });
        expect(noBreakGlass.statusCode).toBe(400);
        expect(noBreakGlass.json().fields).toEqual({ break_glass_user_id: SSO_MESSAGES.breakGlassRequired });

        const manager = await mainUser('manager', 'manager@main.test');
        const otherAccount = (await p.ctx.db.query.users.findFirst({
            where: (u, { eq }) => eq(u.email, p.demo.dealer.users.moderator.email),
        }))!.id;
        for (const id of [manager, otherAccount]) {
            const res = await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso', break_glass_user_id: id });
            expect(res.json().fields).toEqual({ break_glass_user_id: SSO_MESSAGES.breakGlassInvalid });
        }
        const moderator = await mainUser('moderator', 'moderator@main.test');
        await p.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, moderator));
        expect(
            (await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso', break_glass_user_id: moderator })).statusCode,
        ).toBe(400);
        await p.ctx.db.update(users).set({ disabled: false }).where(eq(users.id, moderator));

        const ok = await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'sso', break_glass_user_id: moderator });
        expect(ok.statusCode, ok.body).toBe(200);
        expect((await admin('GET', `/accounts/${main}/login_preferences`)).json()).toEqual({ mode: 'sso', break_glass_user_id: moderator });

        // The login page would offer nothing but a provider that is gone: removing it is refused while SSO is on.
        const del = await admin('DELETE', `/accounts/${main}/identity_providers`);
        expect(del.statusCode).toBe(409);
        expect(del.json().error).toBe(SSO_MESSAGES.providerInUse);

        // A moderator of the main account holds the sso right.
        const asModerator = await p.as('moderator@main.test');
        expect(
            (await asModerator('PUT', `/accounts/${main}/login_preferences`, { mode: 'both', break_glass_user_id: null })).statusCode,
        ).toBe(200);
        expect((await asModerator('GET', `/accounts/${main}/identity_providers`)).statusCode).toBe(200);
        expect((await admin('PUT', `/accounts/${main}/login_preferences`, { mode: 'local' })).statusCode).toBe(200);
    });
});

describe('who may configure single sign-on', () => {
    let m: RoleMatrix;
    beforeAll(async () => {
        m = await roleMatrix(p);
        await admin('PUT', `/accounts/${main}/identity_providers`, oidc());
    }, 120_000);

    /** Without the right 403; outside the scope 403; an account of the scope that is not the main account 400; the main account `ok`. */
    const expected = (action: 'read' | 'write', ok: number) => (role: Role, target: Target) =>
        !can(role, 'sso', action) ? 403 : !inScope(role, target) ? 403 : m.accountFor(role, target) === main ? ok : 400;

    it('reads: the identity provider, the values for the provider, the login preferences', async () => {
        for (const url of ['identity_providers', 'identity_providers/service_provider', 'login_preferences'])
            await expectTable(
                async (r, t) => (await m.call(r, 'GET', `/accounts/${m.accountFor(r, t)}/${url}`)).statusCode,
                expected('read', 200),
            );
    });

    it('writes: the identity provider and the login preferences', async () => {
        await expectTable(
            async (r, t) => (await m.call(r, 'PUT', `/accounts/${m.accountFor(r, t)}/identity_providers`, oidc())).statusCode,
            expected('write', 200),
        );
        await expectTable(
            async (r, t) => (await m.call(r, 'PUT', `/accounts/${m.accountFor(r, t)}/login_preferences`, { mode: 'local' })).statusCode,
            expected('write', 200),
        );
    });
});
