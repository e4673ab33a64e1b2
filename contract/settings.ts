import { z } from 'zod';

/**
 * The platform's settings (SPEC 2.2 /settings, 7.2 /system/settings; issue
 * 11): stored in the database, the environment variables being their first
 * defaults. The SMTP address may hold a password: it is never sent back,
 * only whether it is set and where it points.
 */
export const SETTING_LIMITS = {
    access_token_ttl_seconds: [60, 86_400],
    refresh_token_ttl_seconds: [300, 365 * 86_400],
    session_max_seconds: [300, 365 * 86_400],
    max_failed_logins: [1, 100],
    lockout_seconds: [0, 86_400],
    device_heartbeat_seconds: [1, 3_600],
    device_offline_seconds: [3, 86_400],
    event_images_default_days: [1, 3650],
    events_default_days: [1, 3650],
    backup_every_hours: [0, 24 * 30],
    backup_keep: [1, 365],
    /** web enrollment invitations one account may send a day (UTC), resends included (docs/decisions.md) */
    enrollment_invites_per_day: [1, 1_000_000],
} as const;
export type NumericSetting = keyof typeof SETTING_LIMITS;

const numeric = (key: NumericSetting) =>
    z
        .number()
        .int()
        .min(SETTING_LIMITS[key][0], { error: `At least ${SETTING_LIMITS[key][0]}` })
        .max(SETTING_LIMITS[key][1], { error: `At most ${SETTING_LIMITS[key][1]}` });

const numericShape = Object.fromEntries((Object.keys(SETTING_LIMITS) as NumericSetting[]).map(k => [k, numeric(k)])) as {
    [K in NumericSetting]: ReturnType<typeof numeric>;
};

export const SETTINGS_MESSAGES = {
    publicUrl: 'Enter the address users open, e.g. https://console.example.com',
    smtpUrl: 'Enter an smtp:// or smtps:// address, e.g. smtps://user:password@mail.example.com',
    mailFrom: 'Enter a sender, e.g. Access Console <no-reply@example.com>',
    offlineAfterHeartbeat: 'A reader must be allowed more than one heartbeat before it counts as offline',
} as const;

export const platformSettingsInput = z
    .object({
        public_url: z
            .string()
            .max(500)
            .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: SETTINGS_MESSAGES.publicUrl }),
        mail_from: z.string().min(3).max(200).regex(/@/, { error: SETTINGS_MESSAGES.mailFrom }),
        /** null: no SMTP (mail goes to the outbox folder); absent: unchanged */
        smtp_url: z
            .string()
            .max(1000)
            .regex(/^smtps?:\/\/[^\s]+$/, { error: SETTINGS_MESSAGES.smtpUrl })
            .nullable(),
        ...numericShape,
    })
    .partial()
    .strict();
export type PlatformSettingsInput = z.infer<typeof platformSettingsInput>;

export const SETTING_KEYS = ['public_url', 'mail_from', 'smtp_url', ...(Object.keys(SETTING_LIMITS) as NumericSetting[])] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const platformSettings = z.object({
    public_url: z.string(),
    mail_from: z.string(),
    smtp: z.object({
        set: z.boolean(),
        /** the address without its password: smtps://user@mail.example.com:465 */
        shown: z.string().nullable(),
    }),
    ...numericShape,
    /** where each value comes from: saved here, or the environment's default */
    source: z.record(z.string(), z.enum(['saved', 'environment'])),
});
export type PlatformSettings = z.infer<typeof platformSettings>;
