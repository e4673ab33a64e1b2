/**
 * The account settings of SPEC 3 "image retention policy" (event images) and
 * "security event retention policy": account options whose value is a whole
 * number of days as text. Absent (or not a number in range), the default
 * applies. The retention job removes event images, then whole events, older
 * than that; an event whose image went shows 'Image not displayed due to
 * retention policy.' (SPEC 8.3).
 */
export const EVENT_RETENTION_OPTIONS = {
    eventImagesDays: 'ret/event_images_days',
    eventsDays: 'ret/events_days',
} as const;
export type EventRetentionSetting = keyof typeof EVENT_RETENTION_OPTIONS;

export const EVENT_RETENTION_DEFAULT_DAYS: Record<EventRetentionSetting, number> = { eventImagesDays: 90, eventsDays: 365 };
export const EVENT_RETENTION_MAX_DAYS = 3650;

/** The days an account keeps this, from its options; the platform's defaults (Settings) when it set nothing. */
export const retentionDays = (
    options: readonly { name: string; value: string }[] | undefined,
    setting: EventRetentionSetting,
    defaults: Record<EventRetentionSetting, number> = EVENT_RETENTION_DEFAULT_DAYS,
): number => {
    const value = options?.find(o => o.name === EVENT_RETENTION_OPTIONS[setting])?.value;
    const days = Number(value);
    return value !== undefined && value.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= EVENT_RETENTION_MAX_DAYS
        ? days
        : defaults[setting];
};
