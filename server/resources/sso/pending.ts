import { EncryptJWT, jwtDecrypt, errors as joseErrors } from 'jose';
import { hkdfSync } from 'node:crypto';

/**
 * What a single sign-on must remember between sending the person to the
 * identity provider and their return (OIDC state, nonce and PKCE verifier;
 * SAML request id and RelayState), kept in a cookie rather than a table: any
 * server instance behind a balancer opens what another sealed, and nothing is
 * left to clean up after abandoned sign-ins. Encrypted (the PKCE verifier is
 * a secret), authenticated (A256GCM: a changed byte fails) and short-lived.
 */

/** How long a person has at the identity provider before coming back. */
export const PENDING_TTL_SECONDS = 10 * 60;

const TYP = 'sso-pending+jwt';

/**
 * A key for this use only, derived from the server secret: the secret also
 * signs session tokens, and one key should never serve two algorithms.
 */
function pendingKey(secret: string | Uint8Array): Uint8Array {
    return new Uint8Array(hkdfSync('sha256', secret, 'access-console', 'sso pending state', 32));
}

export function sealPending(value: Record<string, unknown>, secret: string | Uint8Array): Promise<string> {
    return new EncryptJWT({ v: value })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: TYP })
        .setIssuedAt()
        .setExpirationTime(`${PENDING_TTL_SECONDS}s`)
        .encrypt(pendingKey(secret));
}

/** The sealed value, or null when the token is malformed, tampered with, sealed with another secret or expired. */
export async function openPending<T extends Record<string, unknown> = Record<string, unknown>>(
    token: string,
    secret: string | Uint8Array,
): Promise<T | null> {
    try {
        const { payload } = await jwtDecrypt(token, pendingKey(secret), {
            keyManagementAlgorithms: ['dir'],
            contentEncryptionAlgorithms: ['A256GCM'],
            typ: TYP,
            requiredClaims: ['exp', 'iat'],
            // no tolerance: the cookie's 10 minutes are a hard limit
            clockTolerance: 0,
        });
        const value = payload.v;
        if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
        return value as T;
    } catch (e) {
        if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
        throw e;
    }
}
