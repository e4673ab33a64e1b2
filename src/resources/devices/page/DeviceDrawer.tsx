import { Alert, Box, Divider, LinearProgress, Stack, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, useGetOne, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ApproveButton } from '../dialogs/ApproveButton';
import { AuthenticateButton } from '../dialogs/AuthenticateDialog';
import { RebootButton, RejectButton } from './DeviceActions';
import { ConfigState, DeviceStatusChips, LastSeen, useDeviceLabels } from './DeviceFields';
import { Facts } from '../../../components/Facts';
import { TempEnrollmentForm } from './TempEnrollment';
import { isApproved, TOP, type Device } from '../types';
import { useDeviceRights } from '../useDeviceRights';

/** The actions a device offers now, for the roles that may take them. */
export const DeviceMainActions = ({ device }: { device: Device }) => {
    const rights = useDeviceRights();
    if (!rights.write) return null;
    return (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {(device.status === 'pending' || device.status === 'rejected') && <ApproveButton device={device} variant="contained" />}
            {device.status === 'pending' && <RejectButton device={device} />}
            {device.auth_required && <AuthenticateButton device={device} />}
            {isApproved(device) && <RebootButton device={device} />}
        </Stack>
    );
};

/**
 * The quick-view "Device" drawer (SPEC 2.6): the reader's state, its main
 * actions and its temporary enrollment, live (it reloads every few seconds).
 */
export const DeviceDrawer = ({ id, onClose }: { id: number; onClose: () => void }) => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const rights = useDeviceRights();
    const labels = useDeviceLabels();
    const { data: device, error } = useGetOne<Device>('devices', { id }, { refetchInterval: 5000 });
    if (error)
        return (
            <Alert severity="error" sx={{ m: 2 }}>
                {translate('layout.failure.text')}
            </Alert>
        );
    if (!device) return <LinearProgress />;
    const go = (path: string) => {
        onClose();
        navigate(path, TOP);
    };
    return (
        <Box sx={{ p: 2 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                <DeviceStatusChips device={device} />
                <ConfigState device={device} />
            </Stack>
            <Facts
                rows={[
                    ['resources.devices.fields.description', device.description],
                    ['resources.devices.fields.hardware_id', device.hardware_id],
                    ['resources.devices.fields.account_name', device.account_name],
                    ['resources.devices.fields.reader', device.reader?.description],
                    ['resources.devices.fields.role', labels.role(device.role)],
                    ['resources.devices.fields.security_level', labels.securityLevel(device.security_level)],
                    [
                        'resources.devices.fields.device_mode',
                        device.device_mode && translate(`resources.devices.roles.${device.device_mode}`, { _: device.device_mode }),
                    ],
                    ['resources.devices.fields.release', device.release],
                    ['resources.devices.fields.board_type', device.board_type],
                    ['resources.devices.fields.ip_address', device.ip_address],
                    ['resources.devices.fields.last_seen_at', <LastSeen key="seen" value={device.last_seen_at} />],
                ]}
            />
            <Box sx={{ my: 2 }}>
                <DeviceMainActions device={device} />
            </Box>
            {rights.edit && isApproved(device) && (
                <>
                    <Divider />
                    <Typography variant="subtitle1" sx={{ mt: 2, px: 0 }}>
                        {translate('resources.devices.tempEnrollment.title')}
                    </Typography>
                    <Box sx={{ mx: -2 }}>
                        <TempEnrollmentForm id={device.id} />
                    </Box>
                </>
            )}
            <Divider sx={{ mb: 2 }} />
            <Stack direction="row" spacing={1}>
                <Button label="resources.devices.actions.open" variant="outlined" onClick={() => go(`/devices/${device.id}`)}>
                    <OpenInNew />
                </Button>
                {rights.edit && (
                    <Button label="resources.devices.actions.edit" onClick={() => go(`/devices/${device.id}/edit`)}>
                        <Edit />
                    </Button>
                )}
            </Stack>
        </Box>
    );
};
