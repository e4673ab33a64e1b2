import { PASSWORD_MIN_LENGTH } from './constants';

/** SPEC 5 texts and password rules, without zod: the sign-in pages use them before anything else loads. */

/** Exact texts of SPEC 5. */
export const MESSAGES = {
    passwordRequired: 'Password is required',
    passwordStrength: 'Password strength not met',
    passwordLength: 'Password must be at least 8 characters',
    unsupportedCharacter: 'Unsupported character',
    passwordsDoNotMatch: 'Passwords do not match',
    currentPasswordRequired: 'Current password is required',
    required: 'Required',
    notBlank: 'Must not be blank',
    invalidEmail: 'Invalid email address',
    roleRequired: 'Role is required',
    accountRequired: 'Account is required',
    nameRequired: 'Name is required',
    max: (n: number) => `Maximum ${n} characters`,
} as const;

export const PASSWORD_SPECIALS = '#?!@$^&*-%';
const SUPPORTED = /^[A-Za-z0-9#?!@$^&*\-%]*$/;

/** SPEC 5 password rules; returns the first message that applies, or undefined. */
export const passwordProblem = (password: string): string | undefined => {
    if (!password) return MESSAGES.passwordRequired;
    if (!SUPPORTED.test(password)) return MESSAGES.unsupportedCharacter;
    if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordLength;
    const strong = /[A-Z]/.test(password) && /[a-z]/.test(password) && /[0-9]/.test(password) && /[#?!@$^&*\-%]/.test(password);
    return strong ? undefined : MESSAGES.passwordStrength;
};
