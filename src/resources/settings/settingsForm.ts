import {
    platformSettingsInput,
    SETTING_LIMITS,
    SETTINGS_MESSAGES,
    type NumericSetting,
    type PlatformSettings,
    type PlatformSettingsInput,
    type SettingKey,
} from '../../../contract/settings';

/**
 * The settings screen's form: what the user typed, in the units that read
 * best, turned back into the API's values (seconds for durations). Only what
 * differs from the server's reply is sent.
 */
export type Unit = 'seconds' | 'minutes' | 'hours' | 'days';
export const UNIT_SECONDS: Record<Unit, number> = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400 };

export type TextSetting = 'public_url' | 'mail_from';

/** A duration the API holds in seconds, typed in one of `units`; or a plain count with its `suffix` (an i18n key). */
export type NumericField = { key: NumericSetting; units: readonly Unit[] } | { key: NumericSetting; suffix: string };
export type FieldSpec = { key: TextSetting } | { key: 'smtp_url' } | NumericField;

export const SECTIONS: readonly { key: string; fields: readonly FieldSpec[] }[] = [
    { key: 'mail', fields: [{ key: 'public_url' }, { key: 'mail_from' }, { key: 'smtp_url' }] },
    {
        key: 'signIn',
        fields: [
            { key: 'access_token_ttl_seconds', units: ['minutes', 'hours'] },
            { key: 'refresh_token_ttl_seconds', units: ['hours', 'days'] },
            { key: 'session_max_seconds', units: ['hours', 'days'] },
            { key: 'max_failed_logins', suffix: 'attempts' },
            { key: 'lockout_seconds', units: ['minutes', 'hours'] },
        ],
    },
    {
        key: 'readers',
        fields: [
            { key: 'device_heartbeat_seconds', units: ['seconds'] },
            { key: 'device_offline_seconds', units: ['seconds', 'minutes'] },
        ],
    },
    {
        key: 'retention',
        fields: [
            { key: 'event_images_default_days', suffix: 'days' },
            { key: 'events_default_days', suffix: 'days' },
        ],
    },
    {
        key: 'backups',
        fields: [
            { key: 'backup_every_hours', suffix: 'hours' },
            { key: 'backup_keep', suffix: 'backups' },
        ],
    },
    { key: 'enrollment', fields: [{ key: 'enrollment_invites_per_day', suffix: 'invitations' }] },
];

export const NUMERIC_FIELDS = SECTIONS.flatMap(s => s.fields).filter((f): f is NumericField => 'units' in f || 'suffix' in f);

/** What the form holds: the text of each input, the unit of each duration, the SMTP choice. */
export interface SettingsForm {
    text: Record<TextSetting | NumericSetting, string>;
    units: Partial<Record<NumericSetting, Unit>>;
    /** send mail through an SMTP server (off: to the outbox folder) */
    smtpOn: boolean;
    /** a new SMTP address; empty keeps the current one. Never filled from the server. */
    smtpUrl: string;
}

/** The largest of the field's units the value is a whole number of; seconds when none is. */
export const bestUnit = (seconds: number, units: readonly Unit[]): Unit => {
    const fits = [...units].reverse().find(u => seconds % UNIT_SECONDS[u] === 0);
    return fits ?? 'seconds';
};

/** The units a duration field offers: its own, with seconds first when its value needs them. */
export const unitsOffered = (field: { units: readonly Unit[] }, current: Unit): readonly Unit[] =>
    field.units.includes(current) ? field.units : [current, ...field.units];

/** The form of one numeric setting as the server holds it. */
export const numericEntry = (field: NumericField, value: number): { text: string; unit?: Unit } => {
    if (!('units' in field)) return { text: String(value) };
    const unit = bestUnit(value, field.units);
    return { text: String(value / UNIT_SECONDS[unit]), unit };
};

export const formOf = (settings: PlatformSettings): SettingsForm =>
    NUMERIC_FIELDS.reduce((form, field) => resetField(form, settings, field.key), {
        text: { public_url: settings.public_url, mail_from: settings.mail_from } as SettingsForm['text'],
        units: {},
        smtpOn: settings.smtp.set,
        smtpUrl: '',
    } as SettingsForm);

/** The form with the field `key` set back to the server's value (the others are kept). */
export const resetField = (form: SettingsForm, settings: PlatformSettings, key: SettingKey): SettingsForm => {
    if (key === 'smtp_url') return { ...form, smtpOn: settings.smtp.set, smtpUrl: '' };
    if (key === 'public_url' || key === 'mail_from') return { ...form, text: { ...form.text, [key]: settings[key] } };
    const field = NUMERIC_FIELDS.find(f => f.key === key)!;
    const entry = numericEntry(field, settings[key]);
    return {
        ...form,
        text: { ...form.text, [key]: entry.text },
        units: entry.unit ? { ...form.units, [key]: entry.unit } : form.units,
    };
};

/** The value a numeric input stands for, in the API's unit; undefined when it is not a number. */
export const numericValue = (form: SettingsForm, field: NumericField): number | undefined => {
    const text = form.text[field.key].trim();
    if ('units' in field) {
        if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
        return Math.round(Number(text) * UNIT_SECONDS[form.units[field.key] ?? 'seconds']);
    }
    return /^\d+$/.test(text) ? Number(text) : undefined;
};

export type FieldError =
    | { kind: 'number' | 'wholeNumber' | 'smtpRequired' }
    | { kind: 'range'; field: NumericField; min: number; max: number }
    | { kind: 'server'; message: string };

/** What is wrong with the changed fields, before anything is sent (a value the server holds is its own business). */
export const formErrors = (form: SettingsForm, settings: PlatformSettings): Partial<Record<SettingKey, FieldError>> => {
    const errors: Partial<Record<SettingKey, FieldError>> = {};
    for (const field of NUMERIC_FIELDS) {
        const value = numericValue(form, field);
        const [min, max] = SETTING_LIMITS[field.key];
        if (value === undefined) errors[field.key] = { kind: 'units' in field ? 'number' : 'wholeNumber' };
        else if (value !== settings[field.key] && (value < min || value > max)) errors[field.key] = { kind: 'range', field, min, max };
    }
    for (const key of ['public_url', 'mail_from'] as const) {
        const text = form.text[key].trim();
        if (text === settings[key]) continue;
        const checked = platformSettingsInput.shape[key].safeParse(text);
        if (!checked.success) errors[key] = { kind: 'server', message: checked.error.issues[0]?.message ?? '' };
    }
    if (form.smtpOn && form.smtpUrl.trim()) {
        const checked = platformSettingsInput.shape.smtp_url.safeParse(form.smtpUrl.trim());
        if (!checked.success) errors.smtp_url = { kind: 'server', message: checked.error.issues[0]?.message ?? '' };
    } else if (form.smtpOn && !settings.smtp.set) errors.smtp_url = { kind: 'smtpRequired' };
    const heartbeat = NUMERIC_FIELDS.find(f => f.key === 'device_heartbeat_seconds')!;
    const offline = NUMERIC_FIELDS.find(f => f.key === 'device_offline_seconds')!;
    const [beat, silent] = [numericValue(form, heartbeat), numericValue(form, offline)];
    const changed = beat !== settings.device_heartbeat_seconds || silent !== settings.device_offline_seconds;
    if (changed && !errors.device_offline_seconds && beat !== undefined && silent !== undefined && silent <= beat)
        errors.device_offline_seconds = { kind: 'server', message: SETTINGS_MESSAGES.offlineAfterHeartbeat };
    return errors;
};

/** What the form changes, as PUT /system/settings takes it: only the fields that differ, durations in seconds. */
export const changesOf = (form: SettingsForm, settings: PlatformSettings): PlatformSettingsInput => {
    const changes: PlatformSettingsInput = {};
    for (const key of ['public_url', 'mail_from'] as const) {
        const text = form.text[key].trim();
        if (text !== settings[key]) changes[key] = text;
    }
    if (!form.smtpOn && settings.smtp.set) changes.smtp_url = null;
    else if (form.smtpOn && form.smtpUrl.trim()) changes.smtp_url = form.smtpUrl.trim();
    for (const field of NUMERIC_FIELDS) {
        const value = numericValue(form, field);
        if (value !== undefined && value !== settings[field.key]) changes[field.key] = value;
    }
    return changes;
};
