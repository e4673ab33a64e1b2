import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, CardHeader, Chip, Grid, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardReply } from '../../contract/dashboard';
import { canOpenRoute } from '../../contract/routes';
import { ROLE_LABELS, ROLES } from '../../contract/roles';
import type { ConsoleDataProvider } from '../dataProvider';
import { formatDate } from '../i18n/format';
import { useSession } from '../session/useSession';
import { LoadFailure } from './LoadFailure';

const Tile = ({ label, value, to }: { label: string; value: number; to?: string }) => {
    const body = (
        <CardContent>
            <Typography variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography variant="h4" component="p">
                {value}
            </Typography>
        </CardContent>
    );
    return (
        <Card variant="outlined" sx={{ height: '100%' }}>
            {to ? <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>{body}</CardActionArea> : body}
        </Card>
    );
};

const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
    <Card variant="outlined" sx={{ height: '100%' }}>
        <CardHeader title={title} slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 } } }} />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
);

/** The last 30 days, oldest first, with the days that had no sign-in as 0. */
const last30Days = (rows: DashboardReply['sign_ins']) => {
    const counts = new Map(rows.map(r => [r.day, r.count]));
    return Array.from({ length: 30 }, (_, i) => {
        const day = new Date(Date.now() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day: day.slice(5), count: counts.get(day) ?? 0 };
    });
};

/** The dashboard (SPEC leaves its content open): what the current account holds and what happened lately. */
export const Dashboard = () => {
    const translate = useTranslate();
    const session = useSession();
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const { data, error, refetch, isPending } = useQuery({
        queryKey: ['dashboard', session?.currentAccountId],
        queryFn: () => dataProvider.call<DashboardReply>('/dashboard'),
        enabled: !!session,
    });
    if (!session) return null;
    const canAccounts = canOpenRoute('accounts', session.flags);
    const canUsers = canOpenRoute('users', session.flags);
    const canAudit = canOpenRoute('auditLogs', session.flags);
    const days = data ? last30Days(data.sign_ins) : [];
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('layout.dashboard.title')} />
            <Typography variant="h5" component="h1">
                {translate('layout.dashboard.welcome', { name: session.me.name })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
                {translate('layout.dashboard.scope', { account: session.currentAccount.name })}
            </Typography>
            {isPending && <LinearProgress />}
            {error && <LoadFailure onRefresh={() => void refetch()} />}
            {data && (
                <Grid container spacing={2}>
                    {canAccounts && data.account.type === 'platform' && (
                        <Grid size={{ xs: 6, md: 3 }}>
                            <Tile label={translate('layout.dashboard.dealers')} value={data.accounts.dealers} to="/accounts?type=dealer" />
                        </Grid>
                    )}
                    {canAccounts && data.account.type !== 'customer' && (
                        <Grid size={{ xs: 6, md: 3 }}>
                            <Tile label={translate('layout.dashboard.customers')} value={data.accounts.customers} to="/accounts?type=customer" />
                        </Grid>
                    )}
                    <Grid size={{ xs: 6, md: 3 }}>
                        <Tile label={translate('layout.dashboard.users')} value={data.users.total} to={canUsers ? '/users' : undefined} />
                    </Grid>
                    <Grid size={{ xs: 6, md: 3 }}>
                        <Tile label={translate('layout.dashboard.withTfa')} value={data.users.with_tfa} />
                    </Grid>
                    <Grid size={{ xs: 12, md: 8 }}>
                        <Panel title={translate('layout.dashboard.signIns')}>
                            {days.some(d => d.count) ? (
                                <BarChart skipAnimation height={240} xAxis={[{ scaleType: 'band', data: days.map(d => d.day) }]} series={[{ data: days.map(d => d.count), label: translate('layout.dashboard.signIns') }]} hideLegend />
                            ) : (
                                <Typography color="text.secondary">{translate('layout.dashboard.noSignIns')}</Typography>
                            )}
                        </Panel>
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                        <Panel title={translate('layout.dashboard.usersByRole')}>
                            <List dense disablePadding>
                                {ROLES.filter(r => data.users.by_role[r]).map(role => (
                                    <ListItem
                                        key={role}
                                        disableGutters
                                        secondaryAction={<Chip size="small" label={data.users.by_role[role]} />}
                                        {...(canUsers ? { component: RouterLink, to: `/users?role=${role}&cross_account=true` } : {})}
                                        sx={{ color: 'inherit' }}
                                    >
                                        <ListItemText primary={ROLE_LABELS[role]} />
                                    </ListItem>
                                ))}
                            </List>
                        </Panel>
                    </Grid>
                    <Grid size={12}>
                        <Panel title={translate('layout.dashboard.recent')}>
                            {data.recent_activity.length === 0 && <Typography color="text.secondary">{translate('layout.dashboard.noActivity')}</Typography>}
                            <List dense disablePadding>
                                {data.recent_activity.map(entry => (
                                    <ListItem key={entry.id} disableGutters>
                                        <ListItemText
                                            primary={`${entry.user_name ?? '-'} · ${entry.action} · ${entry.entity}${entry.entity_id ? ` #${entry.entity_id}` : ''}`}
                                            secondary={formatDate(entry.timestamp)}
                                        />
                                    </ListItem>
                                ))}
                            </List>
                            {canAudit && (
                                <Typography component={RouterLink} to="/audit_logs" variant="body2" color="primary">
                                    {translate('layout.dashboard.allActivity')}
                                </Typography>
                            )}
                        </Panel>
                    </Grid>
                </Grid>
            )}
        </Box>
    );
};
