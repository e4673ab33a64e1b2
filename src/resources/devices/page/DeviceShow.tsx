import type { ReactNode } from 'react';
import { Box, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import { Button, ShowBase, Title, TopToolbar, useShowContext, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../i18n/format';
import { LoadFailure } from '../../../components/LoadFailure';
import { ConfirmDeleteButton } from '../../../lists/ConfirmDeleteButton';
import { AccessGroupChips } from './AccessGroupChips';
import { ApproveButton } from '../dialogs/ApproveButton';
import { AuthenticateButton } from '../dialogs/AuthenticateDialog';
import { DownloadConfigButton, RebootButton, RejectButton } from './DeviceActions';
import { DeviceCommands } from './DeviceCommands';
import { ConfigState, DeviceStatusChips, LastSeen, useDeviceLabels } from './DeviceFields';
import { DeviceLogs } from './DeviceLogs';
import { DeviceParameters } from './DeviceParameters';
import { Facts } from '../../../components/Facts';
import { TempEnrollmentButton } from './TempEnrollment';
import { isApproved, TOP, type Device } from '../types';
import { useDeviceRights } from '../useDeviceRights';

const Section = ({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) => {
    const translate = useTranslate();
    return (
        <Grid size={{ xs: 12, lg: wide ? 12 : 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={translate(title)}>
                <CardContent>
                    <Typography variant="h6" sx={{ mb: 1.5 }}>
                        {translate(title)}
                    </Typography>
                    {children}
                </CardContent>
            </Card>
        </Grid>
    );
};

/** The actions on the device page, each for the roles that hold its right, when the device's state allows it. */
const DevicePageActions = ({ device }: { device: Device }) => {
    const rights = useDeviceRights();
    const navigate = useNavigate();
    const pending = device.status === 'pending' || device.status === 'rejected';
    return (
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
            {rights.write && pending && <ApproveButton device={device} variant="contained" />}
            {rights.write && device.status === 'pending' && <RejectButton device={device} />}
            {rights.write && device.auth_required && <AuthenticateButton device={device} />}
            {rights.edit && (
                <Button label="resources.devices.actions.edit" onClick={() => navigate(`/devices/${device.id}/edit`, TOP)}>
                    <Edit />
                </Button>
            )}
            {rights.edit && isApproved(device) && <TempEnrollmentButton device={device} />}
            {rights.write && isApproved(device) && <RebootButton device={device} />}
            {rights.downloadConfig && <DownloadConfigButton device={device} />}
            {rights.remove && <ConfirmDeleteButton redirect="/devices" />}
        </TopToolbar>
    );
};

const DevicePage = () => {
    const translate = useTranslate();
    const rights = useDeviceRights();
    const labels = useDeviceLabels();
    const { record: device, error, refetch } = useShowContext<Device>();
    if (error && !device) return <LoadFailure onRefresh={() => void refetch()} />;
    if (!device) return <LinearProgress />;
    return (
        <Box sx={{ pb: 3 }}>
            <Title title={translate('resources.devices.page.title', { name: device.description || device.hardware_id })} />
            <DevicePageActions device={device} />
            <Grid container spacing={2}>
                <Section title="resources.devices.sections.state">
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                        <DeviceStatusChips device={device} />
                    </Stack>
                    <Facts
                        rows={[
                            [
                                'resources.devices.fields.last_seen_at',
                                device.last_seen_at ? (
                                    <span key="seen">
                                        <LastSeen value={device.last_seen_at} /> ({formatDate(device.last_seen_at)})
                                    </span>
                                ) : null,
                            ],
                            [
                                'resources.devices.fields.device_mode',
                                device.device_mode && translate(`resources.devices.roles.${device.device_mode}`, { _: device.device_mode }),
                            ],
                            ['resources.devices.fields.config', <ConfigState key="config" device={device} />],
                            [
                                'resources.devices.config.versionsLabel',
                                isApproved(device)
                                    ? translate('resources.devices.config.versions', {
                                          set: device.config_version,
                                          applied: device.applied_config_version ?? '-',
                                      })
                                    : null,
                            ],
                            [
                                'resources.devices.fields.temp_enrollment',
                                device.temp_enrollment.on
                                    ? translate('resources.devices.tempEnrollment.onUntilShort', {
                                          until: formatDate(device.temp_enrollment.until),
                                      })
                                    : translate('resources.devices.tempEnrollment.offShort'),
                            ],
                            ['resources.devices.fields.approved_at', formatDate(device.approved_at)],
                            ['resources.devices.fields.created_at', formatDate(device.created_at)],
                        ]}
                    />
                </Section>
                <Section title="resources.devices.sections.identity">
                    <Facts
                        rows={[
                            ['resources.devices.fields.description', device.description],
                            ['resources.devices.fields.id', String(device.id)],
                            ['resources.devices.fields.hardware_id', device.hardware_id],
                            ['resources.devices.fields.board_type', device.board_type],
                            ['resources.devices.fields.release', device.release],
                            ['resources.devices.fields.ip_address', device.ip_address],
                            ['resources.devices.fields.mac_address', device.mac_address],
                        ]}
                    />
                </Section>
                <Section title="resources.devices.sections.links">
                    <Facts
                        rows={[
                            ['resources.devices.fields.account_name', device.account_name],
                            ['resources.devices.fields.reader', device.reader?.description ?? translate('resources.devices.noReader')],
                            ['resources.devices.fields.access_group_ids', <AccessGroupChips key="groups" ids={device.access_group_ids} />],
                        ]}
                    />
                </Section>
                <Section title="resources.devices.sections.parameters">
                    <DeviceParameters device={device} labels={labels} />
                </Section>
                <Section title="resources.devices.sections.commands" wide>
                    <DeviceCommands id={device.id} />
                </Section>
                {rights.logs && (
                    <Section title="resources.devices.sections.logs" wide>
                        <DeviceLogs id={device.id} canRequest={rights.write && isApproved(device)} />
                    </Section>
                )}
            </Grid>
        </Box>
    );
};

/** /devices/:id: the Device page (SPEC 2.2); it reloads every few seconds to show the reader's state live. */
export const DeviceShow = () => {
    const { id } = useParams();
    return (
        <ShowBase resource="devices" id={id} queryOptions={{ refetchInterval: 3000 }}>
            <DevicePage />
        </ShowBase>
    );
};
