import { Chip, Tooltip, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import { useTranslate } from 'react-admin';
import { formatDate, formatRelativeTime } from '../../../i18n/format';
import { configApplied, isApproved, type Device } from '../types';

const CHIPS_ROW = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;
const STATUS_COLORS = { pending: 'warning', online: 'success', offline: 'default', rejected: 'error' } as const;

/** The device's state at a glance: pending, online, offline or rejected, and 'authentication required'. */
export const DeviceStatusChips = ({ device }: { device: Pick<Device, 'status' | 'auth_required'> }) => {
    const translate = useTranslate();
    // plain flex rather than Stack: a list draws one per row, and each sx is styles worked out again
    return (
        <div style={CHIPS_ROW}>
            <Chip
                size="small"
                color={STATUS_COLORS[device.status]}
                variant={device.status === 'offline' ? 'outlined' : 'filled'}
                label={translate(`resources.devices.statuses.${device.status}`)}
            />
            {device.auth_required && (
                <Chip size="small" color="warning" variant="outlined" label={translate('resources.devices.authRequired')} />
            )}
        </div>
    );
};

/** SPEC 9 relative time, the full date in the browser's tooltip; '-' for a reader never seen. */
export const LastSeen = ({ value }: { value: string | null }) => {
    const translate = useTranslate();
    if (!value) return <span>-</span>;
    // the browser's own tooltip: a list draws one per row, and MUI's Tooltip costs a component tree each
    return <span title={formatDate(value)}>{formatRelativeTime(translate, value)}</span>;
};

/** Whether the reader runs the configuration the console last set: 'Applied' or 'Waiting for the reader'. */
export const ConfigState = ({ device }: { device: Pick<Device, 'status' | 'config_version' | 'applied_config_version'> }) => {
    const translate = useTranslate();
    if (!isApproved(device)) return <span>-</span>;
    const applied = configApplied(device);
    return (
        <Tooltip
            title={translate('resources.devices.config.versions', {
                set: device.config_version,
                applied: device.applied_config_version ?? '-',
            })}
        >
            <Typography
                component="span"
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: applied ? 'success.main' : 'warning.main' }}
            >
                {applied ? <CheckCircle fontSize="inherit" /> : <HourglassTop fontSize="inherit" />}
                {translate(applied ? 'resources.devices.config.applied' : 'resources.devices.config.waiting')}
            </Typography>
        </Tooltip>
    );
};

/** Translated labels of the device's parameters. */
export const useDeviceLabels = () => {
    const translate = useTranslate();
    return {
        role: (role: Device['role']) => translate(`resources.devices.roles.${role}`),
        securityLevel: (level: Device['security_level']) => translate(`resources.devices.securityLevelsShort.${level}`),
        led: (option: Device['led_option']) => translate(`resources.devices.ledOptions.${option}`),
        communication: (option: Device['communication']) => translate(`resources.devices.communications.${option}`),
    };
};
