import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const ISSUER = 'access-console';
export const AUDIENCE = 'access-console-api';

/** `typ` headers: an access token cannot be used where a two-factor step token is expected, and the reverse. */
export type TokenKind = 'access' | 'tfa';
const TYP: Record<TokenKind, string> = { access: 'at+jwt', tfa: 'tfa+jwt' };

export interface TokenClaims {
    sub: string;
    sid: string;
}

export class TokenSigner {
    private key: Uint8Array;
    constructor(secret: string) {
        this.key = Buffer.from(secret, 'base64');
    }

    /** Signs with another key from now on (a restored backup brings its own); tokens of the old key stop verifying. */
    rekey(secret: string) {
        this.key = Buffer.from(secret, 'base64');
    }

    sign(kind: TokenKind, claims: TokenClaims, ttlSeconds: number): Promise<string> {
        return new SignJWT({ sid: claims.sid })
            .setProtectedHeader({ alg: 'HS256', typ: TYP[kind] })
            .setSubject(claims.sub)
            .setIssuer(ISSUER)
            .setAudience(AUDIENCE)
            .setIssuedAt()
            .setExpirationTime(`${ttlSeconds}s`)
            .sign(this.key);
    }

    /** A MAC of `value` for one purpose (`label`): links that must carry proof of their origin (enrollment). */
    mac(label: string, value: string): string {
        return createHmac('sha256', this.key).update(`${label}\n${value}`).digest('base64url');
    }

    /** Returns the claims, or undefined for any token that is malformed, forged, expired or of another kind. */
    async verify(kind: TokenKind, token: string): Promise<TokenClaims | undefined> {
        try {
            const { payload } = await jwtVerify(token, this.key, {
                algorithms: ['HS256'],
                typ: TYP[kind],
                issuer: ISSUER,
                audience: AUDIENCE,
                requiredClaims: ['sub', 'sid', 'exp', 'iat'],
            });
            if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
            return { sub: payload.sub, sid: payload.sid };
        } catch (e) {
            if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return undefined;
            throw e;
        }
    }
}

export const newSecret = () => randomBytes(48).toString('base64');
export const opaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
