import { z } from 'zod';
import { EVENT_TYPES, roi } from './events';

/**
 * What a reader posts to POST /api/v2/device/events (DESIGN.md: one event or
 * a batch; multipart with images, or JSON without). Multipart: a part named
 * `events` holding the JSON array, and one file part per image, named by the
 * event's `image` field. JSON: {events: [...]} and no images.
 */
export const MAX_EVENTS_PER_BATCH = 100;
/** Images larger than this are refused (JPEG or PNG only, checked by their first bytes). */
export const MAX_EVENT_IMAGE_BYTES = 2 * 1024 * 1024;

export const deviceEventProfile = z.object({
    profile_id: z.number().int().positive().nullable(),
    role: z.string().max(32).optional(),
    badge_number: z.number().int().min(0).optional(),
    facility_code: z.number().int().min(0).optional(),
    card_locked: z.boolean().optional(),
    /** where the face is in the image, in pixels */
    roi: roi.optional(),
});

export const deviceEventInput = z.object({
    /** the reader's own id for the event: sent twice, stored once */
    device_event_id: z.string().min(1).max(64),
    event: z.enum(EVENT_TYPES),
    timestamp: z.iso.datetime({ offset: true }),
    tailgated: z.boolean().optional(),
    profiles: z.array(deviceEventProfile).max(20).optional(),
    identity: z.record(z.string(), z.unknown()).optional(),
    sip_call: z.object({ remote_station: z.string().min(1).max(255) }).optional(),
    /** the name of the multipart file part that holds this event's image */
    image: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
});
export type DeviceEventInput = z.infer<typeof deviceEventInput>;

export const deviceEventBatch = z.object({ events: z.array(deviceEventInput).min(1).max(MAX_EVENTS_PER_BATCH) });

/** Each event of the batch is either stored (durably, before this reply) or refused with why. */
export const deviceEventsReply = z.object({
    accepted: z.array(z.object({ device_event_id: z.string(), id: z.number().int(), duplicate: z.boolean() })),
    rejected: z.array(z.object({ device_event_id: z.string().nullable(), index: z.number().int(), error: z.string() })),
});
export type DeviceEventsReply = z.infer<typeof deviceEventsReply>;
