import { z } from 'zod';
import { FIELD_MAX } from './constants';
import { ROLES } from './roles';
import { MESSAGES, passwordProblem, requiredText } from './validation';

const role = z.enum(ROLES, { error: MESSAGES.roleRequired });

/** Email, or a username for external users (SPEC 5: valid email format unless external). */
const emailOrUsername = z
    .string({ error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .max(FIELD_MAX.userEmail, { error: MESSAGES.max(FIELD_MAX.userEmail) });

const isEmail = (value: string) => z.email().safeParse(value).success;

const userFields = {
    name: requiredText(FIELD_MAX.userName, MESSAGES.nameRequired),
    email: emailOrUsername,
    role,
    account: z.object({ id: z.number({ error: MESSAGES.accountRequired }).int().min(0) }, { error: MESSAGES.accountRequired }),
    external_user: z.boolean().optional(),
    password: z.string().max(200).optional(),
    confirm: z.string().max(200).optional(),
    current_password: z.string().max(200).optional(),
};

type UserBody = {
    email: string;
    external_user?: boolean;
    password?: string;
    confirm?: string;
};

/** Rules shared by create and update; `passwordRequired` for a new non-external user. */
const checkUser = (passwordRequired: boolean) => (value: UserBody, ctx: z.RefinementCtx) => {
    if (typeof value.email === 'string' && value.email && !value.external_user && !isEmail(value.email)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    }
    if (value.password !== undefined && typeof value.password !== 'string') return;
    const typed = !!value.password;
    if (!value.external_user && (passwordRequired || typed)) {
        const problem = passwordProblem(value.password ?? '');
        if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
        if ((value.confirm ?? '') !== (value.password ?? '')) {
            ctx.addIssue({ code: 'custom', path: ['confirm'], message: value.confirm ? MESSAGES.passwordsDoNotMatch : MESSAGES.required });
        }
    }
};

/** The cross-field rules run even when another field is wrong, so the form shows every message at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
export const userCreateInput = z.object(userFields).superRefine(checkUser(true), always);
/** An empty password is accepted for an existing user unless a new one is typed (SPEC 5). */
export const userUpdateInput = z.object(userFields).superRefine(checkUser(false), always);
export type UserCreateInput = z.infer<typeof userCreateInput>;
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

export const user = z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role,
    account: z.object({ id: z.number().int(), name: z.string() }),
    external_user: z.boolean(),
    tfa_enabled: z.boolean(),
    password_changed: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    /** after a self edit that gave a new address: where the confirmation link went (the address changes when it is opened) */
    email_pending: z.string().optional(),
});
export type User = z.infer<typeof user>;

/** POST /confirm_email/:token's refusals. */
export const EMAIL_CHANGE_MESSAGES = {
    invalid: 'This confirmation link is not valid any more.',
    expired: 'This confirmation link has expired. Change your e-mail address again to get a new one.',
    taken: 'This address is already used by another account.',
} as const;
