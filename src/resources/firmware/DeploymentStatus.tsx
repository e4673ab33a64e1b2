import { useEffect, useState } from 'react';
import { Box, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import StopCircle from '@mui/icons-material/StopCircle';
import { useQuery } from '@tanstack/react-query';
import {
    Button,
    Confirm,
    Datagrid,
    FunctionField,
    ResourceContextProvider,
    SelectInput,
    TextField,
    Title,
    useDataProvider,
    useListContext,
    useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import {
    DEVICE_DEPLOYMENT_STATUSES,
    type DeploymentDeviceRecord,
    type DeploymentLogLine,
    type DeploymentRecord,
    type DeviceDeploymentStatus,
    type StatusCounts,
} from '../../../contract/firmware';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useQuickView } from '../../components/quickView';
import { AppList } from '../../lists/AppList';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { DeploymentStatusChip, doneCount } from './DeploymentList';
import { useContractText } from './texts';

const REFRESH_MS = 3000;

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

/** Counts by reader status, the ones that are not zero. */
const Counts = ({ stats, label }: { stats: StatusCounts; label: string }) => (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }} aria-label={label}>
        {DEVICE_DEPLOYMENT_STATUSES.filter(s => stats[s] > 0).map(s => (
            <Box key={s} data-testid={`count-${s}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <DeviceStatusChip status={s} />
                <Typography variant="body2">{stats[s]}</Typography>
            </Box>
        ))}
    </Stack>
);

const Bar = ({ stats, total }: { stats: StatusCounts; total: number }) => {
    const done = DEVICE_DEPLOYMENT_STATUSES.filter(
        s => s !== 'pending' && s !== 'downloading' && s !== 'installing' && s !== 'rebooting',
    ).reduce((n, s) => n + stats[s], 0);
    return (
        <LinearProgress
            variant="determinate"
            value={total ? (100 * done) / total : 0}
            color={stats.failure ? 'warning' : 'primary'}
            sx={{ height: 8, borderRadius: 1 }}
        />
    );
};

/** The log one reader sent (the Deployment drawer of SPEC 2.6). */
const DeviceLog = ({ deploymentId, entry }: { deploymentId: number; entry: DeploymentDeviceRecord }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, error, refetch } = useQuery({
        queryKey: ['deployments', deploymentId, 'log', entry.id],
        queryFn: () => dataProvider.call<{ result: DeploymentLogLine[] }>(`/deployments/${deploymentId}/logs/${entry.id}`),
        refetchInterval: REFRESH_MS,
    });
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
                sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap' }}
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

const Devices = ({ deployment }: { deployment: DeploymentRecord }) => {
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
                        render={(d: DeploymentDeviceRecord) => <DeviceStatusChip status={d.status} />}
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

const AbortButton = ({ deployment, onDone }: { deployment: DeploymentRecord; onDone: () => void }) => {
    const translate = useTranslate();
    const text = useContractText();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [asking, setAsking] = useState(false);
    const abort = async () => {
        setAsking(false);
        try {
            await dataProvider.call(`/deployments/${deployment.id}/abort`, { method: 'PUT', body: {} });
            notices.success(translate('resources.deployments.status.aborted'));
        } catch (error) {
            const reply = (error as { body?: { error?: string; request_id?: string } }).body;
            notices.error({
                title: translate('resources.deployments.status.abortFailed'),
                description: reply?.error ? text(reply.error) : undefined,
                requestId: reply?.request_id,
            });
        }
        onDone();
    };
    return (
        <>
            <Button label="resources.deployments.status.abort" color="warning" variant="outlined" onClick={() => setAsking(true)}>
                <StopCircle />
            </Button>
            <Confirm
                isOpen={asking}
                title={translate('resources.deployments.status.abortTitle')}
                content={translate('resources.deployments.status.abortContent')}
                confirm="app.ok"
                cancel="ra.action.cancel"
                confirmColor="warning"
                onConfirm={() => void abort()}
                onClose={() => setAsking(false)}
            />
        </>
    );
};

const Phases = ({ deployment }: { deployment: DeploymentRecord }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2, mb: 2 }}>
            {deployment.phases.map(phase => (
                <Card key={phase.number} variant="outlined" data-testid={`phase-${phase.number + 1}`}>
                    <CardContent>
                        <Typography variant="subtitle1">
                            {translate('resources.deployments.status.phaseTitle', { number: phase.number + 1 })}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                            {phase.share !== null
                                ? translate('resources.deployments.status.phaseShare', { share: phase.share })
                                : translate('resources.deployments.status.phaseRest')}{' '}
                            · {translate('resources.deployments.readers', { smart_count: phase.device_count })}
                        </Typography>
                        <Typography variant="body2" sx={{ mb: 1 }}>
                            {phase.started
                                ? translate('resources.deployments.status.startedAt', { time: formatDate(phase.start_at) })
                                : translate('resources.deployments.status.startsAt', { time: formatDate(phase.start_at) })}
                        </Typography>
                        <Bar stats={phase.stats} total={phase.device_count} />
                        <Box sx={{ mt: 1 }}>
                            {phase.started ? (
                                <Counts
                                    stats={phase.stats}
                                    label={translate('resources.deployments.status.phaseTitle', { number: phase.number + 1 })}
                                />
                            ) : (
                                <Typography variant="caption">{translate('resources.deployments.status.waiting')}</Typography>
                            )}
                        </Box>
                    </CardContent>
                </Card>
            ))}
        </Box>
    );
};

/** /firmware-updates/status/:id: progress by phase, each reader's status and log (SPEC 2.2, 7.2 GET /deployments/{id}/devices). */
export const DeploymentStatus = () => {
    const translate = useTranslate();
    const navigate = useNavigate();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { id } = useParams();
    const {
        data: deployment,
        error,
        refetch,
    } = useQuery({
        queryKey: ['deployments', Number(id)],
        queryFn: () => dataProvider.call<DeploymentRecord>(`/deployments/${id}`),
        refetchInterval: query =>
            query.state.data && (query.state.data.status === 'finished' || query.state.data.status === 'aborted') ? false : REFRESH_MS,
    });
    if (error) return <LoadFailure onRefresh={() => void refetch()} />;
    if (!deployment) return <LinearProgress />;
    const running = deployment.status !== 'finished' && deployment.status !== 'aborted';
    const done = doneCount(deployment);
    return (
        <Box sx={{ py: 2 }}>
            <Title title={deployment.name} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
                <Button label="resources.deployments.status.back" onClick={() => navigate('/firmware-updates')}>
                    <ArrowBack />
                </Button>
                <Typography variant="h5" sx={{ flex: 1 }}>
                    {deployment.name}
                </Typography>
                <Box data-testid="deployment-status">
                    <DeploymentStatusChip status={deployment.status} />
                </Box>
                {running && session && can(session.role, 'deployments', 'write') && (
                    <AbortButton deployment={deployment} onDone={() => void refetch()} />
                )}
            </Stack>
            <Card variant="outlined" sx={{ mb: 2 }}>
                <CardContent>
                    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, mb: 2 }}>
                        {(
                            [
                                ['artifact_name', deployment.artifact_name],
                                ['device_count', translate('resources.deployments.readers', { smart_count: deployment.device_count })],
                                ['retries', deployment.retries],
                                ['start_at', formatDate(deployment.start_at)],
                                ['created_by', `${deployment.created_by ?? '—'} · ${formatDate(deployment.created_at)}`],
                                ['finished_at', formatDate(deployment.finished_at)],
                            ] as const
                        ).map(([field, value]) => (
                            <Box key={field}>
                                <Typography variant="caption" color="text.secondary">
                                    {translate(`resources.deployments.fields.${field}`)}
                                </Typography>
                                <Typography>{value}</Typography>
                            </Box>
                        ))}
                    </Box>
                    <Typography variant="subtitle2">{translate('resources.deployments.status.overall')}</Typography>
                    <Bar stats={deployment.stats} total={deployment.device_count} />
                    <Typography variant="caption" data-testid="overall-done">
                        {translate('resources.deployments.status.done', { done, total: deployment.device_count })}
                    </Typography>
                    <Box sx={{ mt: 1 }}>
                        <Counts stats={deployment.stats} label={translate('resources.deployments.status.overall')} />
                    </Box>
                </CardContent>
            </Card>
            <Phases deployment={deployment} />
            <Typography variant="h6">{translate('resources.deployments.status.devices')}</Typography>
            <Devices deployment={deployment} />
        </Box>
    );
};
