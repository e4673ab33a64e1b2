import { useState } from 'react';
import { Alert, Box, FormControlLabel, IconButton, InputAdornment, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import { useSettingsScreen, useSettingsText } from './settingsContext';
import { SettingRow } from './SettingRow';

/**
 * The SMTP server. Its address may hold a password, so the server never sends
 * it back: the screen shows where it points, and the input is always empty
 * (left empty, the current server stays). Off: no SMTP server, mail goes to
 * the outbox folder (smtp_url: null).
 */
export const SmtpSetting = () => {
    const translate = useTranslate();
    const { settings, form, change, errorOf } = useSettingsScreen();
    const { errorText } = useSettingsText();
    const [shown, setShown] = useState(false);
    const error = errorOf('smtp_url');
    const { smtp } = settings;
    const toggle = translate(shown ? 'settings.smtp.hide' : 'settings.smtp.show');
    return (
        <SettingRow setting="smtp_url">
            <Stack spacing={1}>
                <Box>
                    <Typography variant="subtitle2" component="h3">
                        {translate('settings.fields.smtp_url.label')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {smtp.set ? translate('settings.smtp.current', { address: smtp.shown ?? '' }) : translate('settings.smtp.none')}
                    </Typography>
                </Box>
                <FormControlLabel
                    control={
                        <Switch
                            checked={form.smtpOn}
                            onChange={e => change('smtp_url', f => ({ ...f, smtpOn: e.target.checked, smtpUrl: '' }))}
                        />
                    }
                    label={translate('settings.smtp.use')}
                />
                {form.smtpOn && (
                    <TextField
                        fullWidth
                        size="small"
                        type={shown ? 'text' : 'password'}
                        // never filled by the browser either: this is not the user's own password
                        autoComplete="new-password"
                        label={translate(smtp.set ? 'settings.smtp.newAddress' : 'settings.smtp.address')}
                        value={form.smtpUrl}
                        error={!!error}
                        placeholder="smtps://user:password@mail.example.com"
                        helperText={error ? errorText(error) : translate(smtp.set ? 'settings.smtp.keep' : 'settings.smtp.example')}
                        onChange={e => {
                            const value = e.target.value;
                            change('smtp_url', f => ({ ...f, smtpUrl: value }));
                        }}
                        slotProps={{
                            htmlInput: { spellCheck: false },
                            input: {
                                endAdornment: (
                                    <InputAdornment position="end">
                                        <Tooltip title={toggle}>
                                            <IconButton size="small" edge="end" aria-label={toggle} onClick={() => setShown(s => !s)}>
                                                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                                            </IconButton>
                                        </Tooltip>
                                    </InputAdornment>
                                ),
                            },
                        }}
                    />
                )}
                {!form.smtpOn && smtp.set && (
                    <Alert severity="warning" variant="outlined">
                        {translate('settings.smtp.turnOff')}
                    </Alert>
                )}
                {!form.smtpOn && !smtp.set && error && (
                    <Typography variant="caption" color="error">
                        {errorText(error)}
                    </Typography>
                )}
            </Stack>
        </SettingRow>
    );
};
