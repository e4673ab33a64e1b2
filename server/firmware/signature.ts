import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { FIRMWARE_KEY_MESSAGES, type KeyAlgorithm } from '../../contract/firmware';

/**
 * Mender signs an artifact's manifest: RSA PKCS#1 v1.5 or ECDSA (r||s), both
 * over SHA-256, base64 in manifest.sig. The platform verifies it with the
 * public keys the account's staff configured.
 */

export class KeyError extends Error {}

export interface PublicKeyInfo {
    algorithm: KeyAlgorithm;
    /** 'RSA 2048', 'P-256' */
    details: string;
    fingerprint: string;
    /** the key re-encoded as SPKI PEM */
    pem: string;
}

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

/** Reads a PEM public key (SPKI, or PKCS#1 RSA); refuses anything that cannot verify an artifact. */
export const readPublicKey = (pem: string): PublicKeyInfo => {
    let key: KeyObject;
    try {
        key = createPublicKey({ key: pem.trim(), format: 'pem' });
    } catch {
        throw new KeyError(FIRMWARE_KEY_MESSAGES.notAKey);
    }
    const details = key.asymmetricKeyDetails ?? {};
    let algorithm: KeyAlgorithm;
    let text: string;
    if (key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048) {
        algorithm = 'rsa';
        text = `RSA ${details.modulusLength}`;
    } else if (key.asymmetricKeyType === 'ec' && details.namedCurve && CURVES[details.namedCurve]) {
        algorithm = 'ecdsa';
        text = CURVES[details.namedCurve]!;
    } else {
        throw new KeyError(FIRMWARE_KEY_MESSAGES.unsupported);
    }
    const der = key.export({ type: 'spki', format: 'der' });
    return {
        algorithm,
        details: text,
        fingerprint: createHash('sha256').update(der).digest('hex'),
        pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    };
};

/** True when `signature` (manifest.sig, base64) signs `manifest` with this key. */
export const verifyManifest = (manifest: Buffer | string, signature: string, key: { pem: string; algorithm: KeyAlgorithm }): boolean => {
    const raw = Buffer.from(signature.trim(), 'base64');
    if (!raw.length) return false;
    const data = typeof manifest === 'string' ? Buffer.from(manifest) : manifest;
    let publicKey: KeyObject;
    try {
        publicKey = createPublicKey(key.pem);
    } catch {
        return false;
    }
    const attempt = (dsaEncoding?: 'ieee-p1363' | 'der') => {
        try {
            return verify('sha256', data, dsaEncoding ? { key: publicKey, dsaEncoding } : publicKey, raw);
        } catch {
            return false;
        }
    };
    // mender-artifact writes ECDSA as r||s; older signers wrote DER. Either is accepted.
    return key.algorithm === 'rsa' ? attempt() : attempt('ieee-p1363') || attempt('der');
};
