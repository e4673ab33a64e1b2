import { useState } from 'react';
import { Alert, Box, Button as MuiButton, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import { Button, useGetOne, useTranslate } from 'react-admin';
import { TEMP_ENROLLMENT_DEFAULT_MINUTES, TEMP_ENROLLMENT_MAX_MINUTES } from '../../../../contract/devices';
import { formatDate } from '../../../i18n/format';
import { useQuickView } from '../../../components/quickView';
import { useDeviceNotices } from '../deviceNotices';
import { isApproved, type Device } from '../types';
import { useDeviceAction } from '../useDeviceCall';

/** Durations offered, in minutes, up to the server's maximum. */
export const TEMP_ENROLLMENT_DURATIONS = [15, 30, 60, 120, 240, 480, TEMP_ENROLLMENT_MAX_MINUTES];

const useDurationLabel = () => {
    const translate = useTranslate();
    return (minutes: number) =>
        minutes < 60
            ? translate('resources.devices.tempEnrollment.minutes', { smart_count: minutes })
            : translate('resources.devices.tempEnrollment.hours', { smart_count: minutes / 60 });
};

/**
 * Temporary enrollment (SPEC 4.6): for a while the reader enrolls the faces it
 * sees instead of checking them, then goes back to its role by itself. Shows
 * until when it is on, and whether the reader has switched.
 */
export const TempEnrollmentForm = ({ id }: { id: number }) => {
    const translate = useTranslate();
    const durationLabel = useDurationLabel();
    const notices = useDeviceNotices();
    const act = useDeviceAction();
    const { data: device } = useGetOne<Device>('devices', { id }, { refetchInterval: 5000 });
    const [minutes, setMinutes] = useState(TEMP_ENROLLMENT_DEFAULT_MINUTES);
    const [busy, setBusy] = useState(false);
    if (!device) return <LinearProgress />;
    const toggle = async (on: boolean) => {
        setBusy(true);
        try {
            const after = await act<Device>(
                device.id,
                'temp_enrollment',
                on ? { toggle_on: true, duration_minutes: minutes } : { toggle_on: false },
            );
            if (on)
                notices.success(translate('resources.devices.tempEnrollment.onDone', { until: formatDate(after.temp_enrollment.until) }));
            else notices.success(translate('resources.devices.tempEnrollment.offDone'));
        } catch (e) {
            notices.failed('resources.devices.tempEnrollment.failed', e);
        } finally {
            setBusy(false);
        }
    };
    const on = device.temp_enrollment.on;
    return (
        <Box sx={{ p: 2 }} aria-label={translate('resources.devices.tempEnrollment.title')} role="region">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('resources.devices.tempEnrollment.help')}
            </Typography>
            {!isApproved(device) ? (
                <Alert severity="info">{translate('resources.devices.tempEnrollment.notApproved')}</Alert>
            ) : (
                <Stack spacing={2}>
                    <Alert severity={on ? 'warning' : 'info'} icon={<PersonAddAlt />}>
                        {on
                            ? translate('resources.devices.tempEnrollment.onUntil', { until: formatDate(device.temp_enrollment.until) })
                            : translate('resources.devices.tempEnrollment.off')}
                        {on && (
                            <Typography variant="body2" sx={{ mt: 0.5 }}>
                                {translate(
                                    device.device_mode === 'enrollment'
                                        ? 'resources.devices.tempEnrollment.readerSwitched'
                                        : 'resources.devices.tempEnrollment.readerNotYet',
                                )}
                            </Typography>
                        )}
                    </Alert>
                    <TextField
                        select
                        label={translate('resources.devices.tempEnrollment.duration')}
                        value={minutes}
                        onChange={e => setMinutes(Number(e.target.value))}
                        sx={{ maxWidth: 240 }}
                    >
                        {TEMP_ENROLLMENT_DURATIONS.map(m => (
                            <MenuItem key={m} value={m}>
                                {durationLabel(m)}
                            </MenuItem>
                        ))}
                    </TextField>
                    <Stack direction="row" spacing={1}>
                        <MuiButton variant="contained" disabled={busy} onClick={() => void toggle(true)}>
                            {translate(on ? 'resources.devices.tempEnrollment.restart' : 'resources.devices.tempEnrollment.turnOn')}
                        </MuiButton>
                        {on && (
                            <MuiButton variant="outlined" color="warning" disabled={busy} onClick={() => void toggle(false)}>
                                {translate('resources.devices.tempEnrollment.turnOff')}
                            </MuiButton>
                        )}
                    </Stack>
                </Stack>
            )}
        </Box>
    );
};

/** Opens the temporary enrollment drawer (SPEC 2.6). */
export const TempEnrollmentButton = ({ device }: { device: Device }) => {
    const translate = useTranslate();
    const { open } = useQuickView();
    return (
        <Button
            label="resources.devices.actions.tempEnrollment"
            onClick={() => open(translate('resources.devices.tempEnrollment.title'), <TempEnrollmentForm id={device.id} />)}
        >
            <PersonAddAlt />
        </Button>
    );
};
