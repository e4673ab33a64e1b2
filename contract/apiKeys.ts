import { z } from 'zod';
import { ROLES } from './roles';

/**
 * API keys of an account (SPEC 3 "API keys" section, 7.2; DESIGN.md: programs
 * send `X-API-Key`, stored hashed, shown once). A key acts with the rights of
 * its role in its account, as a user of that role there would.
 */
export const API_KEY_HEADER = 'X-API-Key';
/** Every key starts so: a key found in a file or a log is recognisable as one of ours. */
export const API_KEY_MARK = 'ak_';
/** How many leading characters of a key (mark included) are kept and shown to tell keys apart. */
export const API_KEY_PREFIX_LENGTH = 11;
export const API_KEY_DESCRIPTION_MAX = 100;
/** Requests one key may make a minute, all routes together; past it 429. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/** The audit log's user name for what a key did. */
export const apiKeyActorName = (description: string) => `API key: ${description}`;

export const API_KEY_MESSAGES = {
    descriptionRequired: 'Required',
    descriptionTooLong: `At most ${API_KEY_DESCRIPTION_MAX} characters`,
    expiryPast: 'The expiry must be in the future.',
    roleNotAssignable: 'You cannot give this role.',
    keyCannotCreate: 'An API key cannot create API keys.',
    invalidKey: 'Invalid, revoked or expired API key',
    notForKeys: 'This route is for signed-in users: API keys are not accepted here.',
    tooMany: 'Too many requests with this API key. Try again in a minute.',
} as const;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeyInput = z.object({
    description: z
        .string()
        .trim()
        .min(1, API_KEY_MESSAGES.descriptionRequired)
        .max(API_KEY_DESCRIPTION_MAX, API_KEY_MESSAGES.descriptionTooLong),
    role: z.enum(ROLES),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

/** A key as lists show it: never the secret nor its hash. */
export const apiKeyRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    description: z.string(),
    role: z.enum(ROLES),
    prefix: z.string(),
    created_by: z.number().int(),
    created_by_name: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
    last_used_ip: z.string().nullable(),
    revoked_at: z.string().nullable(),
    status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKeyRecord>;

/** The reply of POST: the row and, this once, the key itself. */
export const createdApiKey = apiKeyRecord.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyStatus = (key: { revoked_at: Date | string | null; expires_at: Date | string | null }, now: Date): ApiKeyStatus =>
    key.revoked_at ? 'revoked' : key.expires_at && new Date(key.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
