import { useMemo, useState } from 'react';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { hasAccountFilter } from '../../../contract/routes';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { Query } from '../../dataProvider/http';
import { LoadFailure } from '../../components/LoadFailure';
import { ALL_ACCOUNTS, scopeQuery } from '../../lists/accountScope';
import { useFailureNotice } from '../../notifications/useFailureNotice';
import { useAccountList } from '../../session/accounts';
import { useSession } from '../../session/useSession';
import { PeriodPicker, rangeStart } from '../events';
import { GROUPINGS, type Grouping } from './ChartPanel';
import { daysBetween } from './series';
import { StatisticsCharts, type Rows } from './StatisticsCharts';

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
 * The page's period and account scope, from the URL: the last month by
 * default; the account scope as the lists have it (src/lists/accountScope.tsx):
 * admin, dealer and installer start on every account in reach from their own
 * account, on the account they switched to otherwise; others see their account.
 */
const useStatisticsScope = () => {
    const session = useSession();
    const [params, setParams] = useSearchParams();
    const [defaultFrom] = useState(() => rangeStart(30));
    const [timezoneOffset] = useState(() => new Date().getTimezoneOffset());
    const from = params.get('from') ?? (params.has('to') ? undefined : defaultFrom);
    const to = params.get('to') ?? undefined;
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
    const query: Query = { from, to, timezone_offset: timezoneOffset, ...scopeQuery(accountId) };
    const update = (next: Record<string, string | undefined>) => {
        const merged = new URLSearchParams(params);
        merged.delete('cross_account');
        for (const [k, v] of Object.entries(next)) {
            if (v === undefined) merged.delete(k);
            else merged.set(k, v);
        }
        setParams(merged);
    };
    return { from, to, reaches, accountId, query, update };
};

/** Whose events the page counts: the chosen account, or the user's account and those below it. */
const useIntro = (accountId: string | undefined) => {
    const translate = useTranslate();
    const session = useSession();
    const { data: accountList } = useAccountList();
    if (!session) return '';
    if (accountId === ALL_ACCOUNTS) return translate('statistics.introBelow', { account: session.me.account.name });
    const id = Number(accountId);
    const name = !accountId
        ? session.currentAccount.name
        : (accountList?.find(a => a.id === id)?.name ?? (id === session.currentAccountId ? session.currentAccount.name : `#${id}`));
    return translate('statistics.intro', { account: name });
};

/**
 * /statistics (SPEC 2.2, statistics right): security events of the period by
 * type per day, by reader, authentications versus incidents and the busiest
 * hours, as charts, each with its CSV; in the user's time zone. A failure to
 * read them is the SPEC 2.5 page and a notice with the request id.
 */
export const StatisticsPage = () => {
    const translate = useTranslate();
    const session = useSession();
    const { from, to, reaches, accountId, query, update } = useStatisticsScope();
    const intro = useIntro(accountId);
    const dayType = useAggregate('dayType', query);
    const hours = useAggregate('hour', query);
    const devices = useAggregate('device', query);
    const failed = dayType.error ?? hours.error ?? devices.error;
    useFailureNotice(failed, 'statistics.loadFailed');
    if (!session) return null;
    const rows = dayType.data ?? [];
    const total = rows.reduce((sum, r) => sum + r.count, 0);
    const loading = dayType.isPending;
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
                <StatisticsCharts
                    query={query}
                    days={daysBetween(from, to, rows)}
                    empty={!loading && total === 0}
                    dayType={dayType}
                    hours={hours}
                    devices={devices}
                />
            )}
        </Box>
    );
};
