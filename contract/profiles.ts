import { z } from 'zod';

/**
 * Profiles and their badges (SPEC 3 Profile, 4.7, 5): the people readers
 * recognise, by face, badge or both. Badges are checked against their card
 * format with contract/card-formats.ts (the number and facility code must
 * fit the format's fields).
 */
/** How a consent was given: signed on the enrollment page, on paper and uploaded by staff, or at a reader. */
export const CONSENT_METHODS = ['web', 'paper', 'reader'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const PROFILE_STATUSES = ['active', 'enrollment', 'inactive'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export const BADGE_STATUSES = ['active', 'enrollment'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/** SPEC 5 'Profile': required fields. */
export const PROFILE_MESSAGES = {
    badgeNumberRequired: 'Badge number is required',
    facilityCodeRequired: 'Facility code is required',
    cardFormatRequired: 'Card format is required',
    accessGroupRequired: 'At least one access group is required',
} as const;

const wholeNumber = (required: string) =>
    z
        .number({ error: required })
        .int({ error: 'Must be a whole number' })
        .min(0, { error: 'Must be a whole number' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'Must be a whole number' });

/**
 * A badge as staff enter it. The facility code is required when the format
 * has one (SPEC 5); whether the values fit the format is checked by the
 * server with the card-format codec.
 */
export const badgeInput = z.object({
    badge_number: wholeNumber(PROFILE_MESSAGES.badgeNumberRequired),
    card_format_id: z.number({ error: PROFILE_MESSAGES.cardFormatRequired }).int().positive({ error: PROFILE_MESSAGES.cardFormatRequired }),
    facility_code: wholeNumber(PROFILE_MESSAGES.facilityCodeRequired).nullish(),
});
export type BadgeInput = z.infer<typeof badgeInput>;

const groupIds = z
    .array(z.number().int().positive(), { error: PROFILE_MESSAGES.accessGroupRequired })
    .min(1, { error: PROFILE_MESSAGES.accessGroupRequired })
    .max(500);

const profileFields = {
    acs_id: z.string().trim().max(100, { error: 'Maximum 100 characters' }).nullish(),
    status: z.enum(PROFILE_STATUSES).optional(),
    enabled: z.boolean().optional(),
    /** after this moment readers no longer let the profile through */
    expires_at: z.iso.datetime({ offset: true }).nullish(),
};

/** POST /profiles: at least one access group (SPEC 5), badges optional (a face-only profile has none). */
export const profileCreateInput = z.object({
    ...profileFields,
    access_group_ids: groupIds,
    badges: z.array(badgeInput).max(20).optional(),
});
export type ProfileCreateInput = z.infer<typeof profileCreateInput>;

/** PUT /profiles/{id}: the fields given are set; access_group_ids, when given, replaces the groups. Badges change through /access and /card. */
export const profileUpdateInput = z.object({ ...profileFields, access_group_ids: groupIds.optional() });
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

/** POST /profiles/{id}/access (SPEC 7.2): into a group, with a new badge when `card` is given. */
export const profileAccessInput = z.object({
    access_group_id: z.number({ error: PROFILE_MESSAGES.accessGroupRequired }).int().positive(),
    card: badgeInput.optional(),
});

/** DELETE /profiles/{id}/access (SPEC 7.2): out of a group, and/or one badge removed. */
export const profileAccessRemoval = z
    .object({
        access_group_id: z.number().int().positive().optional(),
        card_id: z.number().int().positive().optional(),
    })
    .refine(b => b.access_group_id !== undefined || b.card_id !== undefined, { error: 'Give an access group or a card to remove' });

export const badgeRecord = z.object({
    id: z.number().int(),
    profile_id: z.number().int(),
    badge_number: z.number().int(),
    facility_code: z.number().int().nullable(),
    card_format_id: z.number().int(),
    card_format_name: z.string(),
    /** the format's number of bits */
    card_length: z.number().int(),
    status: z.enum(BADGE_STATUSES),
    enabled: z.boolean(),
    created_at: z.string(),
    /** in the adaptive two-factor list: readers ask for face and badge together */
    adaptive: z.boolean(),
    /** in the exclusion list: its profile never expires */
    excluded: z.boolean(),
});
export type BadgeRecord = z.infer<typeof badgeRecord>;

/** A profile as a group's member list shows it. */
export const memberProfile = z.object({
    id: z.number().int(),
    acs_id: z.string().nullable(),
    status: z.enum(PROFILE_STATUSES),
    enabled: z.boolean(),
    expires_at: z.string().nullable(),
    /** a visitor's profile: it expires at midnight (contract/cards.ts) */
    visitor: z.boolean(),
    badges: z.array(badgeRecord),
});
export type MemberProfile = z.infer<typeof memberProfile>;

const groupRef = z.object({ id: z.number().int(), description: z.string(), default_group: z.boolean() });

/** A profile as the API returns it (SPEC 3 Profile). */
export const profileRecord = memberProfile.extend({
    account_id: z.number().int(),
    access_groups: z.array(groupRef),
    access_group_ids: z.array(z.number().int()),
    created_at: z.string(),
    updated_at: z.string(),
    last_activity_at: z.string().nullable(),
    /** event and timestamp are null when the event is gone (retention) */
    last_event: z.object({ id: z.number().int(), event: z.string().nullable(), timestamp: z.string().nullable() }).nullable(),
    /** description is null when the device was deleted ('Device deleted') */
    last_device: z.object({ id: z.number().int(), description: z.string().nullable() }).nullable(),
    /** the consent record (SPEC 2.2 /consented); document: a signed PDF can be downloaded */
    consent: z
        .object({
            accepted_at: z.string(),
            method: z.enum(CONSENT_METHODS),
            document_version: z.string().nullable(),
            document: z.boolean(),
        })
        .nullable(),
});
export type ProfileRecord = z.infer<typeof profileRecord>;

/** GET /profiles/{id}/access: the profile's groups and cards. */
export const profileAccess = z.object({ access_groups: z.array(groupRef), cards: z.array(badgeRecord) });
export type ProfileAccess = z.infer<typeof profileAccess>;

/** GET /profiles/aggregate/status (the dashboard's profile tile). */
export const profileStatusAggregate = z.object({
    total: z.number().int(),
    active: z.number().int(),
    enrollment: z.number().int(),
    inactive: z.number().int(),
    disabled: z.number().int(),
    visitors: z.number().int(),
    consented: z.number().int(),
});
export type ProfileStatusAggregate = z.infer<typeof profileStatusAggregate>;
