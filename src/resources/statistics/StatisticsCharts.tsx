import type { ReactElement } from 'react';
import { Grid, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { EventAggregateReply } from '../../../contract/events';
import type { Query } from '../../dataProvider/http';
import { GROUP_COLORS } from '../events';
import { ChartPanel, Empty } from './ChartPanel';
import { authVsIncidents, byType, perDayByGroup, perHour, perReader } from './series';

export type Rows = EventAggregateReply['result'];

/** The three aggregates of the period, as the page read them. */
export interface Aggregates {
    dayType: { data?: Rows; isPending: boolean };
    hours: { data?: Rows; isPending: boolean };
    devices: { data?: Rows; isPending: boolean };
}

interface ChartsProps extends Aggregates {
    query: Query;
    /** the local days of the period, oldest first */
    days: string[];
    /** the period holds no event: each chart says so */
    empty: boolean;
}

/** The five charts of the page, each in its card with its CSV (SPEC 2.2 statistics). */
export const StatisticsCharts = ({ query, days, empty, dayType, hours, devices }: ChartsProps) => {
    const translate = useTranslate();
    // the brand colour of the theme shown, lighter in the dark one (src/layout/theme.ts)
    const plain = useTheme().palette.primary.main;
    const rows = dayType.data ?? [];
    const loading = dayType.isPending;
    const groupLabel = (g: string) => translate(`resources.events.groups.${g}`);
    const typeLabel = (t: string) => translate(`resources.events.types.${t}`, { _: t });
    const dayLabels = days.map(d => d.slice(5));
    const types = byType(rows);
    const auth = authVsIncidents(rows, days);
    const readers = perReader(devices.data ?? []);
    const panel = (title: string, csv: 'dayType' | 'hour' | 'device', pending: boolean, chart: () => ReactElement) => (
        <ChartPanel title={translate(`statistics.charts.${title}`)} csv={csv} query={query} loading={pending}>
            {empty ? <Empty /> : chart()}
        </ChartPanel>
    );
    return (
        <Grid container spacing={2}>
            <Grid size={12}>
                {panel('perDay', 'dayType', loading, () => (
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
                ))}
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
                {panel('authVsIncidents', 'dayType', loading, () => (
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
                ))}
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
                {panel('busiestHours', 'hour', hours.isPending, () => (
                    <BarChart
                        skipAnimation
                        height={240}
                        xAxis={[
                            { scaleType: 'band', data: Array.from({ length: 24 }, (_, h) => translate('statistics.hour', { hour: h })) },
                        ]}
                        yAxis={[{ tickMinStep: 1, width: 44 }]}
                        series={[
                            { id: 'hours', label: translate('statistics.series.events'), data: perHour(hours.data ?? []), color: plain },
                        ]}
                        hideLegend
                    />
                ))}
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
                {panel('byType', 'dayType', loading, () => (
                    <BarChart
                        skipAnimation
                        layout="horizontal"
                        height={Math.max(200, 28 * types.length + 60)}
                        yAxis={[
                            { scaleType: 'band', data: types.map(t => typeLabel(t.type)), width: 230, tickLabelStyle: { fontSize: 11 } },
                        ]}
                        xAxis={[{ tickMinStep: 1 }]}
                        series={[
                            { id: 'types', label: translate('statistics.series.events'), data: types.map(t => t.count), color: plain },
                        ]}
                        hideLegend
                    />
                ))}
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
                {panel('perReader', 'device', devices.isPending, () => (
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
                ))}
            </Grid>
        </Grid>
    );
};
