import { z } from 'zod';
import { MESSAGES, passwordProblem } from './passwords';

export { MESSAGES, PASSWORD_SPECIALS, passwordProblem } from './passwords';

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
