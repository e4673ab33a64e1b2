import { randomInt } from 'node:crypto';

/** Crockford base32 without look-alikes, XXXX-XXXX: what an installer types on a reader to register it in an account. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const newRegistrationCode = () => {
    const chars = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
    return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
};
