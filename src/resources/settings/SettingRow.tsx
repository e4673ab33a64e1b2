import type { ReactNode } from 'react';
import { Box, Button, Chip, Stack, Tooltip } from '@mui/material';
import SettingsBackupRestore from '@mui/icons-material/SettingsBackupRestore';
import { useTranslate } from 'react-admin';
import type { SettingKey } from '../../../contract/settings';
import { useSettingsScreen } from './settingsContext';

/** Where a setting's value comes from, and the way back to the environment's value when it is saved here. */
const Source = ({ setting, label }: { setting: SettingKey; label: string }) => {
    const translate = useTranslate();
    const { settings, reset, busy } = useSettingsScreen();
    const saved = settings.source[setting] === 'saved';
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40, flexWrap: 'wrap' }}>
            <Chip
                size="small"
                variant="outlined"
                color={saved ? 'primary' : 'default'}
                label={translate(saved ? 'settings.source.saved' : 'settings.source.environment')}
            />
            {saved && (
                <Tooltip title={translate('settings.source.resetTitle')}>
                    <Button
                        size="small"
                        startIcon={<SettingsBackupRestore />}
                        disabled={busy}
                        aria-label={`${translate('settings.source.reset')}: ${label}`}
                        onClick={() => void reset(setting)}
                    >
                        {translate('settings.source.reset')}
                    </Button>
                </Tooltip>
            )}
        </Stack>
    );
};

/** One setting: its input, then where its value comes from. A group named by the setting, for screen readers and tests. */
export const SettingRow = ({ setting, children }: { setting: SettingKey; children: ReactNode }) => {
    const translate = useTranslate();
    const label = translate(`settings.fields.${setting}.label`);
    return (
        <Box
            role="group"
            aria-label={label}
            sx={{ display: 'flex', columnGap: 2, rowGap: 0.5, alignItems: 'flex-start', flexWrap: 'wrap', py: 1 }}
        >
            <Box sx={{ width: { xs: '100%', sm: 440 } }}>{children}</Box>
            <Source setting={setting} label={label} />
        </Box>
    );
};
