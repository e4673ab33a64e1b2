import { useState } from 'react';
import { Alert, Box, Button as MuiButton, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { Confirm, Title, useDataProvider, useTranslate, useUnselectAll } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { APPROVED_DEVICE_STATUSES, type BulkRebootReply } from '../../../../contract/devices';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { formatDate } from '../../../i18n/format';
import { useChosenDevices, useChosenIds } from './useChosenDevices';
import { useDeviceNotices } from '../deviceNotices';
import { AddDevicesByFilter, ChosenDevicesTable, NothingChosen } from './ChosenDevices';
import { CommandStatus } from '../page/DeviceCommands';
import { useRebootOutcomes } from './rebootOutcomes';
import { isApproved, TOP, type Device } from '../types';
import { useRefreshDevices } from '../useDeviceCall';

/** One device's reboot as its reader acknowledges it. */
const Outcome = ({ device, outcomes }: { device: Device; outcomes: ReturnType<typeof useRebootOutcomes>['outcomes'] }) => {
    const command = outcomes.get(device.id);
    if (!command) return <CommandStatus command={{ status: 'queued' }} />;
    return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CommandStatus command={command} />
            {command.completed_at && <Typography variant="body2">{formatDate(command.completed_at)}</Typography>}
            {command.result && (
                <Typography variant="body2" color="text.secondary">
                    {command.result}
                </Typography>
            )}
        </Stack>
    );
};

/**
 * /devices/bulk/reboot: Bulk Device Reboot (SPEC 2.2). The chosen approved
 * devices are rebooted after an OK/Cancel confirmation; then each reader's
 * acknowledgement shows as it comes.
 */
export const BulkDeviceReboot = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useDeviceNotices();
    const refresh = useRefreshDevices();
    const [ids, setIds] = useChosenIds();
    const { data: devices, isFetching } = useChosenDevices(ids);
    const [asking, setAsking] = useState(false);
    const [busy, setBusy] = useState(false);
    const [sent, setSent] = useState<BulkRebootReply | null>(null);
    const unselectAll = useUnselectAll('devices');
    const { outcomes, finished, done } = useRebootOutcomes(sent);
    const rebootable = (devices ?? []).filter(isApproved);
    const left = (devices ?? []).length - rebootable.length;
    const reboot = async () => {
        setBusy(true);
        try {
            setSent(
                await dataProvider.call<BulkRebootReply>('/devices/bulk/reboot', {
                    method: 'PUT',
                    body: { device_ids: rebootable.map(d => d.id) },
                }),
            );
            unselectAll();
            void refresh();
        } catch (e) {
            notices.failed('resources.devices.errors.reboot', e);
        } finally {
            setBusy(false);
            setAsking(false);
        }
    };
    const shown = sent ? rebootable.filter(d => sent.commands.some(c => c.device_id === d.id)) : (devices ?? []);
    return (
        <Box sx={{ maxWidth: 1100, pb: 3 }}>
            <Title title={translate('resources.devices.bulk.rebootTitle')} />
            <Card sx={{ mt: 2 }}>
                <CardContent>
                    <Typography variant="h6" sx={{ mb: 1 }}>
                        {sent
                            ? translate('resources.devices.bulk.rebootSent', { smart_count: sent.queued })
                            : translate('resources.devices.bulk.chosenCount', { smart_count: ids.length })}
                    </Typography>
                    {sent && (
                        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }} role="status">
                            <Chip
                                color={done ? 'success' : 'default'}
                                label={translate('resources.devices.bulk.acknowledged', { done: finished, total: sent.commands.length })}
                            />
                            {!done && (
                                <Typography variant="body2" color="text.secondary">
                                    {translate('resources.devices.bulk.rebootWait')}
                                </Typography>
                            )}
                        </Stack>
                    )}
                    {isFetching && !sent && <LinearProgress />}
                    {!ids.length && <NothingChosen />}
                    {left > 0 && !sent && (
                        <Alert severity="info" sx={{ mb: 1 }}>
                            {translate('resources.devices.bulk.notApprovedLeftOut', { smart_count: left })}
                        </Alert>
                    )}
                    {ids.length > 0 && (
                        <ChosenDevicesTable
                            devices={shown}
                            onRemove={sent ? undefined : id => setIds(ids.filter(i => i !== id))}
                            extra={
                                sent
                                    ? { title: 'resources.devices.bulk.outcome', render: d => <Outcome device={d} outcomes={outcomes} /> }
                                    : undefined
                            }
                        />
                    )}
                    {!sent && (
                        <AddDevicesByFilter statuses={APPROVED_DEVICE_STATUSES} onAdd={more => setIds([...new Set([...ids, ...more])])} />
                    )}
                    <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
                        {!sent && (
                            <MuiButton
                                variant="contained"
                                color="warning"
                                startIcon={<RestartAlt />}
                                disabled={!rebootable.length || busy}
                                onClick={() => setAsking(true)}
                            >
                                {translate('resources.devices.bulk.rebootButton', { smart_count: rebootable.length })}
                            </MuiButton>
                        )}
                        <MuiButton onClick={() => navigate('/devices', TOP)}>
                            {translate(sent ? 'resources.devices.bulk.backToList' : 'ra.action.cancel')}
                        </MuiButton>
                    </Stack>
                </CardContent>
            </Card>
            <Confirm
                isOpen={asking}
                loading={busy}
                title={translate('resources.devices.bulk.rebootConfirm', { smart_count: rebootable.length })}
                content={translate('resources.devices.reboot.content')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void reboot()}
                onClose={() => setAsking(false)}
            />
        </Box>
    );
};
