import * as client from 'openid-client';
import { z } from 'zod';
import { SSO_ERRORS, type OidcSecrets, type OidcSettings } from '../../../contract/sso';
import { SsoError, type ExternalIdentity } from './identity';
import { PENDING_TTL_SECONDS } from './pending';

/**
 * OpenID Connect sign-in (docs/decisions.md "OpenID Connect sign-in"): authorization code flow with PKCE (S256),
 * state and nonce, against the provider found by discovery from the
 * configured domain. openid-client does the protocol; this module chooses its
 * options, checks the ID token's signature against the provider's keys and
 * turns the outcome into an ExternalIdentity or an SsoError with SPEC 8.5's
 * text.
 */

/** What the callback needs from the start: sealed into a cookie (pending.ts) between the two requests. */
export const oidcPending = z.object({
    state: z.string().min(1),
    nonce: z.string().min(1),
    code_verifier: z.string().min(43),
    /** ms since the epoch */
    created: z.number(),
    /** the provider and client the sign-in began with: a configuration changed meanwhile does not finish it */
    domain: z.string(),
    client_id: z.string(),
});
export type OidcPending = z.infer<typeof oidcPending>;

/** How long discovered metadata is reused: sign-ins do not each fetch it, and a provider's change is seen soon. */
export const DISCOVERY_TTL_MS = 5 * 60_000;
/** Seconds before a provider that does not answer is given up on; a person is waiting. */
const HTTP_TIMEOUT_SECONDS = 10;

type JwksCache = client.ExportedJWKSCache;
interface Discovered {
    metadata: Promise<client.ServerMetadata>;
    at: number;
    /** the provider's signing keys, fetched once and refetched by openid-client when a token names an unknown key */
    jwks?: JwksCache;
}
const discovered = new Map<string, Discovered>();

/** Forgets discovered providers: all of them, or one domain's (its configuration changed). */
export function clearOidcDiscoveryCache(domain?: string): void {
    if (domain === undefined) discovered.clear();
    else discovered.delete(domain);
}

const insecure = (domain: string) => new URL(domain).protocol === 'http:';

function discover(settings: OidcSettings): Discovered {
    const cached = discovered.get(settings.domain);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
    const entry: Discovered = {
        at: Date.now(),
        metadata: client
            .discovery(new URL(settings.domain), settings.client_id, undefined, undefined, {
                // the settings accept http:// for providers on a private network; openid-client refuses it unless told
                execute: insecure(settings.domain) ? [client.allowInsecureRequests] : [],
                timeout: HTTP_TIMEOUT_SECONDS,
            })
            .then(config => config.serverMetadata()),
    };
    discovered.set(settings.domain, entry);
    // a failure is not remembered: the next sign-in tries again
    entry.metadata.catch(() => {
        if (discovered.get(settings.domain) === entry) discovered.delete(settings.domain);
    });
    return entry;
}

function clientAuthentication(metadata: client.ServerMetadata, secret: string): client.ClientAuth {
    // RFC 8414: a provider that lists no methods supports client_secret_basic
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_basic')) return client.ClientSecretBasic(secret);
    if (methods.includes('client_secret_post')) return client.ClientSecretPost(secret);
    throw new SsoError(
        SSO_ERRORS.invalidConfiguration,
        `the provider accepts neither client_secret_basic nor client_secret_post (${methods.join(', ')})`,
    );
}

async function configure(settings: OidcSettings, secrets: OidcSecrets): Promise<{ config: client.Configuration; entry: Discovered }> {
    let entry: Discovered;
    let metadata: client.ServerMetadata;
    try {
        entry = discover(settings);
        metadata = await entry.metadata;
    } catch (e) {
        throw new SsoError(SSO_ERRORS.invalidConfiguration, `discovery at ${settings.domain} failed: ${describe(e)}`);
    }
    const unusable = [
        !metadata.authorization_endpoint && 'no authorization_endpoint',
        !metadata.token_endpoint && 'no token_endpoint',
        // without the keys the ID token's signature cannot be checked
        !metadata.jwks_uri && 'no jwks_uri',
        metadata.response_types_supported && !metadata.response_types_supported.includes('code') && 'no code response type',
        !secrets.client_secret && 'no client secret',
    ].filter(Boolean);
    if (unusable.length) throw new SsoError(SSO_ERRORS.invalidConfiguration, `${settings.domain}: ${unusable.join(', ')}`);

    const config = new client.Configuration(metadata, settings.client_id, undefined, clientAuthentication(metadata, secrets.client_secret));
    if (insecure(settings.domain)) client.allowInsecureRequests(config);
    // openid-client trusts the token endpoint's TLS by default; the signature check also catches a token not made by the provider's keys
    client.enableNonRepudiationChecks(config);
    if (entry.jwks) client.setJwksCache(config, entry.jwks);
    config.timeout = HTTP_TIMEOUT_SECONDS;
    return { config, entry };
}

/** The scopes asked for: the configured ones, always with openid (without it there is no ID token). */
function scopes(settings: OidcSettings): string {
    const list = settings.scopes.split(/\s+/).filter(Boolean);
    return (list.includes('openid') ? list : ['openid', ...list]).join(' ');
}

/** Where to send the person, and what to keep (sealed in a cookie) until they come back to redirectUri. */
export async function oidcStart(
    settings: OidcSettings,
    secrets: OidcSecrets,
    redirectUri: string,
): Promise<{ url: string; pending: OidcPending }> {
    const { config } = await configure(settings, secrets);
    const pending: OidcPending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        code_verifier: client.randomPKCECodeVerifier(),
        created: Date.now(),
        domain: settings.domain,
        client_id: settings.client_id,
    };
    // PKCE even when discovery does not advertise it: a provider without it ignores the parameters
    const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: scopes(settings),
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.code_verifier),
        code_challenge_method: 'S256',
    });
    return { url: url.href, pending };
}

/**
 * Completes the sign-in at the redirect URI: checks the reply's state against
 * the pending sign-in, exchanges the code (with the PKCE verifier), validates
 * the ID token (signature from the provider's JWKS, issuer, audience, expiry,
 * nonce) and reads who signed in.
 */
export async function oidcFinish(
    settings: OidcSettings,
    secrets: OidcSecrets,
    redirectUri: string,
    callbackUrl: URL,
    pending: OidcPending,
): Promise<ExternalIdentity> {
    const refuse = (detail: string) => new SsoError(SSO_ERRORS.cannotAuthenticate, detail);
    const parsed = oidcPending.safeParse(pending);
    if (!parsed.success) throw refuse('the pending sign-in is malformed');
    const p = parsed.data;
    if (p.domain !== settings.domain || p.client_id !== settings.client_id) {
        throw refuse('the sign-in began with another identity provider or client');
    }
    if (Date.now() - p.created > PENDING_TTL_SECONDS * 1000) throw refuse('the sign-in began too long ago');

    const { config, entry } = await configure(settings, secrets);

    // The reply's parameters on the registered redirect URI: the token request must name exactly the
    // redirect_uri of the authorization request, whatever host or scheme the request reached us by behind a proxy.
    const current = new URL(redirectUri);
    for (const [k, v] of callbackUrl.searchParams) current.searchParams.append(k, v);

    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
        tokens = await client.authorizationCodeGrant(config, current, {
            pkceCodeVerifier: p.code_verifier,
            expectedState: p.state,
            expectedNonce: p.nonce,
            idTokenExpected: true,
        });
    } catch (e) {
        throw refuse(describe(e));
    }
    const keys = client.getJwksCache(config);
    if (keys) entry.jwks = keys;

    const idClaims = tokens.claims();
    if (!idClaims) throw refuse('the token response has no ID token');
    let claims: Record<string, unknown> = { ...idClaims };
    const wanted = [settings.groups_claim, 'preferred_username', 'name', 'email'];
    // Providers following OIDC Core 5.4 put profile claims in the UserInfo reply only, not in the ID token.
    if (wanted.some(c => readClaim(claims, c) === undefined) && config.serverMetadata().userinfo_endpoint) {
        try {
            const userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
            // the ID token's signed claims win over UserInfo's
            claims = { ...userinfo, ...claims };
        } catch (e) {
            throw refuse(`UserInfo: ${describe(e)}`);
        }
    }
    return identityFrom(claims, settings.groups_claim);
}

/** `a.b` reads a nested claim (Keycloak's realm_access.roles) when no claim has that exact name. */
function readClaim(claims: Record<string, unknown>, name: string): unknown {
    // own properties only: a claim named like an Object method must not read the prototype
    if (Object.hasOwn(claims, name)) return claims[name];
    let value: unknown = claims;
    for (const part of name.split('.')) {
        if (!value || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
        value = (value as Record<string, unknown>)[part];
    }
    return value;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Groups as a JSON array, or as one string separated by spaces or commas. */
function groupsFrom(value: unknown): string[] {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
    const groups = items.map(g => (typeof g === 'number' ? String(g) : text(g))).filter((g): g is string => !!g);
    return [...new Set(groups)];
}

function identityFrom(claims: Record<string, unknown>, groupsClaim: string): ExternalIdentity {
    // preferred_username first: it is the name people and administrators know (and the one a local account
    // would have); then email; sub last, always present and stable but an opaque identifier at most providers
    const username = text(claims.preferred_username) ?? text(claims.email) ?? text(claims.sub);
    if (!username) throw new SsoError(SSO_ERRORS.cannotAuthenticate, 'the ID token has no subject');
    const name = text(claims.name) ?? ([text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || undefined);
    const email = text(claims.email);
    return {
        username,
        ...(name && { name }),
        ...(email && { email }),
        groups: groupsFrom(readClaim(claims, groupsClaim)),
    };
}

/** What went wrong, for the log: openid-client's message with the provider's error code and the cause. */
function describe(e: unknown): string {
    if (e instanceof client.ResponseBodyError || e instanceof client.AuthorizationResponseError) {
        return `${e.message}: ${e.error}${e.error_description ? ` (${e.error_description})` : ''}`;
    }
    if (e instanceof client.WWWAuthenticateChallengeError) {
        const challenges = e.cause.map(c => `${c.scheme} ${c.parameters.error ?? ''} ${c.parameters.error_description ?? ''}`.trim());
        return `${e.message}: HTTP ${e.status} ${challenges.join('; ')}`;
    }
    if (e instanceof Error) {
        const code = (e as { code?: unknown }).code;
        const cause = e.cause instanceof Error ? `: ${e.cause.message}` : e.cause instanceof Response ? `: HTTP ${e.cause.status}` : '';
        return `${e.message}${typeof code === 'string' ? ` [${code}]` : ''}${cause}`;
    }
    return String(e);
}
