import { Box, Grid, Skeleton, Typography } from '@mui/material';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { DashboardReply } from '../../../contract/dashboard';
import { canOpenRoute } from '../../../contract/routes';
import { LoadFailure } from '../../components/LoadFailure';
import type { ConsoleDataProvider } from '../../dataProvider';
import { ALL_ACCOUNTS, scopeQuery, useAccountScope } from '../../lists/accountScope';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import type { Session } from '../../session/session';
import { useSession } from '../../session/useSession';
import { RecentActivity, SignIns, UsersByRole } from './DashboardActivity';
import { EventsByGroup, EventsPerDay, LatestIncidents, OfflineReaders, Panel, PanelLink } from './DashboardPanels';
import { FigureTiles, type DashboardLinks } from './DashboardTiles';

export { last30Days } from './DashboardActivity';

/** The dashboard reads the account scope as the lists do; it has no sort of its own. */
const SORT_NONE = { field: 'id', order: 'ASC' } as const;

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

/** Where each figure leads, for the screens the user may open. */
const linksOf = (session: Session, accountId: string | undefined, fetchedAt: number): DashboardLinks => {
    const may = (route: Parameters<typeof canOpenRoute>[0]) => canOpenRoute(route, session.flags);
    return {
        accounts: may('accounts'),
        users: may('users') ? role => listLink('/users', { role }, accountId) : undefined,
        devices: may('devices') ? status => listLink('/devices', { status }, accountId) : undefined,
        events: may('events') ? (group, from) => listLink('/events', { group, from }, accountId) : undefined,
        profiles: may('profiles') ? listLink('/profiles', {}, accountId) : undefined,
        dayAgo: new Date(fetchedAt - 86_400_000).toISOString(),
    };
};

/** The panels under the figures: events, incidents, offline readers, sign-ins, users by role, recent activity. */
const Panels = ({ data, links, session }: { data: DashboardReply; links: DashboardLinks; session: Session }) => {
    const translate = useTranslate();
    const { events, devices, dayAgo } = links;
    return (
        <>
            <Grid size={{ xs: 12, md: 8 }}>
                <Panel
                    title={translate('dashboard.eventsPerDay')}
                    action={
                        canOpenRoute('statistics', session.flags) && (
                            <PanelLink to="/statistics">{translate('dashboard.openStatistics')}</PanelLink>
                        )
                    }
                >
                    <EventsPerDay rows={data.events.per_day} />
                </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
                <Panel title={translate('dashboard.eventsByGroup')}>
                    <EventsByGroup rows={data.events.last_24h} link={events && (group => events(group, dayAgo))} />
                </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
                <Panel
                    title={translate('dashboard.latestIncidents')}
                    action={events && <PanelLink to={events()}>{translate('dashboard.allEvents')}</PanelLink>}
                >
                    <LatestIncidents events={data.events.latest_incidents} link={events && (group => events(group))} />
                </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
                <Panel
                    title={translate('dashboard.offlineDevices')}
                    action={devices && <PanelLink to={devices('offline')}>{translate('dashboard.allOffline')}</PanelLink>}
                >
                    <OfflineReaders devices={data.devices.offline} link={devices ? id => `/devices/${id}` : undefined} />
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
                    <UsersByRole byRole={data.users.by_role} link={links.users} />
                </Panel>
            </Grid>
            {data.recent_activity && (
                <Grid size={12}>
                    <Panel
                        title={translate('dashboard.recent')}
                        action={
                            canOpenRoute('auditLogs', session.flags) && (
                                <PanelLink to="/audit_logs">{translate('dashboard.allActivity')}</PanelLink>
                            )
                        }
                    >
                        <RecentActivity entries={data.recent_activity} />
                    </Panel>
                </Grid>
            )}
        </>
    );
};

/**
 * The dashboard (SPEC leaves its content open): what the current account and
 * those below it hold (accounts, users, devices by state, profiles), security
 * events over 24 hours and 30 days, the latest incidents with their pictures,
 * the offline readers, sign-ins and the latest audit entries; each leads to
 * the screen that shows more when the user may open it. A failure to read it
 * is the SPEC 2.5 page and a notice with the request id.
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
    useFailureNotice(error, 'dashboard.loadFailed');
    if (!session) return null;
    // Across accounts, the figures hold the accounts below too; a customer account has none.
    const reachesBelow = accountId === ALL_ACCOUNTS && data?.account.type !== 'customer';
    const links = linksOf(session, accountId, dataUpdatedAt);
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
                    <FigureTiles data={data} links={links} />
                    <Panels data={data} links={links} session={session} />
                </Grid>
            )}
        </Box>
    );
};
