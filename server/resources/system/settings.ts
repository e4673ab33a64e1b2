import { eq } from 'drizzle-orm';
import path from 'node:path';
import { SETTING_KEYS, type PlatformSettings, type PlatformSettingsInput, type SettingKey } from '../../../contract/settings';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';
import { createMailer } from '../../mail/mailer';

/**
 * The platform's settings (docs/decisions.md "Backup and restore"): saved in the settings table under one
 * key, each applied over the environment's value in ctx.config, which every
 * feature reads at the moment it needs it. A change reaches the other
 * instances through the realtime channel `platform_settings`.
 */
export const SETTINGS_ROW = 'platform_settings';
export const SETTINGS_CHANNEL = 'platform_settings';

/** Where each setting lives in the configuration. */
const CONFIG_KEY: Record<SettingKey, keyof Config> = {
    public_url: 'publicUrl',
    mail_from: 'mailFrom',
    smtp_url: 'smtpUrl',
    access_token_ttl_seconds: 'accessTokenTtlSeconds',
    refresh_token_ttl_seconds: 'refreshTokenTtlSeconds',
    session_max_seconds: 'sessionMaxSeconds',
    max_failed_logins: 'maxFailedLogins',
    lockout_seconds: 'lockoutSeconds',
    device_heartbeat_seconds: 'deviceHeartbeatSeconds',
    device_offline_seconds: 'deviceOfflineSeconds',
    event_images_default_days: 'eventImagesDefaultDays',
    events_default_days: 'eventsDefaultDays',
    backup_every_hours: 'backupEveryHours',
    backup_keep: 'backupKeep',
    enrollment_invites_per_day: 'enrollmentInvitesPerDay',
};

export type SavedSettings = PlatformSettingsInput;

export const loadSavedSettings = async (db: Db): Promise<SavedSettings> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_ROW));
    return (row?.value ?? {}) as SavedSettings;
};

export const saveSettings = (db: Db, saved: SavedSettings) =>
    db
        .insert(settings)
        .values({ key: SETTINGS_ROW, value: saved })
        .onConflictDoUpdate({ target: settings.key, set: { value: saved, updated_at: new Date() } });

/** The SMTP address without its password, for the screen and the audit log. */
export const shownSmtp = (url: string | undefined | null) => {
    if (!url) return null;
    try {
        const parsed = new URL(url);
        parsed.password = '';
        parsed.search = '';
        return parsed.toString().replace(/\/$/, '');
    } catch {
        return 'smtp://…';
    }
};

/** The settings as the console sees them: the secret shown without its password. */
export const settingsView = (config: Config, saved: SavedSettings): PlatformSettings => {
    const value = (key: SettingKey) => config[CONFIG_KEY[key]];
    const numeric = Object.fromEntries(
        SETTING_KEYS.filter(k => !['public_url', 'mail_from', 'smtp_url'].includes(k)).map(k => [k, value(k) as number]),
    ) as Omit<PlatformSettings, 'public_url' | 'mail_from' | 'smtp' | 'source'>;
    return {
        public_url: config.publicUrl,
        mail_from: config.mailFrom,
        smtp: { set: Boolean(config.smtpUrl), shown: shownSmtp(config.smtpUrl) },
        ...numeric,
        source: Object.fromEntries(SETTING_KEYS.map(k => [k, k in saved ? 'saved' : 'environment'])),
    };
};

/** The saved values as the audit log keeps them: the SMTP password left out. */
export const auditedSettings = (saved: SavedSettings) => ('smtp_url' in saved ? { ...saved, smtp_url: shownSmtp(saved.smtp_url) } : saved);

/**
 * Applies saved settings over the environment's values. When the mail
 * settings change, a new mailer takes over (the old one's connections end).
 */
export const applySettings = (ctx: AppContext, environment: Config, saved: SavedSettings, log?: (line: string) => void) => {
    const mailBefore = [ctx.config.smtpUrl, ctx.config.mailFrom].join('\n');
    const config = ctx.config as unknown as Record<string, unknown>;
    for (const key of SETTING_KEYS) {
        const target = CONFIG_KEY[key];
        const value = key in saved ? saved[key] : environment[target];
        config[target] = key === 'public_url' && typeof value === 'string' ? value.replace(/\/$/, '') : (value ?? undefined);
    }
    if ([ctx.config.smtpUrl, ctx.config.mailFrom].join('\n') === mailBefore) return;
    const previous = ctx.mailer;
    ctx.mailer = createMailer({
        smtpUrl: ctx.config.smtpUrl,
        from: ctx.config.mailFrom,
        outboxDir: path.join(ctx.config.dataDir, 'outbox'),
        log,
    });
    previous.close?.();
};
