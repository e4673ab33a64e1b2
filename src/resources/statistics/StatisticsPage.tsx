import { useMemo, useState } from 'react';
import { Autocomplete, Box, Grid, Stack, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { EventAggregateReply } from '../../../contract/events';
import { hasAccountFilter } from '../../../contract/routes';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { Query } from '../../dataProvider/http';
import { LoadFailure } from '../../components/LoadFailure';
import { ALL_ACCOUNTS, scopeQuery } from '../../lists/accountScope';
import { useAccountList } from '../../session/accounts';
import { useSession } from '../../session/useSession';
import { GROUP_COLORS, PeriodPicker, rangeStart } from '../events';
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
 * The account filter of the page (SPEC 6.3), as the lists have it: one account in reach or All my accounts; cleared,
 * the page's default.
 */
const AccountPicker = ({ value, onChange }: { value: string | undefined; onChange: (accountId: string | undefined) => void }) => {
    const translate = useTranslate();
    const { data } = useAccountList();
    const choices = useMemo(
        () => [
            { id: ALL_ACCOUNTS, name: translate('app.lists.allAccounts') },
            ...(data ?? []).map(a => ({ id: String(a.id), name: a.name })),
        ],
        [data, translate],
    );
    const chosen = choices.find(c => c.id === value) ?? null;
    return (
        <Autocomplete
            size="small"
            sx={{ minWidth: 240 }}
            options={choices}
            value={chosen}
            getOptionLabel={c => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, c) => onChange(c?.id)}
            renderInput={params => <TextField {...params} label={translate('app.lists.account')} />}
        />
    );
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
    const { data: accountList } = useAccountList();
    // The account scope as the lists have it (src/lists/accountScope.tsx): admin, dealer and installer start on every
    // account in reach from their own account, on the account they switched to otherwise; others see their account.
    const reaches = !!session && hasAccountFilter(session.role) && !session.flags.singleTenant;
    const legacy = params.get('cross_account'); // an older link's "include the accounts below"
    const accountId = !reaches
        ? undefined
        : (params.get('account_id') ??
          (legacy === 'true'
              ? ALL_ACCOUNTS
              : legacy === 'false' || session.currentAccountId !== session.ownAccountId
                ? String(session.currentAccountId)
                : ALL_ACCOUNTS));
    const [timezoneOffset] = useState(() => new Date().getTimezoneOffset());
    const query: Query = { from, to, timezone_offset: timezoneOffset, ...scopeQuery(accountId) };
    const dayType = useAggregate('dayType', query);
    const hours = useAggregate('hour', query);
    const devices = useAggregate('device', query);
    if (!session) return null;

    const update = (next: Record<string, string | undefined>) => {
        const merged = new URLSearchParams(params);
        merged.delete('cross_account');
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
    const shownAccount = (id: number) =>
        accountList?.find(a => a.id === id)?.name ?? (id === session.currentAccountId ? session.currentAccount.name : `#${id}`);
    const intro =
        accountId === ALL_ACCOUNTS
            ? translate('statistics.introBelow', { account: session.me.account.name })
            : translate('statistics.intro', { account: accountId ? shownAccount(Number(accountId)) : session.currentAccount.name });

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
                        {intro}
                        {!loading && !failed && ` · ${translate('statistics.total', { smart_count: total })}`}
                    </Typography>
                </Box>
                {reaches && <AccountPicker value={accountId} onChange={id => update({ account_id: id })} />}
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
