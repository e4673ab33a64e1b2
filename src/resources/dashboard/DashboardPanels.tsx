import type { ReactNode } from 'react';
import {
    Box,
    Card,
    CardActionArea,
    CardContent,
    CardHeader,
    Chip,
    Grid,
    Link,
    List,
    ListItem,
    ListItemButton,
    ListItemText,
    Tooltip,
    Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardReply } from '../../../contract/dashboard';
import { EVENT_GROUPS, type EventGroup } from '../../../contract/events';
import { formatDate, formatRelativeTime } from '../../i18n/format';
import { EventThumbnail, GROUP_COLORS } from '../events';
import { useFormatNumber } from '../../i18n/useFormatNumber';

export const Tile = ({ label, value, hint, to }: { label: string; value: ReactNode; hint?: string; to?: string }) => {
    const formatNumber = useFormatNumber();
    const body = (
        <CardContent>
            <Typography variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography variant="h4" component="p">
                {typeof value === 'number' ? formatNumber(value) : value}
            </Typography>
            {hint && (
                <Typography variant="caption" color="text.secondary">
                    {hint}
                </Typography>
            )}
        </CardContent>
    );
    return (
        <Card variant="outlined" sx={{ height: '100%' }}>
            {to ? (
                <CardActionArea component={RouterLink} to={to} aria-label={label} sx={{ height: '100%' }}>
                    {body}
                </CardActionArea>
            ) : (
                body
            )}
        </Card>
    );
};

export const Panel = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title}>
        <CardHeader
            title={title}
            action={action}
            slotProps={{ title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 600 } } }}
        />
        <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
);

export const PanelLink = ({ to, children }: { to: string; children: ReactNode }) => (
    <Link component={RouterLink} to={to} variant="body2" sx={{ display: 'inline-block', mt: 1, mr: 1 }}>
        {children}
    </Link>
);

/** A list row that leads somewhere when `to` is given, plain otherwise. */
const Row = ({ to, primary, secondary, count }: { to?: string; primary: ReactNode; secondary?: ReactNode; count?: ReactNode }) => {
    const text = <ListItemText primary={primary} secondary={secondary} />;
    return to ? (
        <ListItemButton component={RouterLink} to={to} sx={{ px: 1 }}>
            {text}
            {count}
        </ListItemButton>
    ) : (
        <ListItem disableGutters secondaryAction={count}>
            {text}
        </ListItem>
    );
};

/** The last 30 days (UTC, as the server counts them), oldest first. */
export const last30DayKeys = (now = Date.now()) =>
    Array.from({ length: 30 }, (_, i) => new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10));

/** Events of the last 24 hours by group, each row leading to the list filtered on it. */
export const EventsByGroup = ({ rows, link }: { rows: DashboardReply['events']['last_24h']; link?: (group: EventGroup) => string }) => {
    const translate = useTranslate();
    const shown = rows.filter(r => r.count > 0).sort((a, b) => EVENT_GROUPS.indexOf(a.group) - EVENT_GROUPS.indexOf(b.group));
    if (!shown.length) return <Typography color="text.secondary">{translate('dashboard.noEvents24h')}</Typography>;
    return (
        <List dense disablePadding>
            {shown.map(r => (
                <Row
                    key={r.group}
                    to={link?.(r.group)}
                    primary={
                        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: GROUP_COLORS[r.group] }} />
                            {translate(`resources.events.groups.${r.group}`)}
                        </Box>
                    }
                    count={<Chip size="small" label={r.count} />}
                />
            ))}
        </List>
    );
};

/** Events per day over 30 days, stacked by group. */
export const EventsPerDay = ({ rows }: { rows: DashboardReply['events']['per_day'] }) => {
    const translate = useTranslate();
    const days = last30DayKeys();
    const groups = EVENT_GROUPS.filter(g => rows.some(r => r.group === g && r.count > 0));
    if (!groups.length) return <Typography color="text.secondary">{translate('dashboard.noEvents30d')}</Typography>;
    const count = new Map(rows.map(r => [`${r.day}|${r.group}`, r.count]));
    return (
        <BarChart
            skipAnimation
            height={260}
            margin={{ left: 0, right: 8 }}
            xAxis={[{ scaleType: 'band', data: days.map(d => d.slice(5)), tickLabelStyle: { fontSize: 10 } }]}
            yAxis={[{ tickMinStep: 1, width: 40 }]}
            series={groups.map(g => ({
                id: g,
                stack: 'events',
                label: translate(`resources.events.groups.${g}`),
                color: GROUP_COLORS[g],
                data: days.map(d => count.get(`${d}|${g}`) ?? 0),
            }))}
            slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
        />
    );
};

/** The newest incidents with their pictures; each leads to the list of its group. */
export const LatestIncidents = ({
    events,
    link,
}: {
    events: DashboardReply['events']['latest_incidents'];
    link?: (group: EventGroup) => string;
}) => {
    const translate = useTranslate();
    if (!events.length) return <Typography color="text.secondary">{translate('dashboard.noIncidents')}</Typography>;
    return (
        <Grid container spacing={1.5}>
            {events.map(e => {
                const body = (
                    <Box sx={{ p: 1 }}>
                        <EventThumbnail event={e} width="100%" height={120} />
                        <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} noWrap>
                            {translate(`resources.events.types.${e.event}`, { _: e.event })}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="p" noWrap>
                            {e.device_deleted ? translate('resources.events.deleted.device') : (e.device_description ?? '-')} ·{' '}
                            <Tooltip title={formatDate(e.timestamp)}>
                                <span>{formatRelativeTime(translate, e.timestamp)}</span>
                            </Tooltip>
                        </Typography>
                    </Box>
                );
                const to = link?.(e.group);
                return (
                    <Grid key={e.id} size={{ xs: 6, sm: 4 }}>
                        <Card
                            variant="outlined"
                            component="article"
                            aria-label={translate(`resources.events.types.${e.event}`, { _: e.event })}
                        >
                            {to ? (
                                <CardActionArea component={RouterLink} to={to}>
                                    {body}
                                </CardActionArea>
                            ) : (
                                body
                            )}
                        </Card>
                    </Grid>
                );
            })}
        </Grid>
    );
};

/** Offline readers, most recently gone first, each leading to its device page. */
export const OfflineReaders = ({ devices, link }: { devices: DashboardReply['devices']['offline']; link?: (id: number) => string }) => {
    const translate = useTranslate();
    if (!devices.length) return <Typography color="text.secondary">{translate('dashboard.noOffline')}</Typography>;
    return (
        <List dense disablePadding>
            {devices.map(d => (
                <Row
                    key={d.id}
                    to={link?.(d.id)}
                    primary={d.description || `#${d.id}`}
                    secondary={`${d.account_name} · ${d.last_seen_at ? translate('dashboard.lastSeen', { time: formatRelativeTime(translate, d.last_seen_at) }) : translate('dashboard.neverSeen')}`}
                />
            ))}
        </List>
    );
};
