import { InputAdornment, MenuItem, Select, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { unitsOffered, type NumericField, type TextSetting, type Unit } from './settingsForm';
import { useSettingsScreen, useSettingsText } from './settingsContext';
import { SettingRow } from './SettingRow';

/** The public address or the sender: text as the server holds it. */
export const TextSettingInput = ({ setting }: { setting: TextSetting }) => {
    const translate = useTranslate();
    const { form, change, errorOf } = useSettingsScreen();
    const { errorText } = useSettingsText();
    const error = errorOf(setting);
    return (
        <SettingRow setting={setting}>
            <TextField
                fullWidth
                size="small"
                label={translate(`settings.fields.${setting}.label`)}
                value={form.text[setting]}
                error={!!error}
                helperText={error ? errorText(error) : translate(`settings.fields.${setting}.help`)}
                onChange={e => {
                    const value = e.target.value;
                    change(setting, f => ({ ...f, text: { ...f.text, [setting]: value } }));
                }}
            />
        </SettingRow>
    );
};

/** A number: a duration in the unit the user picks (sent in seconds), or a count with its unit. */
export const NumericSettingInput = ({ field }: { field: NumericField }) => {
    const translate = useTranslate();
    const { form, change, errorOf } = useSettingsScreen();
    const { errorText } = useSettingsText();
    const label = translate(`settings.fields.${field.key}.label`);
    const error = errorOf(field.key);
    const unit = form.units[field.key] ?? 'seconds';
    const units = 'units' in field ? unitsOffered(field, unit) : [];
    const adornment =
        units.length > 1 ? (
            <Select
                variant="standard"
                disableUnderline
                value={unit}
                inputProps={{ 'aria-label': translate('settings.unitOf', { field: label }) }}
                onChange={e => {
                    const next = e.target.value as Unit;
                    change(field.key, f => ({ ...f, units: { ...f.units, [field.key]: next } }));
                }}
            >
                {units.map(u => (
                    <MenuItem key={u} value={u}>
                        {translate(`settings.units.${u}`)}
                    </MenuItem>
                ))}
            </Select>
        ) : (
            translate('units' in field ? `settings.units.${unit}` : `settings.suffixes.${field.suffix}`)
        );
    return (
        <SettingRow setting={field.key}>
            <TextField
                fullWidth
                size="small"
                label={label}
                value={form.text[field.key]}
                error={!!error}
                helperText={error ? errorText(error, field) : translate(`settings.fields.${field.key}.help`)}
                onChange={e => {
                    const value = e.target.value;
                    change(field.key, f => ({ ...f, text: { ...f.text, [field.key]: value } }));
                }}
                slotProps={{
                    htmlInput: { inputMode: 'units' in field ? 'decimal' : 'numeric' },
                    input: { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> },
                }}
            />
        </SettingRow>
    );
};
