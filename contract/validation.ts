import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

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

export const password = z.string({ error: MESSAGES.passwordRequired }).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Required text that is not whitespace-only, with a maximum length. */
export const requiredText = (max: number, requiredMessage: string = MESSAGES.required) =>
    z
        .string({ error: requiredMessage })
        .min(1, { error: requiredMessage })
        .max(max, { error: MESSAGES.max(max) })
        .refine(v => v.trim().length > 0, { error: MESSAGES.notBlank });

/** Optional text with a maximum length; whitespace-only rejected when `noBlank`. */
export const optionalText = (max: number, noBlank = false) => {
    const base = z.string().max(max, { error: MESSAGES.max(max) });
    return (noBlank ? base.refine(v => v === '' || v.trim().length > 0, { error: MESSAGES.notBlank }) : base).nullish();
};

export const email = (max: number) =>
    z
        .string({ error: MESSAGES.required })
        .min(1, { error: MESSAGES.required })
        .max(max, { error: MESSAGES.max(max) })
        .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** Turns zod issues into {field: message}, first message per field (SPEC 8.3 'Validation error'). */
export const fieldErrors = (issues: readonly z.core.$ZodIssue[]): Record<string, string> => {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
        const key = issue.path.length ? issue.path.join('.') : '_';
        if (!(key in fields)) fields[key] = issue.message;
    }
    return fields;
};
