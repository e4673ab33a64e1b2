import { z } from 'zod';
import { LOCALE_CODES } from './constants';

/**
 * A brand an account puts on what its users and its customers see (docs/decisions.md "Brands per account"), inherited
 * down the account tree: an account without one wears the nearest one above it, else the platform's own.
 */

export const BRANDING_MESSAGES = {
    contrast: (colour: string, ratio: number) =>
        `The primary colour ${colour} has a contrast of ${ratio.toFixed(2)}:1 with white text; it needs at least 4.5:1.`,
    hostTaken: (host: string) => `The host name ${host} already belongs to another account's brand.`,
    logoType: 'The logo must be a PNG, JPEG or WebP image.',
    logoTooLarge: 'The logo is too large: at most 10 MB and 40 million pixels.',
    sendLogo: 'Send the logo as multipart field "file".',
} as const;

/** WCAG 2.x relative luminance of an #rrggbb colour. */
const luminance = (hex: string) => {
    const channel = (i: number) => {
        const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
};

/** The contrast ratio of white text on a colour (WCAG 2.x: (L1 + 0.05) / (L2 + 0.05)). */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The least contrast with white text a primary colour must have (WCAG AA for body text). */
export const PRIMARY_CONTRAST_MIN = 4.5;

const colour = z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'A colour as #rrggbb' })
    .transform(c => c.toLowerCase());
const hostName = z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'A host name such as access.example.com' });

/** PUT /accounts/{id}/branding */
export const brandingInput = z.object({
    product_name: z.string().trim().min(1, { error: 'Required' }).max(60, { error: 'Maximum 60 characters' }),
    primary_color: colour.refine(c => contrastWithWhite(c) >= PRIMARY_CONTRAST_MIN, {
        error: issue => BRANDING_MESSAGES.contrast(String(issue.input), contrastWithWhite(String(issue.input))),
    }),
    secondary_color: colour,
    support_email: z.email({ error: 'Enter a valid email address' }).max(255).nullable().default(null),
    support_url: z
        .url({ protocol: /^https$/, error: 'An https:// address' })
        .max(500)
        .nullable()
        .default(null),
    /** the host names users reach the console by: its sign-in page wears this brand there */
    domains: z.array(hostName).max(10).default([]),
    /** the language of the account's mails and invitations when none is chosen, inherited like the rest */
    default_locale: z.enum(LOCALE_CODES).nullable().default(null),
});
export type BrandingInput = z.infer<typeof brandingInput>;

/** What a page shows of a brand, before sign-in too (GET /branding/host): nothing private. */
export const publicBrand = z.object({
    product_name: z.string(),
    primary_color: z.string(),
    secondary_color: z.string(),
    logo_url: z.string().nullable(),
    support_email: z.string().nullable(),
    support_url: z.string().nullable(),
});
export type PublicBrand = z.infer<typeof publicBrand>;

/** An account's own brand, as its editors see it. */
export const ownBrand = z.object({
    product_name: z.string(),
    primary_color: z.string(),
    secondary_color: z.string(),
    support_email: z.string().nullable(),
    support_url: z.string().nullable(),
    domains: z.array(z.string()),
    default_locale: z.enum(LOCALE_CODES).nullable(),
    has_logo: z.boolean(),
    updated_at: z.string(),
});
export type OwnBrand = z.infer<typeof ownBrand>;

/** GET /accounts/{id}/branding: the account's own brand, and the one it wears (its own, inherited, or the platform's). */
export const accountBranding = z.object({
    own: ownBrand.nullable(),
    effective: publicBrand.extend({
        /** the account whose brand it is; null: the platform's own */
        from_account_id: z.number().int().nullable(),
        default_locale: z.enum(LOCALE_CODES).nullable(),
    }),
});
export type AccountBranding = z.infer<typeof accountBranding>;
