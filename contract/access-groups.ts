import { z } from 'zod';
import { FIELD_MAX } from './constants';
import { DEVICE_STATUSES } from './devices';
import { memberProfile } from './profiles';
import { requiredText } from './validation';

/**
 * Access groups (SPEC 3, 4.8, 5): which profiles may pass at which devices.
 * Every account has exactly one default group; a device approved without
 * groups serves the default one.
 */
export const ACCESS_GROUP_MESSAGES = {
    descriptionRequired: 'Description is required',
} as const;

/** Body of POST /access_groups and PUT /access_groups/{id} (SPEC 5: required, not whitespace-only, max 255). */
export const accessGroupInput = z.object({
    description: requiredText(FIELD_MAX.accessGroupDescription, ACCESS_GROUP_MESSAGES.descriptionRequired),
    default_group: z.boolean().optional(),
    /** its schedule (docs/decisions.md "Schedules"): when its members may pass; null: always; left out: unchanged (POST: none) */
    schedule_id: z.number().int().positive().nullable().optional(),
});
export type AccessGroupInput = z.infer<typeof accessGroupInput>;

export const accessGroupRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    description: z.string(),
    default_group: z.boolean(),
    schedule_id: z.number().int().nullable(),
    /** devices that serve the group */
    devices_count: z.number().int(),
    /** profiles (badge holders) in the group */
    profiles_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type AccessGroupRecord = z.infer<typeof accessGroupRecord>;

export const groupDevice = z.object({
    id: z.number().int(),
    description: z.string(),
    hardware_id: z.string(),
    status: z.enum(DEVICE_STATUSES),
});
export type GroupDevice = z.infer<typeof groupDevice>;

/** GET /access_groups/{agid}/embedded: the group, its devices, and a page of its members with their badges. */
export const accessGroupEmbedded = accessGroupRecord.extend({
    devices: z.array(groupDevice),
    profiles: z.array(memberProfile),
});
export type AccessGroupEmbedded = z.infer<typeof accessGroupEmbedded>;

/** POST /access_groups/{id}/devices and /profiles: members to add (each of the group's account). */
export const groupDevicesInput = z.object({
    device_ids: z.array(z.number().int().positive()).min(1, { error: 'Choose at least one device' }).max(1000),
});
export const groupProfilesInput = z.object({
    profile_ids: z.array(z.number().int().positive()).min(1, { error: 'Choose at least one profile' }).max(1000),
});
