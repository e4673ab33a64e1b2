import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE } from './constants';
import { EVENT_GROUPS, IMAGE_REASONS } from './eventTypes';

export * from './eventTypes';

/** A region of interest in image pixels. */
export const roi = z.object({ x: z.number().min(0), y: z.number().min(0), w: z.number().positive(), h: z.number().positive() });
export type Roi = z.infer<typeof roi>;

export const eventProfile = z.object({
    profile_id: z.number().int().nullable(),
    /** the profile's ACS ID now, what people know it by; null when it has none or is gone */
    acs_id: z.string().nullable(),
    role: z.string().nullable(),
    badge_number: z.number().int().nullable(),
    facility_code: z.number().int().nullable(),
    card_locked: z.boolean().nullable(),
    enabled: z.boolean().nullable(),
    status: z.string().nullable(),
    roi: roi.nullable(),
    deletion_cause: z.string().nullable(),
    /** the profile no longer exists: the console shows 'Profile deleted' */
    profile_deleted: z.boolean(),
});

/** A security event as the API returns it (SPEC 3 Event). */
export const eventRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    event: z.string(),
    group: z.enum(EVENT_GROUPS),
    incident: z.boolean(),
    timestamp: z.string(),
    device_id: z.number().int().nullable(),
    device_description: z.string().nullable(),
    device_mode: z.string().nullable(),
    /** the device no longer exists: the console shows 'Device deleted' */
    device_deleted: z.boolean(),
    tailgated: z.boolean(),
    profiles: z.array(eventProfile),
    identity: z.record(z.string(), z.unknown()).nullable(),
    sip_call: z.object({ remote_station: z.string() }).nullable(),
    /** file name for GET /events/{id}/files/{name}; null without an image */
    image: z.string().nullable(),
    /** why there is no image: retention policy or a full disk (SPEC 2.7) */
    image_reason: z.enum(IMAGE_REASONS).nullable(),
});
export type EventRecord = z.infer<typeof eventRecord>;

/** GET /events filters besides page, per_page, sort, account_id, cross_account. */
export const eventFilters = z.object({
    group: z.enum(EVENT_GROUPS).optional(),
    event: z.string().max(64).optional(),
    device_id: z.coerce.number().int().positive().optional(),
    profile_id: z.coerce.number().int().positive().optional(),
    badge_number: z.coerce.number().int().min(0).optional(),
    /** ISO date-times, inclusive from, exclusive to */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** only events after this id (the live feed's catch-up) */
    after_id: z.coerce.number().int().min(0).optional(),
});
export type EventFilters = z.infer<typeof eventFilters>;

/** Events are unbounded: pages are capped (DESIGN.md Lists at scale). */
export const EVENTS_MAX_PAGE_SIZE = LIST_MAX_PAGE_SIZE;
/** Above this many matching events the list's count is an estimate, shown as 'more than N'. */
export const EVENTS_EXACT_COUNT_LIMIT = 10_000;

/** GET /events reply: SPEC's result and count, plus whether the count is an estimate. */
export const eventListReply = z.object({ result: z.array(eventRecord), count: z.number().int(), count_is_estimate: z.boolean() });

/** GET /events/aggregate: counts of the filtered events by the dimensions asked in group_by (comma-separated). */
export const AGGREGATE_DIMENSIONS = ['type', 'group', 'day', 'hour', 'device'] as const;
export type AggregateDimension = (typeof AGGREGATE_DIMENSIONS)[number];
export const eventAggregateReply = z.object({
    result: z.array(
        z.object({
            type: z.string().optional(),
            group: z.enum(EVENT_GROUPS).optional(),
            /** YYYY-MM-DD, in the time zone of timezone_offset */
            day: z.string().optional(),
            /** 0-23, in the time zone of timezone_offset */
            hour: z.number().int().optional(),
            device_id: z.number().int().nullable().optional(),
            device_description: z.string().nullable().optional(),
            count: z.number().int(),
        }),
    ),
});
export type EventAggregateReply = z.infer<typeof eventAggregateReply>;
