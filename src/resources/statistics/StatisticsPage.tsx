import { useState } from 'react';
import { Box, FormControlLabel, Grid, Stack, Switch, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { EventAggregateReply } from '../../../contract/events';
import { roleReachesBelow } from '../../../contract/roles';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { Query } from '../../dataProvider/http';
import { LoadFailure } from '../../layout/LoadFailure';
import { useSession } from '../../session/useSession';
import { rangeStart } from '../events/dateRange';
import { PeriodPicker } from '../events/EventToolbar';
import { GROUP_COLORS } from '../events/groupColors';
import { ChartPanel, Empty, GROUPINGS, type Grouping } from './ChartPanel';
import { authVsIncidents, byType, daysBetween, perDayByGroup, perHour, perReader } from './series';

type Rows = EventAggregateReply['result'];

const useAggregate = (grouping: Grouping, query: Query) => {
    const dataProvider = useDataProvider<ConsoleDataProvider>();
    const session = useSession();
    return useQuery({
        queryKey: ['events', 'aggregate', session?.currentAccountId, grouping, query],
        queryFn: ({ signal }) =>
            dataProvider
                .call<{ result: Rows }>('/events/aggregate', { query: { ...query, group_by: GROUPINGS[grouping] }, signal })
                .then(r => r.result),
        enabled: !!session,
    });
};

/**
 * /statistics (SPEC 2.2, statistics right): security events of the period by
 * type per day, by reader, authentications versus incidents and the busiest
 * hours, as charts, each with its CSV; in the user's time zone.
 */
export const StatisticsPage = () => {
    const translate = useTranslate();
    const session = useSession();
    const [params, setParams] = useSearchParams();
    // the default period: the last month
    const [defaultFrom] = useState(() => rangeStart(30));
    const from = params.get('from') ?? (params.has('to') ? undefined : defaultFrom);
    const to = params.get('to') ?? undefined;
    // In their own account, roles that reach below start with every account in reach, as the dashboard counts them.
    const asked = params.get('cross_account');
    const below = asked
        ? asked === 'true'
        : !!session && roleReachesBelow(session.role) && session.currentAccountId === session.ownAccountId;
    const [timezoneOffset] = useState(() => new Date().getTimezoneOffset());
    const query: Query = { from, to, timezone_offset: timezoneOffset, ...(below ? { cross_account: true } : {}) };
    const dayType = useAggregate('dayType', query);
    const hours = useAggregate('hour', query);
    const devices = useAggregate('device', query);
    if (!session) return null;

    const update = (next: Record<string, string | undefined>) => {
        const merged = new URLSearchParams(params);
        for (const [k, v] of Object.entries(next)) {
            if (v === undefined) merged.delete(k);
            else merged.set(k, v);
        }
        setParams(merged);
    };
    const failed = dayType.error ?? hours.error ?? devices.error;
    const rows = dayType.data ?? [];
    const days = daysBetween(from, to, rows);
    const total = rows.reduce((sum, r) => sum + r.count, 0);
    const loading = dayType.isPending;
    const empty = !loading && total === 0;
    const groupLabel = (g: string) => translate(`resources.events.groups.${g}`);
    const typeLabel = (t: string) => translate(`resources.events.types.${t}`, { _: t });
    const dayLabels = days.map(d => d.slice(5));

    const types = byType(rows);
    const auth = authVsIncidents(rows, days);
    const readers = perReader(devices.data ?? []);
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('statistics.title')} />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
                <Box>
                    <Typography variant="h5" component="h1">
                        {translate('statistics.title')}
                    </Typography>
                    <Typography color="text.secondary">
                        {translate(below ? 'statistics.introBelow' : 'statistics.intro', { account: session.currentAccount.name })}
                        {!loading && !failed && ` · ${translate('statistics.total', { smart_count: total })}`}
                    </Typography>
                </Box>
                {roleReachesBelow(session.role) && (
                    <FormControlLabel
                        control={<Switch checked={below} onChange={e => update({ cross_account: e.target.checked ? 'true' : 'false' })} />}
                        label={translate('statistics.includeBelow')}
                    />
                )}
            </Stack>
            <Box sx={{ mb: 2 }}>
                <PeriodPicker from={from} to={to} any={false} onChange={range => update({ from: range.from ?? '', to: range.to })} />
            </Box>
            {failed ? (
                <LoadFailure onRefresh={() => void Promise.all([dayType.refetch(), hours.refetch(), devices.refetch()])} />
            ) : (
                <Grid container spacing={2}>
                    <Grid size={12}>
                        <ChartPanel title={translate('statistics.charts.perDay')} csv="dayType" query={query} loading={loading}>
                            {empty ? (
                                <Empty />
                            ) : (
                                <BarChart
                                    skipAnimation
                                    height={300}
                                    xAxis={[{ scaleType: 'band', data: dayLabels, tickLabelStyle: { fontSize: 10 } }]}
                                    yAxis={[{ tickMinStep: 1, width: 44 }]}
                                    series={perDayByGroup(rows, days).map(s => ({
                                        id: s.group,
                                        stack: 'events',
                                        label: groupLabel(s.group),
                                        color: GROUP_COLORS[s.group],
                                        data: s.data,
                                    }))}
                                />
                            )}
                        </ChartPanel>
                    </Grid>
                    <Grid size={{ xs: 12, lg: 6 }}>
                        <ChartPanel title={translate('statistics.charts.authVsIncidents')} csv="dayType" query={query} loading={loading}>
                            {empty ? (
                                <Empty />
                            ) : (
                                <LineChart
                                    skipAnimation
                                    height={300}
                                    xAxis={[{ scaleType: 'point', data: dayLabels, tickLabelStyle: { fontSize: 10 } }]}
                                    yAxis={[{ tickMinStep: 1, width: 44 }]}
                                    series={[
                                        {
                                            id: 'authentications',
                                            label: translate('statistics.series.authentications'),
                                            data: auth.authentications,
                                            color: GROUP_COLORS.authenticated,
                                            showMark: false,
                                            curve: 'linear',
                                        },
                                        {
                                            id: 'incidents',
                                            label: translate('statistics.series.incidents'),
                                            data: auth.incidents,
                                            color: GROUP_COLORS.unauthorized,
                                            showMark: false,
                                            curve: 'linear',
                                        },
                                    ]}
                                />
                            )}
                        </ChartPanel>
                    </Grid>
                    <Grid size={{ xs: 12, lg: 6 }}>
                        <ChartPanel title={translate('statistics.charts.busiestHours')} csv="hour" query={query} loading={hours.isPending}>
                            {empty ? (
                                <Empty />
                            ) : (
                                <BarChart
                                    skipAnimation
                                    height={240}
                                    xAxis={[
                                        {
                                            scaleType: 'band',
                                            data: Array.from({ length: 24 }, (_, h) => translate('statistics.hour', { hour: h })),
                                        },
                                    ]}
                                    yAxis={[{ tickMinStep: 1, width: 44 }]}
                                    series={[
                                        {
                                            id: 'hours',
                                            label: translate('statistics.series.events'),
                                            data: perHour(hours.data ?? []),
                                            color: '#1f4e79',
                                        },
                                    ]}
                                    hideLegend
                                />
                            )}
                        </ChartPanel>
                    </Grid>
                    <Grid size={{ xs: 12, lg: 6 }}>
                        <ChartPanel title={translate('statistics.charts.byType')} csv="dayType" query={query} loading={loading}>
                            {empty ? (
                                <Empty />
                            ) : (
                                <BarChart
                                    skipAnimation
                                    layout="horizontal"
                                    height={Math.max(200, 28 * types.length + 60)}
                                    yAxis={[
                                        {
                                            scaleType: 'band',
                                            data: types.map(t => typeLabel(t.type)),
                                            width: 230,
                                            tickLabelStyle: { fontSize: 11 },
                                        },
                                    ]}
                                    xAxis={[{ tickMinStep: 1 }]}
                                    series={[
                                        {
                                            id: 'types',
                                            label: translate('statistics.series.events'),
                                            data: types.map(t => t.count),
                                            color: '#1f4e79',
                                        },
                                    ]}
                                    hideLegend
                                />
                            )}
                        </ChartPanel>
                    </Grid>
                    <Grid size={{ xs: 12, lg: 6 }}>
                        <ChartPanel title={translate('statistics.charts.perReader')} csv="device" query={query} loading={devices.isPending}>
                            {empty ? (
                                <Empty />
                            ) : (
                                <BarChart
                                    skipAnimation
                                    layout="horizontal"
                                    height={Math.max(200, 32 * readers.readers.length + 90)}
                                    yAxis={[
                                        {
                                            scaleType: 'band',
                                            data: readers.readers.map(
                                                r => r.label || (r.device_id ? `#${r.device_id}` : translate('statistics.noReader')),
                                            ),
                                            width: 160,
                                            tickLabelStyle: { fontSize: 11 },
                                        },
                                    ]}
                                    xAxis={[{ tickMinStep: 1 }]}
                                    series={readers.series.map(s => ({
                                        id: s.group,
                                        stack: 'readers',
                                        label: groupLabel(s.group),
                                        color: GROUP_COLORS[s.group],
                                        data: s.data,
                                    }))}
                                />
                            )}
                        </ChartPanel>
                    </Grid>
                </Grid>
            )}
        </Box>
    );
};
