import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, CardHeader, Chip, Grid, Link, List, ListItem, ListItemButton, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardReply } from '../../contract/dashboard';
import { canOpenRoute } from '../../contract/routes';
import { isAtLeast, ROLES, type Role } from '../../contract/roles';
import type { ConsoleDataProvider } from '../dataProvider';
import { formatDate, formatRelativeTime } from '../i18n/format';
import { useSession } from '../session/useSession';
import { LoadFailure } from './LoadFailure';

const Tile = ({ label, value, hint, to }: { label: string; value: ReactNode; hint?: string; to?: string }) => {
    const body = (
        <CardContent>
            <Typography variant="body2" color="text.secondary">{label}</Typography>
            <Typography variant="h4" component="p">{value}</Typography>
            {hint && <Typography variant="caption" color="text.secondary">{hint}</Typography>}
        </CardContent>
    );
    return (
        <Card variant="outlined" sx={{ height: '100%' }}>
            {to ? <CardActionArea component={RouterLink} to={to} aria-label={label} sx={{ height: '100%' }}>{body}</CardActionArea> : body}
        </Card>
    );
};

const Panel = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title}>
        <CardHeader title={title} action={action} slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }} />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
);

/** The last 30 days (UTC, as the server counts them), oldest first, the days without sign-in as 0. */
export const last30Days = (rows: DashboardReply['sign_ins'], now = Date.now()) => {
    const counts = new Map(rows.map(r => [r.day, r.count]));
    return Array.from({ length: 30 }, (_, i) => {
        const day = new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, count: counts.get(day) ?? 0 };
    });
};

const SignIns = ({ rows }: { rows: DashboardReply['sign_ins'] }) => {
    const translate = useTranslate();
    const days = last30Days(rows);
    const total = days.reduce((sum, d) => sum + d.count, 0);
    if (!total) return <Typography color="text.secondary">{translate('layout.dashboard.noSignIns')}</Typography>;
    return (
        <>
            <Typography variant="body2" color="text.secondary">{translate('layout.dashboard.signInsTotal', { smart_count: total })}</Typography>
            <BarChart
                skipAnimation
                height={220}
                margin={{ left: 0, right: 8 }}
                xAxis={[{ scaleType: 'band', data: days.map(d => d.day.slice(5)), tickLabelStyle: { fontSize: 10 } }]}
                yAxis={[{ tickMinStep: 1, width: 32 }]}
                series={[{ data: days.map(d => d.count), label: translate('layout.dashboard.signIns'), color: '#1f4e79' }]}
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

/**
 * The dashboard (SPEC leaves its content open): what the current account and
 * those below it hold, sign-ins over 30 days, and the latest audit entries,
 * each leading to the screen that shows more when the user may open it.
 */
export const Dashboard = () => {
    const translate = useTranslate();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, error, refetch, isPending } = useQuery({
        queryKey: ['dashboard', session?.currentAccountId],
        queryFn: ({ signal }) => dataProvider.call<DashboardReply>('/dashboard', { signal }),
        enabled: !!session,
    });
    if (!session) return null;
    const canAccounts = canOpenRoute('accounts', session.flags);
    const canUsers = canOpenRoute('users', session.flags);
    const canAudit = canOpenRoute('auditLogs', session.flags);
    // The server counts the accounts below for installer and above; a customer account has none.
    const reachesBelow = isAtLeast(session.role, 'installer') && data?.account.type !== 'customer';
    // Counts that include the accounts below lead to a list across accounts.
    const usersLink = (role?: Role) => {
        const query = new URLSearchParams({ ...(role ? { role } : {}), ...(reachesBelow ? { cross_account: 'true' } : {}) }).toString();
        return `/users${query ? `?${query}` : ''}`;
    };
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('layout.dashboard.title')} />
            <Typography variant="h5" component="h1">
                {translate('layout.dashboard.welcome', { name: session.me.name })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate(reachesBelow ? 'layout.dashboard.scope' : 'layout.dashboard.scopeAlone', { account: data?.account.name ?? session.currentAccount.name })}
            </Typography>
            {isPending && <Loading />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && (
                <Grid container spacing={2}>
                    {/* the tiles share one row, whatever their number */}
                    <Grid size={12} container spacing={2}>
                        {canAccounts && data.account.type === 'platform' && (
                            <Grid size={{ xs: 6, md: 'grow' }}>
                                <Tile label={translate('layout.dashboard.dealers')} value={data.accounts.dealers} to="/accounts?type=dealer" />
                            </Grid>
                        )}
                        {canAccounts && data.account.type !== 'customer' && (
                            <Grid size={{ xs: 6, md: 'grow' }}>
                                <Tile label={translate('layout.dashboard.customers')} value={data.accounts.customers} to="/accounts?type=customer" />
                            </Grid>
                        )}
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile label={translate('layout.dashboard.users')} value={data.users.total} to={canUsers ? usersLink() : undefined} />
                        </Grid>
                        <Grid size={{ xs: 6, md: 'grow' }}>
                            <Tile
                                label={translate('layout.dashboard.withTfa')}
                                value={data.users.with_tfa}
                                hint={data.users.total ? translate('layout.dashboard.share', { percent: Math.round((100 * data.users.with_tfa) / data.users.total) }) : undefined}
                            />
                        </Grid>
                    </Grid>
                    <Grid size={{ xs: 12, md: 8 }}>
                        <Panel title={translate('layout.dashboard.signIns')}>
                            <SignIns rows={data.sign_ins} />
                        </Panel>
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                        <Panel title={translate('layout.dashboard.usersByRole')}>
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
                    <Grid size={12}>
                        <Panel
                            title={translate('layout.dashboard.recent')}
                            action={canAudit && <Link component={RouterLink} to="/audit_logs" variant="body2" sx={{ display: 'inline-block', mt: 1, mr: 1 }}>{translate('layout.dashboard.allActivity')}</Link>}
                        >
                            {data.recent_activity.length === 0 && <Typography color="text.secondary">{translate('layout.dashboard.noActivity')}</Typography>}
                            <List dense disablePadding>
                                {data.recent_activity.map(entry => (
                                    <ListItem key={entry.id} disableGutters>
                                        <ListItemText
                                            primary={translate('layout.dashboard.entry', {
                                                user: entry.user_name ?? '-',
                                                action: translate(`layout.dashboard.actions.${entry.action}`, { _: entry.action }),
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
                </Grid>
            )}
        </Box>
    );
};
