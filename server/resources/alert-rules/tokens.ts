import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '../../../contract/constants';
import type { TokenSigner } from '../../crypto/tokens';

const LABEL = 'alert-address';

/** The secret part of an address's links: new with each confirmation mail, so a resent mail's links replace the last one's. */
export const newAddressNonce = () => randomBytes(18).toString('base64url');

/** The links' token: address id, nonce and their MAC, dot-separated and URL-safe (as enrollment links are). */
export const alertAddressToken = (signer: TokenSigner, id: number, nonce: string) =>
    `${id}.${nonce}.${signer.mac(LABEL, `${id}.${nonce}`)}`;

/** The id and nonce a token claims, when its MAC is right; undefined for anything else. */
export const readAlertAddressToken = (signer: TokenSigner, token: string): { id: number; nonce: string } | undefined => {
    const m = /^(\d{1,10})\.([A-Za-z0-9_-]{10,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return undefined;
    const expected = Buffer.from(signer.mac(LABEL, `${m[1]}.${m[2]}`));
    const given = Buffer.from(m[3]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { id: Number(m[1]), nonce: m[2]! };
};

/** The pages an address answers on: small pages of the server, outside the console and its sign-in (routes.ts). */
export const alertAddressLinks = (publicUrl: string, token: string) => ({
    confirm: `${publicUrl}${API_BASE}/alert_addresses/${token}/confirm`,
    refuse: `${publicUrl}${API_BASE}/alert_addresses/${token}/refuse`,
});
