import { Secret, TOTP } from 'otpauth';

/** TOTP of RFC 6238 with SHA-1, 30 s steps; 6 digits in the product. */
export const PERIOD = 30;
export const ISSUER_LABEL = 'Access Console';

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** `issuer`: the name an authenticator app shows beside the code (the brand the user's account wears). */
export const totpFor = (secretBase32: string, label = '', digits = 6, issuer = ISSUER_LABEL) =>
    new TOTP({ issuer, label, algorithm: 'SHA1', digits, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

export const totpCode = (secretBase32: string, at: Date, digits = 6) =>
    totpFor(secretBase32, '', digits).generate({ timestamp: at.getTime() });

/**
 * The time step a code belongs to (±1 step of drift), or undefined. The caller
 * refuses a step at or before the last accepted one, so a code works once.
 */
export const matchingStep = (secretBase32: string, code: string, at: Date): number | undefined => {
    const delta = totpFor(secretBase32).validate({ token: code, timestamp: at.getTime(), window: 1 });
    return delta === null ? undefined : Math.floor(at.getTime() / 1000 / PERIOD) + delta;
};
