import { exportJWK, generateKeyPair } from 'jose';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Provider, { type OidcContext } from 'oidc-provider';

/**
 * A real OpenID provider for tests (the `oidc-provider` package, certified by
 * the OpenID Foundation) on 127.0.0.1 and a free port: one confidential
 * client, the accounts given, PKCE required, and a login page of its own
 * (login and password, Cancel) that a test drives over HTTP with signIn() or
 * a browser drives by typing into it.
 */

export interface OidcTestAccount {
    /** the subject identifier the provider gives */
    sub: string;
    /** what is typed into the provider's login page */
    login: string;
    password: string;
    /** claims of the account: name, email, preferred_username, the groups claim (array or string)... */
    claims?: Record<string, unknown>;
}

export interface OidcProviderOptions {
    redirectUris: string[];
    accounts: OidcTestAccount[];
    /** the claim that carries groups (default groups); sent whenever openid is asked for, as providers with a group mapper do */
    groupsClaim?: string;
    /** true (default): profile, email and groups in the ID token; false: in UserInfo only, as OIDC Core 5.4 has it for the code flow */
    claimsInIdToken?: boolean;
    /** how the client authenticates at the token endpoint; the provider advertises only this method */
    tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcTestProvider {
    /** the issuer, also the domain to configure */
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** the provider's own signing key: a test signs with it what the provider could have issued (e.g. with a wrong clock) */
    signingKey: { key: CryptoKey; kid: string; alg: 'RS256' };
    /**
     * Rewrites the id_token of the token endpoint's replies from now on, as a
     * man in the middle would; undefined: replies pass untouched again.
     */
    rewriteIdTokens(rewrite?: (idToken: string) => Promise<string>): void;
    /** How many requests reached a path (e.g. /.well-known/openid-configuration, /jwks). */
    requests(path: string): number;
    /** Signs in as a browser would: follows the authorization URL, fills the login page, follows redirects to the redirect URI. */
    signIn(authUrl: string, login: string, password: string): Promise<URL>;
    /** Goes to the login page and presses Cancel: the provider's error reply at the redirect URI. */
    cancel(authUrl: string): Promise<URL>;
    close(): Promise<void>;
}

const STANDARD_CLAIMS = {
    profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    email: ['email', 'email_verified'],
};

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
    const groupsClaim = options.groupsClaim ?? 'groups';
    const authMethod = options.tokenEndpointAuthMethod ?? 'client_secret_basic';
    const clientId = `console-${randomBytes(4).toString('hex')}`;
    const clientSecret = randomBytes(24).toString('base64url');
    const kid = `k-${randomBytes(4).toString('hex')}`;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    let rewrite: ((idToken: string) => Promise<string>) | undefined;

    // the claims the accounts carry beyond the standard ones (the groups claim among them)
    const standard = new Set(Object.values(STANDARD_CLAIMS).flat());
    const extra = new Set([groupsClaim, ...options.accounts.flatMap(a => Object.keys(a.claims ?? {}))].filter(c => !standard.has(c)));

    const base = { acr: null, sid: null, auth_time: null, iss: null };
    const hits = new Map<string, number>();
    const server = createServer((req, res) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        hits.set(path, (hits.get(path) ?? 0) + 1);
        if (path.startsWith('/interaction/')) {
            interaction(req, res, path).catch((e: unknown) => {
                if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
                res.end(e instanceof Error ? e.message : String(e));
            });
            return;
        }
        if (rewrite && req.method === 'POST' && path === '/token') interceptTokenReply(res, rewrite);
        handle(req, res);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // the server's handler uses these once it is asked something, after they exist
    const provider: Provider = new Provider(issuer, {
        clients: [
            {
                client_id: clientId,
                client_secret: clientSecret,
                redirect_uris: options.redirectUris,
                grant_types: ['authorization_code'],
                response_types: ['code'],
                token_endpoint_auth_method: authMethod,
            },
        ],
        clientAuthMethods: [authMethod],
        jwks: { keys: [jwk] },
        cookies: { keys: [randomBytes(32).toString('hex')] },
        pkce: { required: () => true },
        // seconds; short, as in tests nothing needs to last (and set, which quiets the provider's notices)
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
        // in UserInfo-only mode the extra claims join the profile scope: the provider keeps those out of the ID token
        claims:
            options.claimsInIdToken === false
                ? { ...base, openid: ['sub'], ...STANDARD_CLAIMS, profile: [...STANDARD_CLAIMS.profile, ...extra] }
                : { ...base, openid: ['sub', ...extra], ...STANDARD_CLAIMS },
        conformIdTokenClaims: options.claimsInIdToken === false,
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
        async findAccount(_ctx: unknown, sub: string) {
            const account = options.accounts.find(a => a.sub === sub);
            if (!account) return undefined;
            return { accountId: sub, claims: async () => ({ ...account.claims, sub }) };
        },
        // A first-party client: what it asks for is granted without a consent page.
        async loadExistingGrant(ctx: OidcContext) {
            const { client, session, result, requestParamScopes, requestParamClaims } = ctx.oidc;
            if (!client || !session?.accountId) return undefined;
            const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
            const grant =
                (grantId && (await provider.Grant.find(grantId))) ||
                new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
            grant.addOIDCScope([...requestParamScopes].join(' '));
            if (requestParamClaims) grant.addOIDCClaims([...requestParamClaims]);
            await grant.save();
            return grant;
        },
    });

    const handle = provider.callback();

    async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
        const [, , uid, action] = path.split('/');
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== uid) throw new Error('interaction mismatch');
        if (action === 'abort') {
            await provider.interactionFinished(
                req,
                res,
                { error: 'access_denied', error_description: 'End-User aborted interaction' },
                { mergeWithLastSubmission: false },
            );
            return;
        }
        if (details.prompt.name !== 'login') throw new Error(`unexpected prompt ${details.prompt.name}`);
        if (action === 'login' && req.method === 'POST') {
            const form = new URLSearchParams(await body(req));
            const account = options.accounts.find(a => a.login === form.get('login') && a.password === form.get('password'));
            if (account) {
                await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
                return;
            }
            loginPage(res, uid, 'Invalid login or password');
            return;
        }
        loginPage(res, uid);
    }

    // The body Koa hands to res.end, with the id_token replaced (Content-Length follows: the headers are not sent yet).
    function interceptTokenReply(res: ServerResponse, change: (idToken: string) => Promise<string>) {
        const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
        res.end = ((chunk?: unknown) => {
            let reply: { id_token?: unknown };
            try {
                reply = JSON.parse(String(chunk)) as { id_token?: unknown };
            } catch {
                return end(chunk);
            }
            if (typeof reply.id_token !== 'string') return end(chunk);
            change(reply.id_token).then(
                idToken => {
                    const text = JSON.stringify({ ...reply, id_token: idToken });
                    res.setHeader('content-length', Buffer.byteLength(text));
                    end(text);
                },
                (e: unknown) => {
                    // a broken rewriter shows as the provider's failure, not as a request left hanging
                    res.statusCode = 500;
                    res.setHeader('content-length', 0);
                    end();
                    console.error('id_token rewrite failed', e);
                },
            );
            return res;
        }) as ServerResponse['end'];
    }

    const isCallback = (url: URL) => options.redirectUris.some(r => url.href.split('?')[0] === r.split('?')[0]);

    /** A browser's walk through the provider: cookies kept, redirects followed, the login form posted once. */
    async function walk(authUrl: string, onLoginPage: (page: URL) => { url: string; init?: RequestInit }): Promise<URL> {
        const cookies = new Map<string, string>();
        let next: { url: string; init?: RequestInit } = { url: authUrl };
        let posted = false;
        for (let hop = 0; hop < 12; hop++) {
            const response = await fetch(next.url, {
                ...next.init,
                redirect: 'manual',
                headers: {
                    ...(next.init?.headers as Record<string, string>),
                    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
                },
            });
            for (const line of response.headers.getSetCookie()) {
                const [pair] = line.split(';');
                const at = pair.indexOf('=');
                cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            }
            const location = response.headers.get('location');
            if (location) {
                const target = new URL(location, next.url);
                if (isCallback(target)) return target;
                next = { url: target.href };
                continue;
            }
            const page = await response.text();
            if (response.status !== 200 || !page.includes('name="password"'))
                throw new Error(`the provider answered ${response.status}: ${page.slice(0, 300)}`);
            if (posted) throw new Error('the provider refused the login and password');
            posted = true;
            next = onLoginPage(new URL(next.url));
        }
        throw new Error('too many redirects');
    }

    return {
        issuer,
        clientId,
        clientSecret,
        signingKey: { key: privateKey, kid, alg: 'RS256' },
        rewriteIdTokens(change) {
            rewrite = change;
        },
        requests: path => hits.get(path) ?? 0,
        signIn: (authUrl, login, password) =>
            walk(authUrl, page => ({
                url: new URL(`${page.pathname}/login`, page).href,
                init: {
                    method: 'POST',
                    headers: { 'content-type': 'application/x-www-form-urlencoded' },
                    body: new URLSearchParams({ login, password }).toString(),
                },
            })),
        cancel: authUrl => walk(authUrl, page => ({ url: new URL(`${page.pathname}/abort`, page).href })),
        close: () =>
            new Promise<void>((resolve, reject) => {
                server.close(e => (e ? reject(e) : resolve()));
                server.closeAllConnections();
            }),
    };
}

function body(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
        let text = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => {
            text += chunk;
            if (text.length > 10_000) req.destroy(new Error('form too large'));
        });
        req.on('end', () => resolve(text));
        req.on('error', reject);
    });
}

function loginPage(res: ServerResponse, uid: string, error?: string) {
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider: sign in</title></head>
<body>
<h1>Sign in</h1>
${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Login <input name="login" autocomplete="username" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form>
<a href="/interaction/${uid}/abort">Cancel</a>
</body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
}
