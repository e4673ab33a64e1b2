import { z } from 'zod';
import { LOCALE_CODES } from './constants';
import { ACCOUNT_OPTIONS } from './session';
import { badgeInput } from './profiles';
import { publicBrand } from './branding';

/**
 * Web enrollment (SPEC 2.2 /web-enrollments, 3 web enrollment settings,
 * docs/decisions.md "Web enrollment"): staff invite people by e-mail; each opens a single-use,
 * expiring link, signs the consent and takes a picture of their face, and
 * becomes an active profile.
 */
export const ENROLLMENT_STATUSES = ['sent', 'opened', 'consented', 'completed', 'expired', 'revoked', 'failed', 'locked'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** The statuses whose link still works; 'locked' is one whose link took too many wrong codes (ENROLLMENT_CODE_MAX_TOTAL_TRIES). */
export const OPEN_ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = ['sent', 'opened', 'consented'];

/** SPEC 3 web enrollment settings, as account options. */
export const ENROLLMENT_OPTIONS = {
    enabled: ACCOUNT_OPTIONS.enrEnabled,
    /** days a link stays valid: 1, 3 or 7 */
    linkDays: 'enr/link_days',
    /** 'true': a one-time code by e-mail before the camera step */
    multiFactor: 'enr/mfa',
    /** 'true': the account's moderators get an e-mail when a person completes */
    notify: 'enr/notify',
    /** 'none' (no consent step) or 'template' (the account's PDF, signed) */
    consentType: 'enr/consent_type',
} as const;
export const LINK_DAYS = [1, 3, 7] as const;
export const DEFAULT_LINK_DAYS = 3;
export const CONSENT_TYPES = ['template', 'none'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

type Options = readonly { name: string; value: string }[] | undefined;
const option = (options: Options, name: string) => options?.find(o => o.name === name)?.value?.trim();

export interface EnrollmentSettings {
    linkDays: number;
    multiFactor: boolean;
    notify: boolean;
    consentType: ConsentType;
}
export const enrollmentSettings = (options: Options): EnrollmentSettings => {
    const days = Number(option(options, ENROLLMENT_OPTIONS.linkDays));
    const consent = option(options, ENROLLMENT_OPTIONS.consentType);
    return {
        linkDays: (LINK_DAYS as readonly number[]).includes(days) ? days : DEFAULT_LINK_DAYS,
        multiFactor: option(options, ENROLLMENT_OPTIONS.multiFactor) === 'true',
        notify: option(options, ENROLLMENT_OPTIONS.notify) === 'true',
        consentType: consent === 'none' ? 'none' : 'template',
    };
};

/** The values these options take (the account options route refuses others). */
export const enrollmentOptionError = (name: string, value: string): string | null => {
    const v = value.trim();
    if (name === ENROLLMENT_OPTIONS.linkDays)
        return (LINK_DAYS as readonly number[]).includes(Number(v)) && /^\d$/.test(v) ? null : '1, 3 or 7 days';
    if (name === ENROLLMENT_OPTIONS.multiFactor || name === ENROLLMENT_OPTIONS.notify)
        return v === 'true' || v === 'false' ? null : "'true' or 'false'";
    if (name === ENROLLMENT_OPTIONS.consentType) return (CONSENT_TYPES as readonly string[]).includes(v) ? null : "'template' or 'none'";
    return null;
};

/**
 * The picture's size in pixels: a face in a smaller one is too small to
 * recognise; past the largest, decoding it would take too much memory (a
 * 48-megapixel phone photo is usually larger than ENROLLMENT_IMAGE_MAX_BYTES anyway).
 */
export const ENROLLMENT_IMAGE_MIN_SIDE = 240;
export const ENROLLMENT_IMAGE_MAX_SIDE = 8000;
export const ENROLLMENT_IMAGE_MAX_PIXELS = 40_000_000;

export const ENROLLMENT_MESSAGES = {
    nameRequired: 'Name is required',
    emailInvalid: 'Invalid email address',
    linkInvalid: 'This enrollment link is not valid. Check that you opened the whole link from your invitation.',
    linkExpired: 'This enrollment link has expired. Ask the person who invited you for a new one.',
    linkUsed: 'This enrollment is already complete: your face is enrolled.',
    linkRevoked: 'This invitation was withdrawn. Ask the person who invited you if you think this is a mistake.',
    linkLocked:
        'This invitation is locked: too many wrong codes were entered with it. Ask the person who invited you to send you a new invitation.',
    consentFirst: 'Sign the consent before taking the picture.',
    codeWrong: 'The code is not the one we sent. Check your e-mail and try again.',
    codeRequired: 'Enter the code we sent you by e-mail first.',
    codeTooManyTries: 'Too many wrong tries with this code: it no longer works. Ask for a new code.',
    imageRequired: 'Take a picture of your face, or upload one (JPEG, PNG or WebP).',
    imageFormat: 'The picture must be a JPEG, PNG or WebP image.',
    imageUnreadable: 'The picture cannot be read: the file is damaged or is not an image. Take the picture again, or upload another one.',
    imageTooSmall: `The picture is too small: it needs at least ${ENROLLMENT_IMAGE_MIN_SIDE} pixels on each side. Take it again, or upload a larger one.`,
    imageTooLarge: `The picture is too large: at most ${ENROLLMENT_IMAGE_MAX_SIDE} pixels on a side and ${ENROLLMENT_IMAGE_MAX_PIXELS / 1_000_000} megapixels. Upload a smaller one.`,
    templateMissing: 'The account has no consent template yet: upload the consent PDF in the account settings first.',
    templatePdfOnly: 'Upload PDF, not Word files',
    disabled: 'Web enrollment is off for this account.',
} as const;

const personName = z
    .string({ error: ENROLLMENT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ENROLLMENT_MESSAGES.nameRequired })
    .max(100, { error: 'Maximum 100 characters' });
const personEmail = z.email({ error: ENROLLMENT_MESSAGES.emailInvalid }).max(255, { error: 'Maximum 255 characters' });

/** One person to invite: name, e-mail, an optional badge, optional access groups (else the default group). */
export const inviteeInput = z.object({
    name: personName,
    email: personEmail,
    badge: badgeInput.optional(),
    access_group_ids: z.array(z.number().int().positive()).max(50).optional(),
    /** the language of the invitation, its code and the enrollment page; else the account's (docs/decisions.md "Mails in the recipient's language") */
    locale: z.enum(LOCALE_CODES).optional(),
});
export type InviteeInput = z.infer<typeof inviteeInput>;

/** POST /web-enrollments/invites */
export const invitesInput = z.object({
    people: z.array(inviteeInput).min(1, { error: 'Add at least one person' }).max(100),
});

export const enrollmentRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    status: z.enum(ENROLLMENT_STATUSES),
    badge: z
        .object({ badge_number: z.number().int(), facility_code: z.number().int().nullable(), card_format_id: z.number().int() })
        .nullable(),
    access_group_ids: z.array(z.number().int()),
    profile_id: z.number().int().nullable(),
    sent_at: z.string().nullable(),
    opened_at: z.string().nullable(),
    consented_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    expires_at: z.string(),
    failure: z.string().nullable(),
    /**
     * The mail server did not take it yet for a temporary reason (down, 4xx): the tries made, when the next
     * comes and the last one's error. Status stays 'sent' with sent_at null until it is taken or fails for good.
     */
    send_tries: z.number().int(),
    send_next_at: z.string().nullable(),
    send_error: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
});
export type EnrollmentRecord = z.infer<typeof enrollmentRecord>;

/** What the public page shows for a link (GET /enrollment/{token}). */
export const enrollmentPage = z.object({
    account_name: z.string(),
    person_name: z.string(),
    status: z.enum(ENROLLMENT_STATUSES),
    expires_at: z.string(),
    consent: z.object({ required: z.boolean(), signed: z.boolean() }),
    multi_factor: z.object({ required: z.boolean(), verified: z.boolean() }),
});
export type EnrollmentPage = z.infer<typeof enrollmentPage>;
/**
 * GET /enrollment/{token}: the page as it opens, wearing the inviting account's brand (its own, the nearest above it,
 * else the platform's; docs/decisions.md "Brands per account") and speaking the invitation's language.
 */
export const openedEnrollmentPage = enrollmentPage.extend({ brand: publicBrand, locale: z.enum(LOCALE_CODES) });
export type OpenedEnrollmentPage = z.infer<typeof openedEnrollmentPage>;

/** POST /enrollment/{token}/consent: the typed name and the drawn signature (a PNG data URL). */
export const consentSignature = z.object({
    signed_name: personName,
    signature: z
        .string()
        .max(500_000)
        .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'Draw your signature' }),
    /** the language the page showed: the signed consent's words are in it; absent, the invitation's language */
    locale: z.enum(LOCALE_CODES).optional(),
});

/** How long a one-time code by e-mail is good for, and how many tries one code takes. */
export const ENROLLMENT_CODE_TTL_SECONDS = 10 * 60;
export const ENROLLMENT_CODE_MAX_TRIES = 5;
/** The tries a link takes over all its codes: past them it is 'locked' until the staff send it again (decisions.md). */
export const ENROLLMENT_CODE_MAX_TOTAL_TRIES = 20;
export const ENROLLMENT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** POST /web-enrollments/csv: the columns (a header row); the badge columns are optional together. */
export const INVITE_CSV_COLUMNS = { required: ['name', 'email'], optional: ['badge_number', 'facility_code', 'card_format'] } as const;
export const INVITE_CSV_HEADER_PROBLEM =
    'The first line must name the columns name and email, and may name badge_number, facility_code and card_format.';
/** A file of invitations holds at most this many lines. */
export const INVITE_CSV_MAX_LINES = 10_000;

/** A CSV upload of invitations: sent in the background; GET /web-enrollments/batches/{id} follows it. */
export const inviteBatch = z.object({
    id: z.number().int(),
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    /** not yet taken by the mail server */
    pending: z.number().int(),
    /** of those pending, the ones the mail server did not take for a temporary reason: tried again later, on their own */
    waiting: z.number().int(),
});
export type InviteBatch = z.infer<typeof inviteBatch>;

/** The 400 of an upload with refused lines: nothing was created, each line says why. */
export const inviteCsvRefusal = z.object({
    error: z.string(),
    request_id: z.string(),
    lines: z.number().int(),
    refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    refused_more: z.number().int(),
});
export type InviteCsvRefusal = z.infer<typeof inviteCsvRefusal>;

/** A file's lines as an upload would take them (POST /web-enrollments/csv/check): nothing kept, nothing sent. */
export const inviteCsvCheck = z.object({
    lines: z.number().int(),
    /** lines an upload would refuse (one is enough for the whole file to be refused) */
    refused: z.number().int(),
    rows: z.array(
        z.object({
            line: z.number().int(),
            name: z.string(),
            email: z.string(),
            badge_number: z.string(),
            /** why an upload would refuse the line; null: it would be invited */
            problem: z.string().nullable(),
        }),
    ),
    /** lines past those listed */
    rows_more: z.number().int(),
    /** invitations the account may still send today */
    left_today: z.number().int(),
});
export type InviteCsvCheck = z.infer<typeof inviteCsvCheck>;
