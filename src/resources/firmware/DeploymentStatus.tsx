import { useState } from 'react';
import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import StopCircle from '@mui/icons-material/StopCircle';
import { useMutation } from '@tanstack/react-query';
import { Button, Confirm, Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { DEVICE_DEPLOYMENT_STATUSES, type DeploymentRecord, type StatusCounts } from '../../../contract/firmware';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { requestIdOf } from '../../dataProvider/http';
import { formatDate } from '../../i18n/format';
import { LoadFailure } from '../../components/LoadFailure';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useNotices } from '../../notifications/notices';
import { useSession } from '../../session/useSession';
import { DeploymentDevices, DeviceStatusChip, REFRESH_MS } from './DeploymentDevices';
import { DeploymentStatusChip, doneCount } from './DeploymentList';
import { useContractText } from './texts';

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

/** PUT /deployments/{id}/abort after a confirmation; a refusal is a notice in the server's words, with its request id. */
const AbortButton = ({ deployment, onDone }: { deployment: DeploymentRecord; onDone: () => void }) => {
    const translate = useTranslate();
    const text = useContractText();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const notices = useNotices();
    const [asking, setAsking] = useState(false);
    const abort = useMutation({
        mutationFn: () => dataProvider.call(`/deployments/${deployment.id}/abort`, { method: 'PUT', body: {} }),
        onSuccess: () => notices.success(translate('resources.deployments.status.aborted')),
        onError: error => {
            const reply = (error as { body?: { error?: string } }).body;
            notices.error({
                title: translate('resources.deployments.status.abortFailed'),
                description: reply?.error ? text(reply.error) : undefined,
                requestId: requestIdOf(error),
            });
        },
        onSettled: onDone,
    });
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
                onConfirm={() => {
                    setAsking(false);
                    abort.mutate();
                }}
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
    const { id } = useParams();
    const {
        data: deployment,
        error,
        refetch,
    } = useGetOne<DeploymentRecord>(
        'deployments',
        { id: Number(id) },
        {
            refetchInterval: query =>
                query.state.data && (query.state.data.status === 'finished' || query.state.data.status === 'aborted') ? false : REFRESH_MS,
        },
    );
    useFailureNotice(error, 'resources.deployments.status.loadFailed');
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
            <DeploymentDevices deployment={deployment} />
        </Box>
    );
};
