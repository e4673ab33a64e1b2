import { z } from 'zod';
import { EVENT_TYPES } from './eventTypes';
import { OUTBOUND_TARGET_MESSAGES, outboundSchemeMessage } from './outboundTarget';

/**
 * Signed webhooks (docs/decisions.md "Webhooks"): an account's URLs that receive each of its
 * security events as JSON, signed with a secret only the account and the
 * receiver know. The secret is written once and never read back.
 */
export const WEBHOOK_DESCRIPTION_MAX = 100;
export const WEBHOOK_URL_MAX = 1000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
/** The headers of every delivery: the same id on every try of it, and the HMAC-SHA256 of the try's time and body with the secret. */
export const WEBHOOK_DELIVERY_HEADER = 'X-Delivery-Id';
export const WEBHOOK_SIGNATURE_HEADER = 'X-Signature-256';

export const WEBHOOK_MESSAGES = {
    urlScheme: outboundSchemeMessage(['http:', 'https:']),
    urlPrivate: OUTBOUND_TARGET_MESSAGES.private,
    urlUnresolved: OUTBOUND_TARGET_MESSAGES.unresolved,
    secretTooShort: `At least ${WEBHOOK_SECRET_MIN} characters`,
    secretTooLong: `At most ${WEBHOOK_SECRET_MAX} characters`,
    descriptionTooLong: `At most ${WEBHOOK_DESCRIPTION_MAX} characters`,
} as const;

export const WEBHOOK_STATUSES = ['active', 'paused'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** pending: waits for its next try; delivered: a 2xx came back; failed: tried for the whole retry window without one. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const url = z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlScheme }).max(WEBHOOK_URL_MAX);
const secret = z.string().min(WEBHOOK_SECRET_MIN, WEBHOOK_MESSAGES.secretTooShort).max(WEBHOOK_SECRET_MAX, WEBHOOK_MESSAGES.secretTooLong);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong);
/** Empty: every type, those added later too. */
const eventTypes = z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length);

export const webhookInput = z.object({
    url,
    secret,
    event_types: eventTypes.default([]),
    description: description.default(''),
});
export type WebhookInput = z.input<typeof webhookInput>;

/** PUT: what is sent changes; a new secret replaces the old one; status 'active' resumes a paused webhook. */
export const webhookUpdate = z.object({
    url: url.optional(),
    secret: secret.optional(),
    event_types: eventTypes.optional(),
    description: description.optional(),
    status: z.enum(WEBHOOK_STATUSES).optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdate>;

/** A webhook as every reply shows it: never its secret. */
export const webhookRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.string()),
    status: z.enum(WEBHOOK_STATUSES),
    /** since when every try has failed (null: the last one succeeded) */
    failing_since: z.string().nullable(),
    paused_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookRecord>;

export const deliveryRecord = z.object({
    id: z.number().int(),
    webhook_id: z.number().int(),
    event_id: z.number().int(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    /** when it is tried next; null once delivered or failed */
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
});
export type Delivery = z.infer<typeof deliveryRecord>;

/**
 * X-Signature-256 covers the time of the try as well as the body, so a receiver can refuse a request replayed later:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 with the secret of "<t>.<raw body>">` (docs/webhooks.md has the check).
 */
export const signedPayload = (timestamp: number, body: string) => `${timestamp}.${body}`;
export const signatureHeaderValue = (timestamp: number, hex: string) => `t=${timestamp},v1=${hex}`;
/** How old a signed time a receiver should still take: the recipe of docs/webhooks.md. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
