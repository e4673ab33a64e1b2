import { Box, Chip, Grid, List, ListItem, ListItemButton, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardReply } from '../../../contract/dashboard';
import type { EventGroup } from '../../../contract/events';
import { canOpenRoute } from '../../../contract/routes';
import { ROLES, type Role } from '../../../contract/roles';
import type { ConsoleDataProvider } from '../../dataProvider';
import { formatDate, formatRelativeTime } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { ALL_ACCOUNTS, scopeQuery, useAccountScope } from '../../lists/accountScope';

/** The dashboard reads the account scope as the lists do; it has no sort of its own. */
const SORT_NONE = { field: 'id', order: 'ASC' } as const;
import { EventsByGroup, EventsPerDay, LatestIncidents, OfflineReaders, Panel, PanelLink, Tile } from './DashboardPanels';
import { LoadFailure } from '../../components/LoadFailure';

/** The last 30 days (UTC, as the server counts them), oldest first, the days without sign-in as 0. */
export const last30Days = (rows: NonNullable<DashboardReply['sign_ins']>, now = Date.now()) => {
    const counts = new Map(rows.map(r => [r.day, r.count]));
    return Array.from({ length: 30 }, (_, i) => {
        const day = new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, count: counts.get(day) ?? 0 };
    });
};

const SignIns = ({ rows }: { rows: NonNullable<DashboardReply['sign_ins']> }) => {
    const translate = useTranslate();
    const days = last30Days(rows);
    const total = days.reduce((sum, d) => sum + d.count, 0);
    if (!total) return <Typography color="text.secondary">{translate('dashboard.noSignIns')}</Typography>;
    return (
        <>
            <Typography variant="body2" color="text.secondary">
                {translate('dashboard.signInsTotal', { smart_count: total })}
            </Typography>
            <BarChart
                skipAnimation
                height={220}
                margin={{ left: 0, right: 8 }}
                xAxis={[{ scaleType: 'band', data: days.map(d => d.day.slice(5)), tickLabelStyle: { fontSize: 10 } }]}
                yAxis={[{ tickMinStep: 1, width: 32 }]}
                series={[{ data: days.map(d => d.count), label: translate('dashboard.signIns'), color: '#1f4e79' }]}
                hideLegend
            />
        </>
    );
};

const Loading = () => (
    <Grid container spacing={2} aria-busy="true">
        {[0, 1, 2, 3].map(i => (
            <Grid key={i} size={{ xs: 6, md: 3 }}>
                <Skeleton variant="rounded" height={104} />
            </Grid>
        ))}
        <Grid size={12}>
            <Skeleton variant="rounded" height={260} />
        </Grid>
    </Grid>
);

/** A list's address with the tile's filter and the dashboard's account scope: its count is the tile's figure. */
const listLink = (path: string, params: Record<string, string | undefined>, accountId: string | undefined) => {
    const query = new URLSearchParams(
        Object.entries({ ...params, account_id: accountId }).filter((e): e is [string, string] => e[1] !== undefined),
    ).toString();
    return `${path}${query ? `?${query}` : ''}`;
};

/**
 * The dashboard (SPEC leaves its content open): what the current account and
 * those below it hold (accounts, users, devices by state, profiles), security
 * events over 24 hours and 30 days, the latest incidents with their pictures,
 * the offline readers, sign-ins and the latest audit entries; each leads to
 * the screen that shows more when the user may open it.
 */
export const Dashboard = () => {
    const translate = useTranslate();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    // The figures count what the lists the tiles open show by default: every account in reach from one's own account.
    const { accountId } = useAccountScope(SORT_NONE);
    const { data, error, refetch, isPending, dataUpdatedAt } = useQuery({
        queryKey: ['dashboard', session?.currentAccountId, accountId],
        queryFn: ({ signal }) => dataProvider.call<DashboardReply>('/dashboard', { query: scopeQuery(accountId), signal }),
        enabled: !!session,
    });
    if (!session) return null;
    const canAccounts = canOpenRoute('accounts', session.flags);
    const canUsers = canOpenRoute('users', session.flags);
    const canAudit = canOpenRoute('auditLogs', session.flags);
    // Across accounts, the figures hold the accounts below too; a customer account has none.
    const reachesBelow = accountId === ALL_ACCOUNTS && data?.account.type !== 'customer';
    const usersLink = (role?: Role) => listLink('/users', { role }, accountId);
    const canDevices = canOpenRoute('devices', session.flags);
    const canEvents = canOpenRoute('events', session.flags);
    const canProfiles = canOpenRoute('profiles', session.flags);
    const canStatistics = canOpenRoute('statistics', session.flags);
    const devicesLink = canDevices ? (status: string) => listLink('/devices', { status }, accountId) : undefined;
    // the 24 hours the figures counted: before the moment they were fetched
    const dayAgo = new Date(dataUpdatedAt - 86_400_000).toISOString();
    const eventsLink = canEvents ? (group?: EventGroup, from?: string) => listLink('/events', { group, from }, accountId) : undefined;
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('dashboard.title')} />
            <Typography variant="h5" component="h1">
                {translate('dashboard.welcome', { name: session.me.name })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate(reachesBelow ? 'dashboard.scope' : 'dashboard.scopeAlone', {
                    account: data?.account.name ?? session.currentAccount.name,
                })}
            </Typography>
            {isPending && <Loading />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && (
                <Grid container spacing={2}>
                    {/* the tiles share one row, whatever their number */}
                    <Grid size={12} container spacing={2}>
                        {canAccounts && data.account.type === 'platform' && (
                            <Grid size={{ xs: 6, md: 'grow' }}>
                                <Tile label={translate('dashboard.dealers')} value={data.accounts.dealers} to="/accounts?type=dealer" />
                            </Grid>
                        )}
                        {canAccounts && data.account.type !== 'customer' && (
                            <Grid size={{ xs: 6, md: 'grow' }}>
                                <Tile
                                    label={translate('dashboard.customers')}
                                    value={data.accounts.customers}
                                    to="/accounts?type=customer"
                                />
                            </Grid>
                        )}
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile label={translate('dashboard.users')} value={data.users.total} to={canUsers ? usersLink() : undefined} />
                        </Grid>
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile
                                label={translate('dashboard.withTfa')}
                                value={data.users.with_tfa}
                                hint={
                                    data.users.total
                                        ? translate('dashboard.share', {
                                              percent: Math.round((100 * data.users.with_tfa) / data.users.total),
                                          })
                                        : undefined
                                }
                            />
                        </Grid>
                    </Grid>
                    {/* what the readers see and do */}
                    <Grid size={12} container spacing={2}>
                        {(['online', 'offline', 'pending'] as const).map(status => (
                            <Grid key={status} size={{ xs: 6, md: 'grow' }}>
                                <Tile
                                    label={translate(`dashboard.devices.${status}`)}
                                    value={data.devices.by_state[status] ?? 0}
                                    to={devicesLink?.(status)}
                                />
                            </Grid>
                        ))}
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile
                                label={translate('dashboard.events24h')}
                                value={data.events.total_24h}
                                to={eventsLink?.(undefined, dayAgo)}
                            />
                        </Grid>
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile
                                label={translate('dashboard.profiles')}
                                value={data.profiles.total}
                                hint={translate('dashboard.profilesHint', {
                                    active: data.profiles.by_status.active,
                                    enrollment: data.profiles.by_status.enrollment,
                                    inactive: data.profiles.by_status.inactive,
                                })}
                                to={canProfiles ? listLink('/profiles', {}, accountId) : undefined}
                            />
                        </Grid>
                    </Grid>
                    <Grid size={{ xs: 12, md: 8 }}>
                        <Panel
                            title={translate('dashboard.eventsPerDay')}
                            action={canStatistics && <PanelLink to="/statistics">{translate('dashboard.openStatistics')}</PanelLink>}
                        >
                            <EventsPerDay rows={data.events.per_day} />
                        </Panel>
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                        <Panel title={translate('dashboard.eventsByGroup')}>
                            <EventsByGroup rows={data.events.last_24h} link={eventsLink && (group => eventsLink(group, dayAgo))} />
                        </Panel>
                    </Grid>
                    <Grid size={{ xs: 12, md: 8 }}>
                        <Panel
                            title={translate('dashboard.latestIncidents')}
                            action={eventsLink && <PanelLink to={eventsLink()}>{translate('dashboard.allEvents')}</PanelLink>}
                        >
                            <LatestIncidents events={data.events.latest_incidents} link={eventsLink && (group => eventsLink(group))} />
                        </Panel>
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                        <Panel
                            title={translate('dashboard.offlineDevices')}
                            action={devicesLink && <PanelLink to={devicesLink('offline')}>{translate('dashboard.allOffline')}</PanelLink>}
                        >
                            <OfflineReaders devices={data.devices.offline} link={canDevices ? id => `/devices/${id}` : undefined} />
                        </Panel>
                    </Grid>
                    {data.sign_ins && (
                        <Grid size={{ xs: 12, md: 8 }}>
                            <Panel title={translate('dashboard.signIns')}>
                                <SignIns rows={data.sign_ins} />
                            </Panel>
                        </Grid>
                    )}
                    <Grid size={{ xs: 12, md: 4 }}>
                        <Panel title={translate('dashboard.usersByRole')}>
                            <List dense disablePadding>
                                {ROLES.filter(r => data.users.by_role[r]).map(role => {
                                    const text = <ListItemText primary={translate(`app.roles.${role}`)} />;
                                    const count = <Chip size="small" label={data.users.by_role[role]} />;
                                    return canUsers ? (
                                        <ListItemButton key={role} component={RouterLink} to={usersLink(role)} sx={{ px: 1 }}>
                                            {text}
                                            {count}
                                        </ListItemButton>
                                    ) : (
                                        <ListItem key={role} disableGutters secondaryAction={count}>
                                            {text}
                                        </ListItem>
                                    );
                                })}
                            </List>
                        </Panel>
                    </Grid>
                    {data.recent_activity && (
                        <Grid size={12}>
                            <Panel
                                title={translate('dashboard.recent')}
                                action={canAudit && <PanelLink to="/audit_logs">{translate('dashboard.allActivity')}</PanelLink>}
                            >
                                {data.recent_activity.length === 0 && (
                                    <Typography color="text.secondary">{translate('dashboard.noActivity')}</Typography>
                                )}
                                <List dense disablePadding>
                                    {data.recent_activity.map(entry => (
                                        <ListItem key={entry.id} disableGutters>
                                            <ListItemText
                                                primary={translate('dashboard.entry', {
                                                    user: entry.user_name ?? '-',
                                                    action: translate(`dashboard.actions.${entry.action}`, { _: entry.action }),
                                                    entity: `${entry.entity}${entry.entity_id ? ` #${entry.entity_id}` : ''}`,
                                                })}
                                                secondary={
                                                    <Tooltip title={formatDate(entry.timestamp)}>
                                                        <span>{formatRelativeTime(translate, entry.timestamp)}</span>
                                                    </Tooltip>
                                                }
                                            />
                                        </ListItem>
                                    ))}
                                </List>
                            </Panel>
                        </Grid>
                    )}
                </Grid>
            )}
        </Box>
    );
};
