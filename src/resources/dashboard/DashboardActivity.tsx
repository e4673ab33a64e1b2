import { Chip, List, ListItem, ListItemButton, ListItemText, Tooltip, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardReply } from '../../../contract/dashboard';
import { ROLES, type Role } from '../../../contract/roles';
import { formatDate, formatRelativeTime } from '../../i18n/format';
import { auditSentence } from '../audit-logs';

/** The last 30 days (UTC, as the server counts them), oldest first, the days without sign-in as 0. */
export const last30Days = (rows: NonNullable<DashboardReply['sign_ins']>, now = Date.now()) => {
    const counts = new Map(rows.map(r => [r.day, r.count]));
    return Array.from({ length: 30 }, (_, i) => {
        const day = new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10);
        return { day, count: counts.get(day) ?? 0 };
    });
};

export const SignIns = ({ rows }: { rows: NonNullable<DashboardReply['sign_ins']> }) => {
    const translate = useTranslate();
    const brand = useTheme().palette.primary.main;
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
                series={[{ data: days.map(d => d.count), label: translate('dashboard.signIns'), color: brand }]}
                hideLegend
            />
        </>
    );
};

/** Users by role, each leading to the users list filtered on it when the user may open it. */
export const UsersByRole = ({ byRole, link }: { byRole: DashboardReply['users']['by_role']; link?: (role: Role) => string }) => {
    const translate = useTranslate();
    return (
        <List dense disablePadding>
            {ROLES.filter(r => byRole[r]).map(role => {
                const text = <ListItemText primary={translate(`app.roles.${role}`)} />;
                const count = <Chip size="small" label={byRole[role]} />;
                return link ? (
                    <ListItemButton key={role} component={RouterLink} to={link(role)} sx={{ px: 1 }}>
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
    );
};

/** The latest audit entries in words, with their age. */
export const RecentActivity = ({ entries }: { entries: NonNullable<DashboardReply['recent_activity']> }) => {
    const translate = useTranslate();
    return (
        <>
            {entries.length === 0 && <Typography color="text.secondary">{translate('dashboard.noActivity')}</Typography>}
            <List dense disablePadding>
                {entries.map(entry => (
                    <ListItem key={entry.id} disableGutters>
                        <ListItemText
                            primary={auditSentence(translate, entry)}
                            secondary={
                                <Tooltip title={formatDate(entry.timestamp)}>
                                    <span>{formatRelativeTime(translate, entry.timestamp)}</span>
                                </Tooltip>
                            }
                        />
                    </ListItem>
                ))}
            </List>
        </>
    );
};
