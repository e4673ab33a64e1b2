import { describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import { matchingStep, totpCode } from '../../../server/resources/auth/totp';

/** RFC 6238 Appendix B, SHA-1, secret ASCII "12345678901234567890", 8 digits. */
const SECRET = Secret.fromUTF8('12345678901234567890').base32;
const VECTORS: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
    it.each(VECTORS)('at %i s gives %s', (seconds, code) => {
        expect(totpCode(SECRET, new Date(seconds * 1000), 8)).toBe(code);
    });

    it('accepts a 6-digit code in its step and one step either side, and names the step', () => {
        const at = new Date(1_700_000_000_000);
        const code = totpCode(SECRET, at);
        const step = Math.floor(at.getTime() / 30_000);
        expect(code).toMatch(/^\d{6}$/);
        expect(matchingStep(SECRET, code, at)).toBe(step);
        expect(matchingStep(SECRET, code, new Date(at.getTime() + 30_000))).toBe(step);
        expect(matchingStep(SECRET, code, new Date(at.getTime() + 90_000))).toBeUndefined();
    });
});
