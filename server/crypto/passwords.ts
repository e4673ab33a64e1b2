import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = async (passwordHash: string | null, password: string) => {
    if (!passwordHash) return false;
    try {
        return await verify(passwordHash, password);
    } catch {
        return false;
    }
};

/** Spent where there is no password to check (unknown, disabled or external users) so that timing does not tell them apart; always false. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<false> => {
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    await verifyPassword(await dummyHash, password);
    return false;
};
