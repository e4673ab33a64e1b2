import { z } from 'zod';
import { badgeInput } from './profiles';
import { ACCOUNT_OPTIONS } from './session';

/**
 * The badge lists of the Profiles group (SPEC 2.2, 4.7, 6.2): opt-out,
 * adaptive two-factor, exclusion, and visitor ranges. A listed badge is
 * named by card format, facility code and number, like a badge of a profile.
 */
export const CARD_LISTS = ['opt_out', 'adaptive', 'exclusion'] as const;
export type CardList = (typeof CARD_LISTS)[number];

export { CONSENT_METHODS, type ConsentMethod } from './profiles';

/** Why a profile went (the ProfileDeleted event's deletion_cause, SPEC 3 Event profiles[]). */
export const DELETION_CAUSES = ['opt_out', 'expired', 'visitor_expired', 'deleted'] as const;
export type DeletionCause = (typeof DELETION_CAUSES)[number];

/** The refusals of the lists, word for word in the console and the API. */
export const CARD_MESSAGES = {
    optedOut: 'This badge is in the bio opt-out list: its holder refuses biometric enrollment.',
    alreadyListed: 'This badge is already in the list.',
    // SPEC 4.7: a badge already in the opt-out or visitor list is not added to the exclusion list.
    exclusionOptedOut: 'This badge is in the bio opt-out list and cannot be added to the exclusion list.',
    exclusionVisitor: 'This badge is a visitor badge and cannot be added to the exclusion list.',
    adaptiveOptedOut: 'This badge is in the bio opt-out list: its holder has no face to check with the badge.',
    notInRange: 'This badge is not in a visitor range of its card format.',
    rangeOrder: 'The last number must not be below the first number',
    firstRequired: 'First number is required',
    lastRequired: 'Last number is required',
} as const;
export const OPT_OUT_OFF = 'Bio opt-out is off for this account: turn on its option acs/opt_out_enabled first.';

/** A badge as the lists take it: the same fields and checks as a badge of a profile. */
export const listedCardInput = badgeInput;
export type ListedCardInput = z.infer<typeof listedCardInput>;

export const listedCard = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    list: z.enum(CARD_LISTS),
    badge_number: z.number().int(),
    facility_code: z.number().int().nullable(),
    card_format_id: z.number().int(),
    card_format_name: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    /** the profile that holds this badge now, if any */
    profile: z.object({ id: z.number().int(), acs_id: z.string().nullable() }).nullable(),
});
export type ListedCard = z.infer<typeof listedCard>;

/** POST /cards/adaptive/bulk: badges added and entries removed in one call. */
export const adaptiveBulkInput = z
    .object({
        add: z.array(listedCardInput).max(1000).default([]),
        remove: z.array(z.number().int().positive()).max(1000).default([]),
    })
    .refine(b => b.add.length + b.remove.length > 0, { error: 'Give badges to add or entries to remove' });

/** One refused line of a CSV import or one refused badge of a bulk call. */
export const refusedLine = z.object({ line: z.number().int(), reason: z.string() });
export type RefusedLine = z.infer<typeof refusedLine>;

/** POST /opt_out/csv: what the import did. */
export const optOutImportResult = z.object({
    lines: z.number().int(),
    added: z.number().int(),
    already: z.number().int(),
    profiles_deleted: z.number().int(),
    refused: z.array(refusedLine),
    /** refusals beyond the ones listed */
    refused_more: z.number().int(),
});
export type OptOutImportResult = z.infer<typeof optOutImportResult>;
/** The refusals listed in a reply; the rest are counted. */
export const REFUSED_LISTED_MAX = 1000;

export const OPT_OUT_CSV_COLUMNS = ['badge_number', 'facility_code', 'card_format'] as const;

// ---- visitors ----

const rangeNumber = (required: string) =>
    z
        .number({ error: required })
        .int({ error: 'Must be a whole number' })
        .min(0, { error: 'Must be a whole number' })
        .max(Number.MAX_SAFE_INTEGER, { error: 'Must be a whole number' });

/** PATCH /cards/visitors/range: the visitor range of a card format and facility code, set or replaced (SPEC 5: first and last required). */
export const visitorRangeInput = z
    .object({
        card_format_id: badgeInput.shape.card_format_id,
        facility_code: badgeInput.shape.facility_code,
        first_number: rangeNumber(CARD_MESSAGES.firstRequired),
        last_number: rangeNumber(CARD_MESSAGES.lastRequired),
    })
    .refine(r => r.last_number >= r.first_number, { error: CARD_MESSAGES.rangeOrder, path: ['last_number'] });
export type VisitorRangeInput = z.infer<typeof visitorRangeInput>;

export const visitorRange = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    card_format_id: z.number().int(),
    card_format_name: z.string(),
    facility_code: z.number().int().nullable(),
    first_number: z.number().int(),
    last_number: z.number().int(),
    /** visitor profiles holding a badge of the range now */
    visitors: z.number().int(),
    updated_at: z.string(),
});
export type VisitorRange = z.infer<typeof visitorRange>;

/** POST /cards/visitors: a visitor's badge, from a range, and the groups it opens; the profile expires at midnight. */
export const visitorInput = badgeInput.extend({
    acs_id: z.string().trim().max(100, { error: 'Maximum 100 characters' }).nullish(),
    access_group_ids: z.array(z.number().int().positive()).max(500).optional(),
});
export type VisitorInput = z.infer<typeof visitorInput>;

/** A visitor's badge as GET /cards/visitors lists it. */
export const visitorRecord = z.object({
    id: z.number().int(),
    profile_id: z.number().int(),
    acs_id: z.string().nullable(),
    account_id: z.number().int(),
    badge_number: z.number().int(),
    facility_code: z.number().int().nullable(),
    card_format_id: z.number().int(),
    card_format_name: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
});
export type VisitorRecord = z.infer<typeof visitorRecord>;

/** A badge of the account with its holder (GET /cards, /cards/autocomplete: the badge picker). */
export const accountBadge = z.object({
    id: z.number().int(),
    profile_id: z.number().int(),
    acs_id: z.string().nullable(),
    visitor: z.boolean(),
    account_id: z.number().int(),
    badge_number: z.number().int(),
    facility_code: z.number().int().nullable(),
    card_format_id: z.number().int(),
    card_format_name: z.string(),
    status: z.enum(['active', 'enrollment']),
    enabled: z.boolean(),
});
export type AccountBadge = z.infer<typeof accountBadge>;
/** Hits of the badge picker (SPEC 9 picker debounce applies in the console). */
export const BADGE_AUTOCOMPLETE_MAX = 20;

// ---- profile expiration and image retention (account options, SPEC 3) ----

/**
 * The account options of the profile expiration policy and of the
 * enrollment image retention. `prp/profiles` is 'never' or a whole number
 * of days without activity after which a profile is deleted; `prp/timezone`
 * is the IANA zone whose midnight ends visits; `ret/enrollment_images` is
 * 'all', 'none' or a number of days.
 */
export const PROFILE_POLICY_OPTIONS = {
    profiles: ACCOUNT_OPTIONS.profileRetention,
    timeZone: 'prp/timezone',
    enrollmentImages: 'ret/enrollment_images',
} as const;
export const PROFILE_INACTIVITY_MAX_DAYS = 3650;
export const DEFAULT_TIME_ZONE = 'UTC';

type Options = readonly { name: string; value: string }[] | undefined;
const option = (options: Options, name: string) => options?.find(o => o.name === name)?.value?.trim();
const days = (value: string | undefined) => {
    const n = Number(value);
    return value && /^\d+$/.test(value) && n >= 1 && n <= PROFILE_INACTIVITY_MAX_DAYS ? n : null;
};

export const isTimeZone = (zone: string) => {
    try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return zone.length > 0;
    } catch {
        return false;
    }
};

/** Days without activity before a profile is deleted; null: never (the default). */
export const profileInactivityDays = (options: Options): number | null => days(option(options, PROFILE_POLICY_OPTIONS.profiles));

export const accountTimeZone = (options: Options): string => {
    const zone = option(options, PROFILE_POLICY_OPTIONS.timeZone);
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
};

export type EnrollmentImagePolicy = { keep: 'all' } | { keep: 'none' } | { keep: 'days'; days: number };
export const enrollmentImagePolicy = (options: Options): EnrollmentImagePolicy => {
    const value = option(options, PROFILE_POLICY_OPTIONS.enrollmentImages);
    if (value === 'none') return { keep: 'none' };
    const n = days(value);
    return n ? { keep: 'days', days: n } : { keep: 'all' };
};

/** Which values these options take: the account options route refuses others (they used to be free text nothing read). */
export const optionValueError = (name: string, value: string): string | null => {
    const v = value.trim();
    if (name === ACCOUNT_OPTIONS.optOutEnabled) return v === 'true' || v === 'false' ? null : "'true' or 'false'";
    if (name === PROFILE_POLICY_OPTIONS.profiles)
        return v === 'never' || days(v) ? null : `'never' or a whole number of days from 1 to ${PROFILE_INACTIVITY_MAX_DAYS}`;
    if (name === PROFILE_POLICY_OPTIONS.timeZone) return isTimeZone(v) ? null : 'An IANA time zone, such as Europe/Paris';
    if (name === PROFILE_POLICY_OPTIONS.enrollmentImages)
        return v === 'all' || v === 'none' || days(v)
            ? null
            : `'all', 'none' or a whole number of days from 1 to ${PROFILE_INACTIVITY_MAX_DAYS}`;
    return null;
};

/** GET /profiles/expiration_time: the account's policy and when today's visits end. */
export const expirationTime = z.object({
    time_zone: z.string(),
    inactivity_days: z.number().int().nullable(),
    /** the next midnight of the account's time zone: visitor profiles made now expire then */
    visitor_expiry: z.string(),
    exclusions: z.number().int(),
});
export type ExpirationTime = z.infer<typeof expirationTime>;

/** The wall-clock parts of an instant in a time zone. */
const partsIn = (instant: Date, zone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
    }).formatToParts(instant);
    const get = (type: string) => Number(parts.find(p => p.type === type)!.value);
    return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
};

/** The zone's offset from UTC at an instant, in milliseconds. */
const offsetAt = (instant: Date, zone: string) => {
    const p = partsIn(instant, zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
};

/**
 * The first instant of the next day in the zone after `now`: where the day
 * starts at 00:00 that instant, where a daylight-saving change skips
 * midnight the first time the new day shows.
 */
export const nextMidnight = (now: Date, zone: string): Date => {
    const today = partsIn(now, zone);
    const wall = Date.UTC(today.year, today.month - 1, today.day + 1);
    // the wall time minus the offset, corrected once for an offset that changes in between
    let guess = wall - offsetAt(new Date(wall), zone);
    guess = wall - offsetAt(new Date(guess), zone);
    // midnight skipped (a gap): the new day starts at the gap's end, the first instant whose date is the next day
    const shown = partsIn(new Date(guess), zone);
    if (Date.UTC(shown.year, shown.month - 1, shown.day) < wall) guess += 3600_000 - (shown.minute * 60 + shown.second) * 1000;
    return new Date(guess);
};
