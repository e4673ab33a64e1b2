import { useEffect, useMemo, useRef } from 'react';
import { Box, Card, CardContent, Chip, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Inventory from '@mui/icons-material/Inventory2';
import { useQuery } from '@tanstack/react-query';
import {
    Button,
    DatagridConfigurable,
    FunctionField,
    ResourceContextProvider,
    SearchInput,
    TextField,
    TopToolbar,
    useDataProvider,
    useListContext,
    useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import {
    DEPLOYMENT_GROUPS,
    isFinalDeviceStatus,
    DEVICE_DEPLOYMENT_STATUSES,
    type DeploymentGroup,
    type DeploymentRecord,
    type DeploymentStatus,
} from '../../../contract/firmware';
import { can } from '../../../contract/rights';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/format';
import { useQuickView } from '../../components/quickView';
import { accountColumn, accountScopeFilter, scopeQuery, useAccountScope, type AccountScope } from '../../lists/accountScope';
import { AppList } from '../../lists/AppList';
import { ColumnsButton, columnsKey } from '../../lists/columns';
import { hideBelow } from '../../lists/hideBelow';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useSession } from '../../session/useSession';
import { DeploymentForm } from './DeploymentForm';

const SORT = { field: 'created_at', order: 'DESC' } as const;

const deploymentFilters = (scope: AccountScope) => [<SearchInput key="q" source="q" alwaysOn />, ...accountScopeFilter(scope)];

const STATUS_COLORS: Record<DeploymentStatus, 'default' | 'info' | 'primary' | 'success' | 'warning'> = {
    pending: 'default',
    scheduled: 'info',
    in_progress: 'primary',
    finished: 'success',
    aborted: 'warning',
};

export const DeploymentStatusChip = ({ status }: { status: DeploymentStatus }) => {
    const translate = useTranslate();
    return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`resources.deployments.statuses.${status}`)} />;
};

/** Readers that reached a final state, of all. */
export const doneCount = (d: Pick<DeploymentRecord, 'stats'>) =>
    DEVICE_DEPLOYMENT_STATUSES.filter(isFinalDeviceStatus).reduce((n, s) => n + d.stats[s], 0);

const Progress = ({ deployment }: { deployment: DeploymentRecord }) => {
    const translate = useTranslate();
    const done = doneCount(deployment);
    const value = deployment.device_count ? (100 * done) / deployment.device_count : 0;
    return (
        <Box sx={{ minWidth: 140 }}>
            <LinearProgress
                variant="determinate"
                value={value}
                color={deployment.stats.failure ? 'warning' : 'primary'}
                aria-label={translate('resources.deployments.fields.progress')}
            />
            <Typography variant="caption">
                {translate('resources.deployments.status.done', { done, total: deployment.device_count })}
            </Typography>
        </Box>
    );
};

/** The Deployments tabs: active, scheduled, finished, kept in the query string as the `group` filter. */
const GroupTabs = () => {
    const translate = useTranslate();
    const { filterValues, setFilters } = useListContext();
    const group = (filterValues.group as DeploymentGroup | undefined) ?? 'active';
    return (
        <Tabs
            value={group}
            onChange={(_e, value: DeploymentGroup) => setFilters({ ...filterValues, group: value }, undefined, false)}
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
            {DEPLOYMENT_GROUPS.map(g => (
                <Tab key={g} value={g} label={translate(`resources.deployments.groups.${g}`)} />
            ))}
        </Tabs>
    );
};

/** How many approved readers run each release (GET /devices/installed_firmware), in the accounts the list shows. */
const InstalledFirmware = ({ accountId }: { accountId: string | undefined }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const session = useSession();
    const query = scopeQuery(accountId);
    const { data, error } = useQuery({
        queryKey: ['devices/installed_firmware', session?.currentAccountId, query],
        queryFn: ({ signal }) =>
            dataProvider.call<{ result: { release: string; board_type: string | null; count: number }[] }>('/devices/installed_firmware', {
                query,
                signal,
            }),
        enabled: !!session,
    });
    useFailureNotice(error, 'resources.deployments.installedFailed');
    const byRelease = new Map<string, number>();
    for (const row of data?.result ?? []) byRelease.set(row.release, (byRelease.get(row.release) ?? 0) + row.count);
    return (
        <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
                <Typography variant="subtitle1" gutterBottom>
                    {translate('resources.deployments.installed')}
                </Typography>
                {byRelease.size === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.deployments.installedEmpty')}
                    </Typography>
                ) : (
                    <Stack
                        direction="row"
                        spacing={1}
                        sx={{ flexWrap: 'wrap', gap: 1 }}
                        aria-label={translate('resources.deployments.installed')}
                    >
                        {[...byRelease].map(([release, count]) => (
                            <Chip
                                key={release}
                                variant="outlined"
                                label={`${release}: ${translate('resources.deployments.readers', { smart_count: count })}`}
                            />
                        ))}
                    </Stack>
                )}
            </CardContent>
        </Card>
    );
};

const Actions = ({ columns }: { columns: string }) => {
    const navigate = useNavigate();
    const session = useSession();
    return (
        <TopToolbar>
            <ColumnsButton preferenceKey={columns} />
            <Button label="resources.deployments.versions" onClick={() => navigate('/firmware-updates/versions')}>
                <Inventory />
            </Button>
            {session && can(session.role, 'deployments', 'write') && (
                <Button label="resources.deployments.schedule" variant="contained" onClick={() => navigate('/firmware-updates/new')}>
                    <Add />
                </Button>
            )}
        </TopToolbar>
    );
};

/**
 * SPEC 2.2 /firmware-updates/new: the Deployments screen with the
 * Deployment form open in the quick-view drawer; closing the drawer goes back
 * to /firmware-updates, scheduling goes to the new deployment's status page.
 */
const ScheduleInDrawer = () => {
    const translate = useTranslate();
    const { open, close, isOpen } = useQuickView();
    const navigate = useNavigate();
    const wasOpen = useRef(false);
    const leaving = useRef(false);
    useEffect(() => {
        open(
            translate('resources.deployments.schedule'),
            <DeploymentForm
                onDone={d => {
                    leaving.current = true;
                    close();
                    navigate(`/firmware-updates/status/${d.id}`);
                }}
            />,
        );
        // Opened once, when the route is reached.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    useEffect(() => {
        if (isOpen) wasOpen.current = true;
        else if (wasOpen.current && !leaving.current) navigate('/firmware-updates');
    }, [isOpen, navigate]);
    return null;
};

/** /firmware-updates: Deployments (SPEC 2.2), active, scheduled and finished, with the installed firmware counts. */
export const DeploymentList = ({ schedule = false }: { schedule?: boolean }) => {
    const translate = useTranslate();
    const scope = useAccountScope(SORT);
    const defaults = useMemo(() => ({ group: 'active', ...scope.defaults }), [scope.defaults]);
    return (
        <Box sx={{ pt: 1 }}>
            <InstalledFirmware accountId={scope.accountId} />
            <ResourceContextProvider value="deployments">
                <AppList
                    resource="deployments"
                    empty={false}
                    sort={SORT}
                    filters={deploymentFilters(scope)}
                    filterDefaultValues={defaults}
                    permanentFilter={scope.permanentFilter}
                    actions={<Actions columns={columnsKey('deployments', scope.spansAccounts)} />}
                    title={translate('resources.deployments.title')}
                >
                    <GroupTabs />
                    <DatagridConfigurable
                        preferenceKey={columnsKey('deployments', scope.spansAccounts)}
                        sx={hideBelow({ md: ['created_by', 'device_count'], sm: ['artifact_name', 'start_at'] })}
                        bulkActionButtons={false}
                        rowClick={id => `/firmware-updates/status/${id}`}
                        empty={<Typography sx={{ p: 2 }}>{translate('resources.deployments.empty')}</Typography>}
                    >
                        <TextField source="name" />
                        {scope.spansAccounts && accountColumn()}
                        <TextField source="artifact_name" />
                        <FunctionField source="device_count" render={(d: DeploymentRecord) => d.device_count} />
                        <FunctionField source="progress" sortable={false} render={(d: DeploymentRecord) => <Progress deployment={d} />} />
                        <FunctionField
                            source="status"
                            sortable={false}
                            render={(d: DeploymentRecord) => <DeploymentStatusChip status={d.status} />}
                        />
                        <FunctionField source="start_at" render={(d: DeploymentRecord) => formatDate(d.start_at)} />
                        <FunctionField source="created_by" sortable={false} render={(d: DeploymentRecord) => d.created_by ?? '—'} />
                    </DatagridConfigurable>
                </AppList>
            </ResourceContextProvider>
            {schedule && <ScheduleInDrawer />}
        </Box>
    );
};
