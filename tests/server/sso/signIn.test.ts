import { eq } from 'drizzle-orm';
import net from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samlSettings, SSO_ERRORS, SSO_MESSAGES } from '../../../contract/sso';
import { users } from '../../../server/db/schema';
import { samlServiceProviderMetadata } from '../../../server/resources/sso/saml';
import { ADMIN, DEMO_PASSWORD, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { BASE_DN, startSlapd, type Slapd } from '../slapd';
import { startOidcProvider, type OidcTestProvider } from './oidcProvider';
import { startSamlIdp, type ResponseOptions, type SamlTestUser, type TestIdp } from './samlIdp';

/**
 * Single sign-on end to end through the server's own routes (SPEC 3, 7.3,
 * 8.5): the login page's /sso/login, the OpenID callback, the SAML assertion
 * consumer service and the directory behind POST /login, each against a real
 * provider started here (oidc-provider, samlify, slapd) and configured as an
 * administrator would, through the API.
 */
const PUBLIC = 'https://console.signin.test';
const CALLBACK = `${PUBLIC}/api/v2/sso/oidc/callback`;
const ACS = `${PUBLIC}/api/v2/sso/saml/acs`;
const SAML_ENTITY = `${PUBLIC}/saml`;

const SERVICE_DN = `cn=portal,ou=service,${BASE_DN}`;
const SERVICE_PASSWORD = 'Service#Pass1';
const LDIF = `
dn: ou=service,${BASE_DN}
objectClass: organizationalUnit
ou: service

dn: ${SERVICE_DN}
objectClass: person
cn: portal
sn: portal
userPassword: ${SERVICE_PASSWORD}

dn: ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${BASE_DN}
objectClass: organizationalUnit
ou: groups

dn: uid=dora,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: dora
cn: Dora Lambert
sn: Lambert
mail: dora@directory.test
userPassword: Dora#Pass1

dn: uid=ned,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: ned
cn: Ned
sn: Ned
userPassword: Ned#Pass1

dn: cn=Gate Keepers,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Gate Keepers
member: uid=dora,ou=people,${BASE_DN}

dn: cn=Visitors,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Visitors
member: uid=ned,ou=people,${BASE_DN}
`;

let p: TestPlatform;
let admin: ApiCaller;
let main: number;
let op: OidcTestProvider;
let idp: TestIdp;
let slapd: Slapd;
let closedPort: number;

beforeAll(async () => {
    p = await startPlatform({ publicUrl: PUBLIC });
    admin = await p.as(ADMIN.email);
    main = p.mainAccountId;
    op = await startOidcProvider({
        redirectUris: [CALLBACK],
        accounts: [
            {
                sub: 'sub-olivia',
                login: 'olivia',
                password: 'Olivia#Idp1',
                claims: { preferred_username: 'olivia', name: 'Olivia Grant', email: 'olivia@idp.test', groups: ['Door Admins'] },
            },
            { sub: 'sub-oscar', login: 'oscar', password: 'Oscar#Idp1', claims: { preferred_username: 'oscar', groups: ['Contractors'] } },
            // someone at the provider claiming the platform administrator's e-mail
            {
                sub: 'sub-mallory',
                login: 'mallory',
                password: 'Mallory#Idp1',
                claims: { preferred_username: 'mallory', email: ADMIN.email, groups: ['Door Admins'] },
            },
        ],
    });
    idp = await startSamlIdp();
    slapd = await startSlapd({ ldif: LDIF });
    // a port nothing listens on: taken, then released
    const server = net.createServer();
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as net.AddressInfo).port;
    await new Promise(resolve => server.close(resolve));
}, 120_000);
afterAll(async () => {
    await op?.close();
    await idp?.close();
    await slapd?.close();
    await p?.close();
});

/** Configures the main account's identity provider and login mode as its administrator does. */
const configure = async (provider: object, mode: 'local' | 'sso' | 'both' = 'both', breakGlass: number | null = null) => {
    const put = await admin('PUT', `/accounts/${main}/identity_providers`, provider);
    expect(put.statusCode, put.body).toBe(200);
    const prefs = await admin('PUT', `/accounts/${main}/login_preferences`, { mode, break_glass_user_id: breakGlass });
    expect(prefs.statusCode, prefs.body).toBe(200);
};
const oidcProvider = (over: Record<string, unknown> = {}) => ({
    kind: 'oidc',
    settings: { domain: op.issuer, client_id: op.clientId, ...over },
    secrets: { client_secret: op.clientSecret },
    role_mapping: [
        { group: 'Door Admins', role: 'moderator' },
        { group: 'Staff', role: 'user' },
    ],
});
const samlProvider = () => ({
    kind: 'saml',
    settings: { metadata_url: idp.metadataUrl, entity_id: SAML_ENTITY },
    role_mapping: [{ group: 'CN=Door Admins,OU=Groups,DC=idp,DC=test', role: 'manager' }],
});
const directoryProvider = (bindPassword = SERVICE_PASSWORD) => ({
    kind: 'directory',
    settings: {
        server_address: slapd.url,
        secure_connection: 'none',
        bind_dn: SERVICE_DN,
        base_dn: BASE_DN,
        group_search_filter: '(&(objectClass=groupOfNames)(member={user_dn}))',
        user_query_dn: `ou=people,${BASE_DN}`,
    },
    secrets: { bind_password: bindPassword },
    role_mapping: [{ group: 'Gate Keepers', role: 'user' }],
});

/** As a browser at the public URL would: its host (the sign-in starts there, signInRoutes.ts). */
const get = (url: string, cookie?: string) =>
    p.call(undefined, { method: 'GET', url, headers: { host: new URL(PUBLIC).host, ...(cookie ? { cookie } : {}) } });
const ssoLogin = () => get('/api/v2/sso/login');
const passwordLogin = (username: string, password: string) =>
    p.call(undefined, { method: 'POST', url: '/api/v2/login', payload: { username, password } });
const meWith = async (token: string) => {
    const res = await p.call(token, { method: 'GET', url: '/api/v2/me' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
};

/** The cookie a reply set, as the browser sends it back (name=value). */
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

/** Where a sign-in ended: a 303 to the console's login page, and its query. */
const landing = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${PUBLIC}/login`);
    return to.searchParams;
};
/** The SPEC 8.5 text a sign-in ended with; it carries no token. */
const ssoError = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    const query = landing(res);
    expect(query.has('token')).toBe(false);
    return query.get('sso_error');
};

describe('OpenID Connect through /sso/login and the callback', () => {
    beforeAll(() => configure(oidcProvider()));

    /** GET /sso/login: the provider's authorization URL and the cookie (name=value) that carries the pending sign-in. */
    const start = async () => {
        const res = await ssoLogin();
        expect(res.statusCode, res.body).toBe(303);
        return { url: res.headers.location as string, setCookie: String(res.headers['set-cookie']), cookie: cookieOf(res) };
    };
    const callbackPath = (callback: URL) => `${callback.pathname}${callback.search}`;

    it('sends the browser to the provider with a cookie for the callback only, and signs the person in on its return', async () => {
        const { url, setCookie, cookie } = await start();
        expect(url.startsWith(`${op.issuer}/auth?`)).toBe(true);
        expect(new URL(url).searchParams.get('redirect_uri')).toBe(CALLBACK);
        const attributes = setCookie.split(';').map(a => a.trim());
        expect(attributes).toEqual(
            expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/api/v2/sso/oidc/callback', 'Secure', 'Max-Age=600']),
        );

        const callback = await op.signIn(url, 'olivia', 'Olivia#Idp1');
        expect(callback.href.startsWith(CALLBACK)).toBe(true);
        const back = await get(callbackPath(callback), cookie);
        const query = landing(back);
        expect(query.get('sso_error')).toBeNull();
        // the pending sign-in is spent: the browser is told to drop it
        expect(String(back.headers['set-cookie'])).toMatch(/^sso_oidc=; .*Max-Age=0/);
        expect(back.headers['referrer-policy']).toBe('no-referrer');

        const me = await meWith(query.get('token')!);
        expect(me).toMatchObject({ email: 'olivia@idp.test', name: 'Olivia Grant', role: 'moderator', external_user: true });
        expect(me.account.id).toBe(main);
        const refreshed = await p.call(undefined, {
            method: 'POST',
            url: '/api/v2/token/refresh',
            payload: { refresh_token: query.get('refresh_token') },
        });
        expect(refreshed.statusCode).toBe(200);

        // The same return again (a replayed or bookmarked URL): the provider's code is spent.
        expect(ssoError(await get(callbackPath(callback), cookie))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('refuses a return without the cookie, or with the cookie of another sign-in', async () => {
        const mine = await start();
        const callback = await op.signIn(mine.url, 'olivia', 'Olivia#Idp1');
        expect(ssoError(await get(callbackPath(callback)))).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(ssoError(await get(callbackPath(callback), 'sso_oidc=not-a-sealed-value'))).toBe(SSO_ERRORS.cannotAuthenticate);

        // An attacker's finished sign-in planted on a victim's browser that started its own: the state tells them apart.
        const victim = await start();
        const planted = await op.signIn((await start()).url, 'olivia', 'Olivia#Idp1');
        expect(ssoError(await get(callbackPath(planted), victim.cookie))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('refuses a person whose groups map to no role, and creates no user', async () => {
        const { url, cookie } = await start();
        const callback = await op.signIn(url, 'oscar', 'Oscar#Idp1');
        expect(ssoError(await get(callbackPath(callback), cookie))).toBe(SSO_ERRORS.noRoleMatch);
        expect(await p.ctx.db.$count(users, eq(users.email, 'oscar'))).toBe(0);
    });

    it('refuses a disabled external user, and never signs in as a local user with the same e-mail', async () => {
        const olivia = (await p.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'olivia@idp.test') }))!;
        await p.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, olivia.id));
        try {
            const { url, cookie } = await start();
            const callback = await op.signIn(url, 'olivia', 'Olivia#Idp1');
            expect(ssoError(await get(callbackPath(callback), cookie))).toBe(SSO_ERRORS.cannotLogin);
        } finally {
            await p.ctx.db.update(users).set({ disabled: false }).where(eq(users.id, olivia.id));
        }
        const { url, cookie } = await start();
        const callback = await op.signIn(url, 'mallory', 'Mallory#Idp1');
        expect(ssoError(await get(callbackPath(callback), cookie))).toBe(SSO_ERRORS.cannotCreate);
        expect(await p.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, ADMIN.email) })).toMatchObject({
            role: 'admin',
            external_user: false,
        });
    });

    it('ends on the login page when the person cancels at the provider', async () => {
        const { url, cookie } = await start();
        const callback = await op.cancel(url);
        expect(callback.searchParams.get('error')).toBe('access_denied');
        expect(ssoError(await get(callbackPath(callback), cookie))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('says the configuration is invalid when the provider does not answer', async () => {
        await configure(oidcProvider({ domain: `http://127.0.0.1:${closedPort}` }));
        const res = await ssoLogin();
        expect(ssoError(res)).toBe(SSO_ERRORS.invalidConfiguration);
        expect(res.headers['set-cookie']).toBeUndefined();
        await configure(oidcProvider());
    });
});

describe('SAML through /sso/login and the assertion consumer service', () => {
    const olivia: SamlTestUser = {
        nameId: 'olivia.saml@idp.test',
        attributes: {
            mail: ['olivia.saml@idp.test'],
            displayName: ['Olivia Saml'],
            memberOf: ['CN=Door Admins,OU=Groups,DC=idp,DC=test'],
        },
    };
    const spMetadata = () => samlServiceProviderMetadata(samlSettings.parse(samlProvider().settings), ACS);
    beforeAll(() => configure(samlProvider()));

    /** What the browser posts to the ACS: the IdP's form, and the cookie /sso/login gave it. */
    type Answer = { form: Record<string, string>; cookie?: string };
    /** GET /sso/login, then the IdP's answer to the request it was sent, as the browser would post it. */
    const answer = async (user = olivia, options: ResponseOptions = {}): Promise<Answer> => {
        const res = await ssoLogin();
        expect(res.statusCode, res.body).toBe(303);
        const url = res.headers.location as string;
        expect(url.startsWith(`${idp.metadataUrl.replace('/metadata', '/sso')}?`)).toBe(true);
        expect(new URL(url).searchParams.has('SAMLRequest')).toBe(true);
        return { form: await idp.respond(spMetadata(), { url }, user, options), cookie: cookieOf(res) };
    };
    const post = ({ form, cookie }: Answer) =>
        p.call(undefined, {
            method: 'POST',
            url: '/api/v2/sso/saml/acs',
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
            payload: new URLSearchParams(form).toString(),
        });

    it('signs the person in from the signed answer to our request, once', async () => {
        const body = await answer();
        expect(idp.lastRequest).toMatchObject({ issuer: SAML_ENTITY, acsUrl: ACS });
        const done = await post(body);
        const query = landing(done);
        expect(query.get('sso_error')).toBeNull();
        // the request is spent: the browser is told to drop its cookie
        expect(String(done.headers['set-cookie'])).toMatch(/^sso_saml=; .*Max-Age=0/);
        const me = await meWith(query.get('token')!);
        expect(me).toMatchObject({ email: 'olivia.saml@idp.test', name: 'Olivia Saml', role: 'manager', external_user: true });

        // posted again (a replay of the browser's form): refused
        expect(ssoError(await post(body))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('refuses an unsigned answer, one signed with another key, and one altered after signing', async () => {
        expect(ssoError(await post(await answer(olivia, { sign: 'none' })))).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(ssoError(await post(await answer(olivia, { otherKey: true })))).toBe(SSO_ERRORS.cannotAuthenticate);
        const promoted = await answer(olivia, { alter: xml => xml.replace('Olivia Saml', 'Mallory') });
        expect(ssoError(await post(promoted))).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(await p.ctx.db.$count(users, eq(users.name, 'Mallory'))).toBe(0);
    });

    it('refuses an answer to a request it never sent (IdP-initiated), signed though it is', async () => {
        // the browser's own sign-in, which the answer does not name
        const unsolicited = await answer(olivia, { inResponseTo: `_${randomUUID()}` });
        expect(ssoError(await post(unsolicited))).toBe(SSO_ERRORS.cannotAuthenticate);
        // without InResponseTo at all
        const bare = await answer(olivia, { alter: xml => xml.replace(/ InResponseTo="[^"]*"/g, '') });
        expect(ssoError(await post(bare))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('refuses a person whose groups map to no role', async () => {
        const visitor: SamlTestUser = { nameId: 'visitor@idp.test', attributes: { memberOf: ['CN=Visitors,DC=idp,DC=test'] } };
        expect(ssoError(await post(await answer(visitor)))).toBe(SSO_ERRORS.noRoleMatch);
    });

    it('refuses the answer posted from a browser that did not start the sign-in (a planted sign-in)', async () => {
        const res = await ssoLogin();
        const cookie = String(res.headers['set-cookie']);
        expect(cookie.split(';').map(a => a.trim())).toEqual(
            expect.arrayContaining(['HttpOnly', 'SameSite=None', 'Secure', 'Path=/api/v2/sso/saml/acs']),
        );
        // the attacker's own sign-in, its answer posted by a page of theirs from the victim's browser
        const planted = await answer();
        expect(ssoError(await post({ form: planted.form }))).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(ssoError(await post({ form: planted.form, cookie: cookieOf(res) }))).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(ssoError(await post({ form: planted.form, cookie: 'sso_saml=forged' }))).toBe(SSO_ERRORS.cannotAuthenticate);
    });

    it('of two posts of one answer at once, signs in only one', async () => {
        const body = await answer();
        const both = await Promise.all([post(body), post(body)]);
        const tokens = both.map(res => landing(res).get('token')).filter(Boolean);
        expect(tokens).toHaveLength(1);
    });

    it('posts the request to an identity provider that takes it only by POST, from a page the CSP lets post it', async () => {
        const postOnly = await startSamlIdp({ bindings: ['post'] });
        try {
            await configure({ ...samlProvider(), settings: { metadata_url: postOnly.metadataUrl, entity_id: SAML_ENTITY } });
            const page = await ssoLogin();
            expect(page.statusCode).toBe(200);
            expect(page.headers['content-type']).toMatch(/^text\/html/);
            const html = page.body;
            const unescape = (v: string) => v.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));
            const action = unescape(/<form method="post" action="([^"]*)">/.exec(html)![1]!);
            expect(action).toBe(postOnly.metadataUrl.replace('/metadata', '/sso'));
            const fields = Object.fromEntries(
                [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(m => [unescape(m[1]!), unescape(m[2]!)]),
            );
            expect(Object.keys(fields)).toContain('SAMLRequest');
            // the inline script that submits the form is the one the CSP allows by hash, and the form may go to the IdP only
            const csp = String(page.headers['content-security-policy']);
            const script = /<script>([^<]*)<\/script>/.exec(html)![1]!;
            expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
            expect(csp).toContain(`form-action ${new URL(action).origin}`);
            expect(csp).toContain("default-src 'none'");

            const spMetadata = samlServiceProviderMetadata(
                samlSettings.parse({ metadata_url: postOnly.metadataUrl, entity_id: SAML_ENTITY }),
                ACS,
            );
            const form = await postOnly.respond(spMetadata, { url: action, post: fields }, olivia);
            const query = landing(await post({ form, cookie: cookieOf(page) }));
            expect((await meWith(query.get('token')!)).email).toBe('olivia.saml@idp.test');
        } finally {
            await configure(samlProvider());
            await postOnly.close();
        }
    });

    it('says the configuration is invalid when the metadata cannot be read', async () => {
        await configure({
            ...samlProvider(),
            settings: { metadata_url: `http://127.0.0.1:${closedPort}/metadata`, entity_id: SAML_ENTITY },
        });
        expect(ssoError(await ssoLogin())).toBe(SSO_ERRORS.invalidConfiguration);
        await configure(samlProvider());
    });

    it('refuses a form without a SAMLResponse as the router does', async () => {
        const res = await post({ form: { RelayState: 'x' } });
        expect(res.statusCode).toBe(400);
    });
});

describe('directory through POST /login', () => {
    beforeAll(() => configure(directoryProvider()));

    it('signs a directory user in with their directory password, as an external user with the mapped role', async () => {
        const res = await passwordLogin('dora', 'Dora#Pass1');
        expect(res.statusCode, res.body).toBe(200);
        const pair = res.json();
        expect(pair.refresh_token).toEqual(expect.any(String));
        const me = await meWith(pair.token);
        expect(me).toMatchObject({ email: 'dora@directory.test', name: 'Dora Lambert', role: 'user', external_user: true });
        // the login page has no SSO button for a directory: /sso/login sends back to the password form
        const button = await ssoLogin();
        expect(button.statusCode).toBe(303);
        expect(button.headers.location).toBe(`${PUBLIC}/login`);
    });

    it('answers a wrong password as for a local user, and a person of no mapped group with the SPEC 8.5 text', async () => {
        const wrong = await passwordLogin('dora', 'Wrong#Pass1');
        expect(wrong.statusCode).toBe(422);
        expect(wrong.json().error).toBe('Incorrect authentication credentials');
        const ned = await passwordLogin('ned', 'Ned#Pass1');
        expect(ned.statusCode).toBe(401);
        expect(ned.json().error).toBe(SSO_ERRORS.noRoleMatch);
    });

    it('answers a name the directory does not know as a wrong password: it tells nobody who exists there', async () => {
        // an unknown directory name, and a local user's e-mail mistyped (it goes to the directory, as the platform knows no such user)
        for (const username of ['mallory', 'dealer-moderatr@demo.test']) {
            const res = await passwordLogin(username, 'Any#Pass1');
            expect(res.statusCode, username).toBe(422);
            expect(res.json().error).toBe('Incorrect authentication credentials');
        }
    });

    it('says the bind failed when the service password in the configuration is wrong', async () => {
        await configure(directoryProvider('Not#TheServicePass'));
        const res = await passwordLogin('dora', 'Dora#Pass1');
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe(SSO_ERRORS.adBind);
        await configure(directoryProvider());
    });

    it('says it cannot connect when the directory does not answer', async () => {
        await configure({
            ...directoryProvider(),
            settings: { ...directoryProvider().settings, server_address: `ldap://127.0.0.1:${closedPort}` },
        });
        const res = await passwordLogin('dora', 'Dora#Pass1');
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe(SSO_ERRORS.adConnect);
        await configure(directoryProvider());
    });

    it('leaves local users to their passwords: another account, and the main account in mode both', async () => {
        const dealer = p.demo.dealer.users.moderator.email;
        expect((await passwordLogin(dealer, DEMO_PASSWORD)).statusCode).toBe(200);
        expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    });

    it('asks the directory nothing in mode local', async () => {
        await configure(directoryProvider(), 'local');
        const res = await passwordLogin('dora', 'Dora#Pass1');
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toBe('Incorrect authentication credentials');
        expect((await passwordLogin(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    });
});

describe('login modes', () => {
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
            expect(res.statusCode, res.body).toBe(201);
            await p.ctx.db.update(users).set({ password_changed: true }).where(eq(users.id, res.json().id));
            return res.json().id as number;
        };
        breakGlass = await make('break-glass@signin.test');
        await make('moderator@signin.test');
    });
    const loginProvider = async () => (await get('/api/v2/login_provider')).json();

    it('sso: the password form is refused to local users of the main account but the break-glass one', async () => {
        await configure(oidcProvider(), 'sso', breakGlass);
        expect(await loginProvider()).toMatchObject({ provider: 'oidc', alternateLogin: false });
        const refused = await passwordLogin('moderator@signin.test', DEMO_PASSWORD);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe(SSO_MESSAGES.ssoOnly);
        expect((await passwordLogin('break-glass@signin.test', DEMO_PASSWORD)).statusCode).toBe(200);
        expect((await ssoLogin()).headers.location).toMatch(new RegExp(`^${op.issuer}/auth\\?`));
    });

    it('sso with a directory: directory users sign in, local users of the main account do not', async () => {
        await configure(directoryProvider(), 'sso', breakGlass);
        expect(await loginProvider()).toMatchObject({ provider: 'directory', alternateLogin: false });
        expect((await passwordLogin('dora', 'Dora#Pass1')).statusCode).toBe(200);
        expect((await passwordLogin('moderator@signin.test', DEMO_PASSWORD)).statusCode).toBe(403);
    });

    it('both and local: what the login page offers', async () => {
        await configure(samlProvider(), 'both');
        expect(await loginProvider()).toMatchObject({ provider: 'saml', alternateLogin: true });
        expect((await passwordLogin('moderator@signin.test', DEMO_PASSWORD)).statusCode).toBe(200);
        await configure(samlProvider(), 'local');
        expect(await loginProvider()).toMatchObject({ provider: 'local', alternateLogin: false });
    });

    it('local: the single sign-on routes sign nobody in', async () => {
        await configure(oidcProvider(), 'local');
        expect(ssoError(await ssoLogin())).toBe(SSO_ERRORS.invalidConfiguration);
        // a sign-in started before the switch does not finish after it
        await configure(oidcProvider(), 'both');
        const started = await ssoLogin();
        const cookie = String(started.headers['set-cookie']).split(';')[0];
        const callback = await op.signIn(started.headers.location as string, 'olivia', 'Olivia#Idp1');
        await configure(oidcProvider(), 'local');
        expect(ssoError(await get(`${callback.pathname}${callback.search}`, cookie))).toBe(SSO_ERRORS.invalidConfiguration);

        // nor does a SAML answer to a request sent before the switch
        await configure(samlProvider(), 'both');
        const sent = await ssoLogin();
        const spMetadata = samlServiceProviderMetadata(samlSettings.parse(samlProvider().settings), ACS);
        const body = await idp.respond(spMetadata, { url: sent.headers.location as string }, { nameId: 'late@idp.test' });
        await configure(samlProvider(), 'local');
        const posted = await p.call(undefined, {
            method: 'POST',
            url: '/api/v2/sso/saml/acs',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(sent) },
            payload: new URLSearchParams(body).toString(),
        });
        expect(ssoError(posted)).toBe(SSO_ERRORS.invalidConfiguration);
    });
});

// Last in the file: it spends the client address's failed sign-ins.
describe('guessing directory passwords', () => {
    it('is stopped by the same lockout as local passwords, before the directory is asked again', async () => {
        await configure(directoryProvider(), 'both');
        const max = p.ctx.config.maxFailedLogins;
        for (let i = 0; i < max; i++) expect((await passwordLogin('dora', `Guess#${i}`)).statusCode).toBe(422);
        // the right password too, once locked out: a guesser learns nothing more
        const locked = await passwordLogin('dora', 'Dora#Pass1');
        expect(locked.statusCode).toBe(429);
    });
});
