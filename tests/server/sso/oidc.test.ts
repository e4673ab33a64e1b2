import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { oidcSettings, SSO_ERRORS, type OidcSettings } from '../../../contract/sso';
import { SsoError } from '../../../server/resources/sso/identity';
import { clearOidcDiscoveryCache, oidcFinish, oidcStart, type OidcPending } from '../../../server/resources/sso/oidc';
import { openPending, sealPending } from '../../../server/resources/sso/pending';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from './oidcProvider';

// Sign-in against a real OpenID provider (oidc-provider) started here: the full
// code flow through its login page, and each way a sign-in must be refused.

const REDIRECT = 'https://console.example.test/api/v2/sso/oidc/callback';
const SERVER_SECRET = 'c2VydmVyIHNlY3JldCBmb3IgdGhlIHNzbyB0ZXN0cyBvbmx5IDEyMzQ1Njc4OTA=';

const accounts: OidcTestAccount[] = [
    {
        sub: 'f3a9c2e1-alice',
        login: 'alice',
        password: 'correct horse',
        claims: { preferred_username: 'alice.martin', name: 'Alice Martin', email: 'alice@example.test', groups: ['Door Admins', 'Staff'] },
    },
    // no preferred_username; groups as one comma and space separated string
    {
        sub: '7d1e-bob',
        login: 'bob',
        password: 'battery staple',
        claims: { email: 'bob@example.test', groups: 'Staff, Night-Shift  Guards' },
    },
    // nothing but a subject
    { sub: '0c55-carol', login: 'carol', password: 'tr0ub4dor' },
    // roles nested as Keycloak sends them
    {
        sub: '5e-erin',
        login: 'erin',
        password: 'pw-erin',
        claims: { preferred_username: 'erin', realm_access: { roles: ['Door Admins'] } },
    },
];

let idp: OidcTestProvider;
let settings: OidcSettings;
let secrets: { client_secret: string };

beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: [REDIRECT], accounts });
    settings = oidcSettings.parse({ domain: idp.issuer, client_id: idp.clientId });
    secrets = { client_secret: idp.clientSecret };
});
afterAll(() => idp.close());
afterEach(() => {
    idp.rewriteIdTokens(undefined);
    clearOidcDiscoveryCache();
});

/** The SsoError a sign-in step was refused with. */
async function refusal(step: Promise<unknown>): Promise<SsoError> {
    const error = await step.then(
        () => undefined,
        (e: unknown) => e,
    );
    if (!(error instanceof SsoError)) throw new Error(`expected an SsoError, got ${String(error)}`);
    return error;
}

/** Starts a sign-in and signs in at the provider as the person would: the callback URL and the pending sign-in. */
async function signedIn(login = 'alice', password = 'correct horse', provider = idp, s = settings, sec = secrets) {
    const { url, pending } = await oidcStart(s, sec, REDIRECT);
    return { callback: await provider.signIn(url, login, password), pending };
}

/** Re-signs an ID token's claims (changed by `change`) with `key` under the provider's key id. */
async function resign(idToken: string, key: CryptoKey, change: (claims: JWTPayload) => JWTPayload = c => c) {
    const { kid, alg } = decodeProtectedHeader(idToken);
    return new SignJWT(change(decodeJwt(idToken))).setProtectedHeader({ alg: alg!, kid: kid!, typ: 'JWT' }).sign(key);
}

describe('OpenID Connect sign-in', () => {
    test('the code flow through the provider login page yields who signed in', async () => {
        const { url, pending } = await oidcStart(settings, secrets, REDIRECT);
        const auth = new URL(url);
        expect(`${auth.origin}${auth.pathname}`).toBe(`${idp.issuer}/auth`);
        expect(Object.fromEntries(auth.searchParams)).toMatchObject({
            client_id: idp.clientId,
            response_type: 'code',
            redirect_uri: REDIRECT,
            scope: 'openid profile email',
            state: pending.state,
            nonce: pending.nonce,
            code_challenge_method: 'S256',
        });
        // the verifier stays with us; only its hash travels
        expect(url).not.toContain(pending.code_verifier);

        // between the two requests the pending sign-in lives in a sealed cookie, as the routes keep it
        const cookie = await sealPending(pending, SERVER_SECRET);
        expect(cookie).not.toContain(pending.code_verifier);
        const callback = await idp.signIn(url, 'alice', 'correct horse');
        expect(callback.searchParams.get('code')).toBeTruthy();
        const reopened = await openPending<OidcPending>(cookie, SERVER_SECRET);
        expect(reopened).toEqual(pending);

        expect(await oidcFinish(settings, secrets, REDIRECT, callback, reopened!)).toEqual({
            username: 'alice.martin',
            name: 'Alice Martin',
            email: 'alice@example.test',
            groups: ['Door Admins', 'Staff'],
        });
    });

    test('username falls back to the email, then to the subject; groups may be one separated string', async () => {
        const bob = await signedIn('bob', 'battery staple');
        expect(await oidcFinish(settings, secrets, REDIRECT, bob.callback, bob.pending)).toEqual({
            username: 'bob@example.test',
            email: 'bob@example.test',
            groups: ['Staff', 'Night-Shift', 'Guards'],
        });
        const carol = await signedIn('carol', 'tr0ub4dor');
        expect(await oidcFinish(settings, secrets, REDIRECT, carol.callback, carol.pending)).toEqual({
            username: '0c55-carol',
            groups: [],
        });
    });

    test('a groups claim named with a dot is read inside a nested claim', async () => {
        const s = oidcSettings.parse({ domain: idp.issuer, client_id: idp.clientId, groups_claim: 'realm_access.roles' });
        const { callback, pending } = await signedIn('erin', 'pw-erin', idp, s);
        expect(await oidcFinish(s, secrets, REDIRECT, callback, pending)).toEqual({ username: 'erin', groups: ['Door Admins'] });
    });

    test('a wrong password at the provider never reaches the redirect URI', async () => {
        const { url } = await oidcStart(settings, secrets, REDIRECT);
        await expect(idp.signIn(url, 'alice', 'wrong')).rejects.toThrow(/refused the login/);
    });

    test('claims the ID token lacks are read from UserInfo, with client_secret_post when that is what the provider offers', async () => {
        const other = await startOidcProvider({
            redirectUris: [REDIRECT],
            accounts: [
                {
                    sub: 'u-9',
                    login: 'dan',
                    password: 'pw-dan',
                    claims: { name: 'Dan Roe', email: 'dan@example.test', roles: 'readers  writers' },
                },
            ],
            groupsClaim: 'roles',
            claimsInIdToken: false,
            tokenEndpointAuthMethod: 'client_secret_post',
        });
        try {
            const s = oidcSettings.parse({ domain: other.issuer, client_id: other.clientId, groups_claim: 'roles' });
            const sec = { client_secret: other.clientSecret };
            let idTokenClaims: JWTPayload = {};
            other.rewriteIdTokens(async t => {
                idTokenClaims = decodeJwt(t);
                return t;
            });
            const { callback, pending } = await signedIn('dan', 'pw-dan', other, s, sec);
            expect(await oidcFinish(s, sec, REDIRECT, callback, pending)).toEqual({
                username: 'dan@example.test',
                name: 'Dan Roe',
                email: 'dan@example.test',
                groups: ['readers', 'writers'],
            });
            // they really came from UserInfo
            expect(idTokenClaims.sub).toBe('u-9');
            expect(idTokenClaims.roles).toBeUndefined();
            expect(idTokenClaims.email).toBeUndefined();
            expect(other.requests('/me')).toBe(1);
        } finally {
            await other.close();
        }
    });

    test('discovery and the provider keys are fetched once for many sign-ins, again after the cache is cleared', async () => {
        const discovery = () => idp.requests('/.well-known/openid-configuration');
        const jwks = () => idp.requests('/jwks');
        const before = { discovery: discovery(), jwks: jwks() };
        for (let i = 0; i < 2; i++) {
            const { callback, pending } = await signedIn();
            await oidcFinish(settings, secrets, REDIRECT, callback, pending);
        }
        expect(discovery() - before.discovery).toBe(1);
        expect(jwks() - before.jwks).toBe(1);
        clearOidcDiscoveryCache(settings.domain);
        await oidcStart(settings, secrets, REDIRECT);
        expect(discovery() - before.discovery).toBe(2);
    });
});

describe('refusals, with SPEC 8.5 texts', () => {
    test('a reply whose state is not the pending sign-in’s', async () => {
        const first = await signedIn();
        const other = await oidcStart(settings, secrets, REDIRECT);
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, first.callback, other.pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/state/);
    });

    test('a replayed callback (the same code twice)', async () => {
        const { callback, pending } = await signedIn();
        await oidcFinish(settings, secrets, REDIRECT, callback, pending);
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/invalid_grant/);
    });

    test('the provider’s error reply (the person pressed Cancel)', async () => {
        const { url, pending } = await oidcStart(settings, secrets, REDIRECT);
        const callback = await idp.cancel(url);
        expect(callback.searchParams.get('error')).toBe('access_denied');
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/access_denied/);
    });

    test('a nonce that is not the pending sign-in’s', async () => {
        const { callback, pending } = await signedIn();
        const other = await oidcStart(settings, secrets, REDIRECT);
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, { ...pending, nonce: other.pending.nonce }));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/nonce/);
    });

    test('a PKCE verifier that is not the one of the authorization request', async () => {
        const { callback, pending } = await signedIn();
        const other = await oidcStart(settings, secrets, REDIRECT);
        const e = await refusal(
            oidcFinish(settings, secrets, REDIRECT, callback, { ...pending, code_verifier: other.pending.code_verifier }),
        );
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/invalid_grant/);
    });

    test('a wrong client secret', async () => {
        const { callback, pending } = await signedIn();
        const e = await refusal(oidcFinish(settings, { client_secret: 'not-the-secret' }, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/invalid_client/);
    });

    test('a pending sign-in from another provider configuration, or too old', async () => {
        const { callback, pending } = await signedIn();
        const moved = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, { ...pending, client_id: 'another-client' }));
        expect(moved.text).toBe(SSO_ERRORS.cannotAuthenticate);
        const old = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, { ...pending, created: Date.now() - 11 * 60_000 }));
        expect(old.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(old.detail).toMatch(/too long ago/);
        // neither spent the code: the genuine pending sign-in still completes
        expect((await oidcFinish(settings, secrets, REDIRECT, callback, pending)).username).toBe('alice.martin');
    });
});

// ID tokens changed on their way from the provider's token endpoint: the module must see through each.
describe('ID tokens not as the provider issued them', () => {
    const now = () => Math.floor(Date.now() / 1000);

    test('re-signed by the provider’s own key with nothing changed: accepted (the rewriting itself is harmless)', async () => {
        idp.rewriteIdTokens(t => resign(t, idp.signingKey.key));
        const { callback, pending } = await signedIn();
        expect((await oidcFinish(settings, secrets, REDIRECT, callback, pending)).username).toBe('alice.martin');
    });

    test('forged: signed by another key under the provider’s key id', async () => {
        const { privateKey } = await generateKeyPair('RS256');
        idp.rewriteIdTokens(t => resign(t, privateKey, c => ({ ...c, groups: ['Door Admins', 'Super Admins'] })));
        const { callback, pending } = await signedIn();
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/signature/i);
    });

    test('claims changed under the provider’s genuine signature', async () => {
        idp.rewriteIdTokens(async t => {
            const [header, , signature] = t.split('.');
            const claims = Buffer.from(JSON.stringify({ ...decodeJwt(t), preferred_username: 'admin' })).toString('base64url');
            return `${header}.${claims}.${signature}`;
        });
        const { callback, pending } = await signedIn();
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(/signature/i);
    });

    test.each([
        [
            'expired (the provider’s clock an hour behind)',
            (c: JWTPayload) => ({ ...c, iat: now() - 3600, exp: now() - 3000 }),
            /exp|timestamp/,
        ],
        ['issued for another client', (c: JWTPayload) => ({ ...c, aud: 'another-client' }), /aud/],
        ['issued by another issuer', (c: JWTPayload) => ({ ...c, iss: 'https://elsewhere.example.test' }), /iss/],
    ])('signed by the provider’s key but %s', async (_what, change, detail) => {
        idp.rewriteIdTokens(t => resign(t, idp.signingKey.key, change));
        const { callback, pending } = await signedIn();
        const e = await refusal(oidcFinish(settings, secrets, REDIRECT, callback, pending));
        expect(e.text).toBe(SSO_ERRORS.cannotAuthenticate);
        expect(e.detail).toMatch(detail);
    });
});

describe('unusable configuration', () => {
    let plain: Server;
    let plainUrl: string;
    beforeAll(async () => {
        // a web server that is no OpenID provider
        plain = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
        await new Promise<void>(resolve => plain.listen(0, '127.0.0.1', resolve));
        plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>(resolve => plain.close(() => resolve())));

    async function closedPort(): Promise<number> {
        const s = createServer();
        await new Promise<void>(resolve => s.listen(0, '127.0.0.1', resolve));
        const { port } = s.address() as AddressInfo;
        await new Promise<void>(resolve => s.close(() => resolve()));
        return port;
    }

    test.each([
        ['an unreachable domain', async () => `http://127.0.0.1:${await closedPort()}`],
        ['a web server that is no OpenID provider', async () => plainUrl],
        // discovery answers for 127.0.0.1: a provider must be configured by its own issuer name
        ['a provider reached under another name than its issuer', async () => idp.issuer.replace('127.0.0.1', 'localhost')],
    ])('%s: Invalid SSO Configuration, at start and at the callback', async (_what, domain) => {
        const s = oidcSettings.parse({ domain: await domain(), client_id: idp.clientId });
        const start = await refusal(oidcStart(s, secrets, REDIRECT));
        expect(start.text).toBe(SSO_ERRORS.invalidConfiguration);
        expect(start.detail).toMatch(/discovery/);
        const { callback, pending } = await signedIn();
        const finish = await refusal(oidcFinish(s, secrets, REDIRECT, callback, { ...pending, domain: s.domain }));
        expect(finish.text).toBe(SSO_ERRORS.invalidConfiguration);
    });
});

test('no client secret: Invalid SSO Configuration', async () => {
    const e = await refusal(oidcStart(settings, { client_secret: '' }, REDIRECT));
    expect(e.text).toBe(SSO_ERRORS.invalidConfiguration);
    expect(e.detail).toMatch(/no client secret/);
});

describe('pending sign-in cookie', () => {
    const value = { state: 's-1', nonce: 'n-1', code_verifier: 'v'.repeat(43), created: 1 };

    test('opens with the same secret only', async () => {
        const sealed = await sealPending(value, SERVER_SECRET);
        expect(await openPending(sealed, SERVER_SECRET)).toEqual(value);
        expect(await openPending(sealed, 'another server secret')).toBeNull();
        expect(await openPending('not a token', SERVER_SECRET)).toBeNull();
    });

    test('tampered: null', async () => {
        const sealed = await sealPending(value, SERVER_SECRET);
        const parts = sealed.split('.');
        // flip one bit of the ciphertext
        const bytes = Buffer.from(parts[3], 'base64url');
        bytes[0] ^= 1;
        parts[3] = bytes.toString('base64url');
        expect(await openPending(parts.join('.'), SERVER_SECRET)).toBeNull();
    });

    test('expired after 10 minutes: null', async () => {
        const sealed = await sealPending(value, SERVER_SECRET);
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
            vi.setSystemTime(Date.now() + 9 * 60_000);
            expect(await openPending(sealed, SERVER_SECRET)).toEqual(value);
            vi.setSystemTime(Date.now() + 2 * 60_000);
            expect(await openPending(sealed, SERVER_SECRET)).toBeNull();
        } finally {
            vi.useRealTimers();
        }
    });
});
