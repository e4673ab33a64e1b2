import { z } from 'zod';
import { menuItemSchema } from './menuSchema';
import { ROLES } from './roles';
import { LOCALE_CODES } from './constants';
import { password } from './validation';

export const loginInput = z.object({ username: z.string().min(1).max(255), password: z.string().min(1).max(200) });
export const loginReply = z.union([
    z.object({ token: z.string(), refresh_token: z.string() }),
    z.object({ tfa_required: z.literal(true), tfa_setup_required: z.boolean(), token: z.string() }),
]);
export type LoginReply = z.infer<typeof loginReply>;

export const refreshInput = z.object({ refresh_token: z.string().min(1).max(500) });
export const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });

const sixDigits = z.string().regex(/^\d{6}$/, { error: 'Code must be 6 digits' });
export const otpInput = z.object({ otp: sixDigits });
/** Confirming a setup; replacing a second factor already set up also needs a code of the current one. */
export const twoFactorConfirmInput = z.object({ otp: sixDigits, current_otp: sixDigits.optional() });
export const twoFactorSetupReply = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() });
export const twoFactorConfirmReply = z.object({ recovery_codes: z.array(z.string()) });

export const me = z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    account: z.object({ id: z.number().int(), name: z.string(), main: z.boolean() }),
    accepted_tos: z.boolean(),
    password_changed: z.boolean(),
    tfa_enabled: z.boolean(),
    external_user: z.boolean(),
    /** the console language the user chose; null: the browser's (docs/decisions.md "Languages: German and Spanish, the browser's language, the user's choice") */
    locale: z.enum(LOCALE_CODES).nullable(),
    /** the language the brand of the user's account sets for those who chose none (docs/decisions.md "Brands per account") */
    default_locale: z.enum(LOCALE_CODES).nullable(),
    menu: z.array(menuItemSchema),
});
export const localeInput = z.object({ locale: z.enum(LOCALE_CODES) });
export type Me = z.infer<typeof me>;

export const loginProvider = z.object({
    provider: z.string(),
    platformInstallation: z.string(),
    singleTenant: z.boolean(),
    acsServiceRunning: z.boolean(),
    enrollmentEnabled: z.boolean(),
    alternateLogin: z.boolean(),
});
export type LoginProvider = z.infer<typeof loginProvider>;

export const versionReply = z.object({ platform_version: z.string(), platform_os: z.string().optional() });

export const resetPasswordRequest = z.object({ email: z.string().min(1).max(255) });
export const resetPasswordStatus = z.object({ status: z.enum(['valid', 'expired', 'used', 'invalid']) });
export const newPassword = z.object({ password });
