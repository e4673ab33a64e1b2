import { useEffect } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
    Datagrid,
    FunctionField,
    ResourceContextProvider,
    SelectInput,
    TextField,
    useDataProvider,
    useListContext,
    useTranslate,
} from 'react-admin';
import {
    DEVICE_DEPLOYMENT_STATUSES,
    type DeploymentDeviceRecord,
    type DeploymentLogLine,
    type DeploymentRecord,
    type DeviceDeploymentStatus,
} from '../../../contract/firmware';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useQuickView } from '../../components/quickView';
import { AppList } from '../../lists/AppList';
import { useFailureNotice } from '../../notifications/useFailureNotice';

/** How often a running deployment's readers and a reader's log are read again. */
export const REFRESH_MS = 3000;

const DEVICE_COLORS: Record<DeviceDeploymentStatus, 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error'> = {
    pending: 'default',
    downloading: 'info',
    installing: 'info',
    rebooting: 'info',
    success: 'success',
    failure: 'error',
    noartifact: 'warning',
    'already-installed': 'success',
    aborted: 'warning',
};

export const DeviceStatusChip = ({ status }: { status: DeviceDeploymentStatus }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            color={DEVICE_COLORS[status]}
            variant={status === 'pending' ? 'outlined' : 'filled'}
            label={translate(`resources.deployments.deviceStatuses.${status}`)}
        />
    );
};

/** The log one reader sent (the Deployment drawer of SPEC 2.6). */
const DeviceLog = ({ deploymentId, entry }: { deploymentId: number; entry: DeploymentDeviceRecord }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, error, refetch } = useQuery({
        queryKey: ['deployments', deploymentId, 'log', entry.id],
        queryFn: ({ signal }) =>
            dataProvider.call<{ result: DeploymentLogLine[] }>(`/deployments/${deploymentId}/logs/${entry.id}`, { signal }),
        refetchInterval: REFRESH_MS,
    });
    useFailureNotice(error, 'resources.deployments.status.logFailed');
    if (error) return <LoadFailure onRefresh={() => void refetch()} />;
    return (
        <Box sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
                <DeviceStatusChip status={entry.status} />
                <Typography variant="body2" color="text.secondary">
                    {entry.hardware_id} · {translate('resources.deployments.form.phase', { number: entry.phase + 1 })}
                </Typography>
            </Stack>
            {data && data.result.length === 0 && (
                <Typography color="text.secondary">{translate('resources.deployments.status.logEmpty')}</Typography>
            )}
            <Box
                component="pre"
                sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap' }}
                data-testid="deployment-log"
            >
                {(data?.result ?? []).map(l => `${formatDate(l.timestamp)}  ${l.level.toUpperCase().padEnd(7)}  ${l.message}`).join('\n')}
            </Box>
        </Box>
    );
};

/** Refreshes the readers' list while the deployment runs. */
const AutoRefresh = ({ active }: { active: boolean }) => {
    const { refetch } = useListContext();
    useEffect(() => {
        if (!active) return;
        const timer = setInterval(() => void refetch(), REFRESH_MS);
        return () => clearInterval(timer);
    }, [active, refetch]);
    return null;
};

/** The readers of a deployment (GET /deployments/{id}/devices), each opening its log in the drawer. */
export const DeploymentDevices = ({ deployment }: { deployment: DeploymentRecord }) => {
    const translate = useTranslate();
    const { open } = useQuickView();
    const active = deployment.status !== 'finished' && deployment.status !== 'aborted';
    const filters = [
        <SelectInput
            key="status"
            source="status"
            label="resources.deployments.fields.status"
            choices={DEVICE_DEPLOYMENT_STATUSES.map(s => ({ id: s, name: `resources.deployments.deviceStatuses.${s}` }))}
            alwaysOn
        />,
        <SelectInput
            key="phase"
            source="phase"
            label="resources.deployments.fields.phase"
            choices={deployment.phases.map(p => ({
                id: String(p.number),
                name: translate('resources.deployments.form.phase', { number: p.number + 1 }),
            }))}
            alwaysOn
        />,
    ];
    return (
        <ResourceContextProvider value={`deployments/${deployment.id}/devices`}>
            <AppList
                resource={`deployments/${deployment.id}/devices`}
                empty={false}
                sort={{ field: 'phase', order: 'ASC' }}
                filters={filters}
                actions={false}
                title={<span />}
            >
                <AutoRefresh active={active} />
                <Datagrid
                    bulkActionButtons={false}
                    rowClick={(_id, _resource, record) => {
                        const entry = record as unknown as DeploymentDeviceRecord;
                        open(
                            translate('resources.deployments.status.log', { name: entry.description || entry.hardware_id }),
                            <DeviceLog deploymentId={deployment.id} entry={entry} />,
                        );
                        return false;
                    }}
                >
                    <TextField source="description" label="resources.deployments.fields.description" />
                    <TextField source="hardware_id" label="resources.deployments.fields.hardware_id" />
                    <FunctionField
                        source="phase"
                        label="resources.deployments.fields.phase"
                        render={(d: DeploymentDeviceRecord) => d.phase + 1}
                    />
                    <FunctionField
                        source="status"
                        label="resources.deployments.fields.status"
                        render={(d: DeploymentDeviceRecord) => (
                            <>
                                <DeviceStatusChip status={d.status} />
                                {d.status === 'failure' && d.failure_reason && (
                                    // why it failed, in the reader's words; the whole log opens with the row
                                    <Typography
                                        variant="caption"
                                        color="error"
                                        title={d.failure_reason}
                                        sx={{
                                            display: '-webkit-box',
                                            WebkitLineClamp: 2,
                                            WebkitBoxOrient: 'vertical',
                                            overflow: 'hidden',
                                            maxWidth: 320,
                                            mt: 0.5,
                                        }}
                                    >
                                        {d.failure_reason}
                                    </Typography>
                                )}
                            </>
                        )}
                    />
                    <FunctionField
                        source="failures"
                        label="resources.deployments.fields.failures"
                        sortable={false}
                        render={(d: DeploymentDeviceRecord) => d.failures}
                    />
                    <FunctionField
                        source="started_at"
                        label="resources.deployments.fields.started_at"
                        sortable={false}
                        render={(d: DeploymentDeviceRecord) => formatDate(d.started_at)}
                    />
                    <FunctionField
                        source="updated_at"
                        label="resources.deployments.fields.updated_at"
                        render={(d: DeploymentDeviceRecord) => formatDate(d.updated_at)}
                    />
                </Datagrid>
            </AppList>
        </ResourceContextProvider>
    );
};
