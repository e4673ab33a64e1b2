import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from '../../crypto/tokens';

const LABEL = 'web-enrollment';

export const newNonce = () => randomBytes(18).toString('base64url');

/** The link's token: id, nonce and their MAC, dot-separated and URL-safe. */
export const enrollmentToken = (signer: TokenSigner, id: number, nonce: string) => `${id}.${nonce}.${signer.mac(LABEL, `${id}.${nonce}`)}`;

/** The id and nonce a token claims, when its MAC is right; undefined for anything else. */
export const readEnrollmentToken = (signer: TokenSigner, token: string): { id: number; nonce: string } | undefined => {
    const m = /^(\d{1,10})\.([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return undefined;
    const expected = Buffer.from(signer.mac(LABEL, `${m[1]}.${m[2]}`));
    const given = Buffer.from(m[3]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { id: Number(m[1]), nonce: m[2]! };
};

/** Where a person enrolls: a page of the console outside sign-in. */
export const enrollmentLink = (publicUrl: string, token: string) => `${publicUrl}/enroll/${token}`;
