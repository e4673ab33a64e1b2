import { createContext, useContext } from 'react';
import { useTranslate } from 'react-admin';
import { SETTINGS_MESSAGES, type PlatformSettings, type SettingKey } from '../../../contract/settings';
import { UNIT_SECONDS, bestUnit, type FieldError, type NumericField, type SettingsForm, type Unit } from './settingsForm';

/** What every field of the settings screen reads and changes. */
export interface SettingsScreen {
    settings: PlatformSettings;
    form: SettingsForm;
    change: (key: SettingKey, next: (form: SettingsForm) => SettingsForm) => void;
    /** the field's error: the form's own check, else the server's last 400 */
    errorOf: (key: SettingKey) => FieldError | undefined;
    /** DELETE /system/settings/{key}: the environment's value applies again */
    reset: (key: SettingKey) => Promise<void>;
    /** true while a call is under way */
    busy: boolean;
}

export const SettingsContext = createContext<SettingsScreen | undefined>(undefined);

export const useSettingsScreen = () => {
    const screen = useContext(SettingsContext);
    if (!screen) throw new Error('useSettingsScreen outside the settings screen');
    return screen;
};

const MESSAGE_KEYS = Object.fromEntries(Object.entries(SETTINGS_MESSAGES).map(([k, v]) => [v, k]));

/** Texts of the settings screen: amounts in their units, errors in the user's language. */
export const useSettingsText = () => {
    const translate = useTranslate();
    /** 900 seconds -> '15 minutes'; a count with its unit */
    const amount = (field: NumericField, value: number) => {
        if (!('units' in field)) return translate(`settings.amounts.${field.suffix}`, { smart_count: value });
        const unit: Unit = value === 0 ? field.units[0]! : bestUnit(value, ['seconds', 'minutes', 'hours', 'days']);
        return translate(`settings.amounts.${unit}`, { smart_count: value / UNIT_SECONDS[unit] });
    };
    /** the server's own texts (contract/settings.ts, 'At least 60') in the user's words */
    const serverMessage = (field: NumericField | undefined, message: string) => {
        if (MESSAGE_KEYS[message]) return translate(`settings.errors.${MESSAGE_KEYS[message]}`);
        const bound = /^At (least|most) (\d+)$/.exec(message);
        if (bound && field)
            return translate(bound[1] === 'least' ? 'settings.errors.atLeast' : 'settings.errors.atMost', {
                value: amount(field, Number(bound[2])),
            });
        return message;
    };
    const errorText = (error: FieldError, field?: NumericField) => {
        if (error.kind === 'range')
            return translate('settings.errors.range', { min: amount(error.field, error.min), max: amount(error.field, error.max) });
        if (error.kind === 'server') return serverMessage(field, error.message);
        return translate(`settings.errors.${error.kind}`);
    };
    return { amount, errorText };
};
