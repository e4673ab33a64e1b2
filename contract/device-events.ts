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

/** identity is free-form from the reader; nested deeper than this it is refused (serialising it would recurse without end). */
export const MAX_IDENTITY_DEPTH = 8;

/** How deep a JSON value nests, walked without recursion so that any depth is measured safely; stops past `limit`. */
export const jsonDepth = (value: unknown, limit: number): number => {
    let deepest = 0;
    const stack: [unknown, number][] = [[value, 1]];
    while (stack.length) {
        const [node, depth] = stack.pop()!;
        if (node === null || typeof node !== 'object') continue;
        deepest = Math.max(deepest, depth);
        if (deepest > limit) return deepest;
        for (const child of Object.values(node)) stack.push([child, depth + 1]);
    }
    return deepest;
};

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
    identity: z
        .record(z.string(), z.unknown())
        .refine(v => jsonDepth(v, MAX_IDENTITY_DEPTH) <= MAX_IDENTITY_DEPTH, `nested deeper than ${MAX_IDENTITY_DEPTH} levels`)
        .optional(),
    sip_call: z.object({ remote_station: z.string().min(1).max(255) }).optional(),
    /** the name of the multipart file part that holds this event's image */
    image: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,64}$/)
        .optional(),
});
export type DeviceEventInput = z.infer<typeof deviceEventInput>;

export const deviceEventBatch = z.object({ events: z.array(deviceEventInput).min(1).max(MAX_EVENTS_PER_BATCH) });

/** Each event of the batch is either stored (durably, before this reply) or refused with why. */
export const deviceEventsReply = z.object({
    accepted: z.array(z.object({ device_event_id: z.string(), id: z.number().int(), duplicate: z.boolean() })),
    rejected: z.array(z.object({ device_event_id: z.string().nullable(), index: z.number().int(), error: z.string() })),
});
export type DeviceEventsReply = z.infer<typeof deviceEventsReply>;
