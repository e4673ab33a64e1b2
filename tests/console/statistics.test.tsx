import { IMPLEMENTED_SCREENS } from '../../contract/menu';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { EventAggregateReply } from '../../contract/events';
import { RouteGuard } from '../../src/layout/RouteGuard';
import { rangeStart } from '../../src/resources/events/dateRange';
import { statisticsPlugin } from '../../src/resources/statistics/plugin';
import { StatisticsPage } from '../../src/resources/statistics/StatisticsPage';
import { authVsIncidents, byType, daysBetween, perDayByGroup, perHour, perReader } from '../../src/resources/statistics/series';
import { ACCOUNTS, Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';
import { stubObjectUrls } from './eventsFixtures';

type Rows = EventAggregateReply['result'];

const DAY_TYPE: Rows = [
    { day: '2026-03-01', type: '1FAFaceAuthenticated', count: 40 },
    { day: '2026-03-01', type: 'TailgatingByUnknownUser', count: 2 },
    { day: '2026-03-02', type: '2FAAuthenticated', count: 10 },
    { day: '2026-03-02', type: 'TamperedReaderDetected', count: 1 },
    { day: '2026-03-02', type: 'TamperedReaderRestored', count: 1 },
    { day: '2026-03-02', type: 'DeviceOffline', count: 3 },
];
const HOURS: Rows = [
    { hour: 8, count: 30 },
    { hour: 9, count: 25 },
    { hour: 17, count: 2 },
];
const DEVICES: Rows = [
    { device_id: 7, device_description: 'Lobby reader', group: 'authenticated', count: 45 },
    { device_id: 7, device_description: 'Lobby reader', group: 'tailgating', count: 2 },
    { device_id: 8, device_description: 'Garage reader', group: 'authenticated', count: 5 },
    { device_id: null, device_description: null, group: 'device', count: 3 },
];

/** The server counts only the days of the period: the fixture's two days become yesterday and today. */
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const recent = (rows: Rows) => {
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    return rows.map(r => ({ ...r, day: r.day === '2026-03-01' ? localDay(yesterday) : localDay(today) }));
};

const provider = (rows: Partial<Record<string, Rows>> = {}) => {
    const call = vi.fn(async (_path: string, options: { query: Record<string, unknown> }) => {
        const byGrouping: Record<string, Rows> = {
            'day,type': rows.dayType ?? recent(DAY_TYPE),
            hour: rows.hour ?? HOURS,
            'device,group': rows.device ?? DEVICES,
        };
        return { result: byGrouping[String(options.query.group_by)] ?? [] };
    });
    const download = vi.fn(async () => new Blob(['day,type,count\n'], { type: 'text/csv' }));
    const getList = vi.fn(async (resource: string) =>
        resource === 'accounts' ? { data: ACCOUNTS, total: ACCOUNTS.length } : { data: [], total: 0 },
    );
    return { call, download, getList };
};

/** An installer working in one of its customer accounts: the figures are that account's unless asked. */
const installerInCustomer = () =>
    testSession('installer', {}, { currentAccountId: 11, currentAccount: { id: 11, name: 'Contoso Offices' } });

const page = (dp: ReturnType<typeof provider>, session = installerInCustomer(), path = '/statistics') =>
    renderInAdmin(
        <>
            <StatisticsPage />
            <Location />
        </>,
        { session, dataProvider: dp as never, path },
    );

const aggregateCalls = (dp: ReturnType<typeof provider>) =>
    dp.call.mock.calls.filter(([p]) => p === '/events/aggregate').map(([, o]) => o.query);

beforeEach(stubObjectUrls);

describe('Statistics (SPEC 2.2 /statistics)', () => {
    it('asks GET /events/aggregate by day and type, by hour and by reader over the last month, in the user time zone', async () => {
        const dp = provider();
        page(dp);
        expect(await screen.findByRole('region', { name: 'Events per day, by group' })).toBeInTheDocument();
        await waitFor(() =>
            expect(
                aggregateCalls(dp)
                    .map(q => q.group_by)
                    .sort(),
            ).toEqual(['day,type', 'device,group', 'hour']),
        );
        for (const query of aggregateCalls(dp)) {
            expect(query).toMatchObject({ from: rangeStart(30), timezone_offset: new Date().getTimezoneOffset() });
            expect(query.cross_account).toBeUndefined();
        }
        expect(await screen.findByText(/57 events/)).toBeInTheDocument();
    });

    it('draws the five charts with their legends', async () => {
        page(provider());
        for (const name of [
            'Events per day, by group',
            'Authentications versus incidents',
            'Events by type',
            'Events per reader',
            'Busiest hours',
        ]) {
            const panel = await screen.findByRole('region', { name });
            await waitFor(() => expect(panel.querySelector('svg')).not.toBeNull());
        }
        const perDay = screen.getByRole('region', { name: 'Events per day, by group' });
        expect(within(perDay).getByText('Authenticated')).toBeInTheDocument();
        expect(within(perDay).getByText('Security')).toBeInTheDocument();
        const auth = screen.getByRole('region', { name: 'Authentications versus incidents' });
        expect(within(auth).getByText('Authentications')).toBeInTheDocument();
        expect(within(auth).getByText('Incidents')).toBeInTheDocument();
    });

    it('a quick period asks again from its start; the URL keeps it', async () => {
        const dp = provider();
        page(dp);
        fireEvent.click(await screen.findByRole('button', { name: 'Last 3 days' }));
        await waitFor(() => expect(aggregateCalls(dp).some(q => q.from === rangeStart(3))).toBe(true));
        expect(screen.getByTestId('location').textContent).toBe(`/statistics?from=${encodeURIComponent(rangeStart(3))}`);
        expect(screen.getByRole('button', { name: 'Last 3 days' })).toHaveAttribute('aria-pressed', 'true');
    });

    it('an installer in its own account starts on all its accounts (cross_account=true); choosing one asks with account_id', async () => {
        const dp = provider();
        page(dp, testSession('installer'));
        const account = await screen.findByRole('combobox', { name: 'Account' });
        expect(account).toHaveValue('All my accounts');
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(3));
        expect(aggregateCalls(dp).every(q => q.cross_account === 'true' && q.account_id === undefined)).toBe(true);
        expect(screen.getByText(/Security events of Contoso Offices and the accounts below it/)).toBeInTheDocument();
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(6));
        expect(
            aggregateCalls(dp)
                .slice(3)
                .every(q => q.account_id === '12' && q.cross_account === undefined),
        ).toBe(true);
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=12');
        expect(screen.getByText(/Security events of Fabrikam Labs/)).toBeInTheDocument();
        // the charts' CSV counts the same accounts
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Busiest hours' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(dp.download).toHaveBeenCalledWith('/events/aggregate/export', expect.objectContaining({ account_id: '12' }));
        click.mockRestore();
    });

    it('in a customer account, an installer sees that account and may choose all its accounts', async () => {
        const dp = provider();
        page(dp);
        const account = await screen.findByRole('combobox', { name: 'Account' });
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(3));
        expect(aggregateCalls(dp).every(q => q.cross_account === undefined)).toBe(true);
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'All' } });
        fireEvent.click(await screen.findByRole('option', { name: 'All my accounts' }));
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(6));
        expect(
            aggregateCalls(dp)
                .slice(3)
                .every(q => q.cross_account === 'true'),
        ).toBe(true);
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=all');
    });

    it('an older link that asked cross_account=true opens on all accounts', async () => {
        const dp = provider();
        page(dp, installerInCustomer(), '/statistics?cross_account=true');
        expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(3));
        expect(aggregateCalls(dp).every(q => q.cross_account === 'true')).toBe(true);
    });

    it('a moderator works in its own account only, with no account filter', async () => {
        const dp = provider();
        page(dp, testSession('moderator'));
        await screen.findByRole('region', { name: 'Busiest hours' });
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        await waitFor(() => expect(aggregateCalls(dp).length).toBe(3));
        expect(aggregateCalls(dp).every(q => q.cross_account === undefined && q.account_id === undefined)).toBe(true);
    });

    it('each chart downloads its counts as CSV from GET /events/aggregate/export', async () => {
        const dp = provider();
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        page(dp);
        fireEvent.click(await screen.findByRole('button', { name: 'Download CSV: Busiest hours' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(dp.download).toHaveBeenCalledWith(
            '/events/aggregate/export',
            expect.objectContaining({ group_by: 'hour', from: rangeStart(30), timezone_offset: new Date().getTimezoneOffset() }),
        );
        expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toMatch(/^events-statistics-hour-\d{8}-\d{6}\.csv$/);
        fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Events per reader' }));
        await waitFor(() =>
            expect(dp.download).toHaveBeenLastCalledWith('/events/aggregate/export', expect.objectContaining({ group_by: 'device,group' })),
        );
        click.mockRestore();
    });

    it('says when the period has no events', async () => {
        page(provider({ dayType: [], hour: [], device: [] }));
        expect((await screen.findAllByText('No security events in this period.')).length).toBe(5);
    });

    it('a failure shows the SPEC 2.5 text and Refresh asks again', async () => {
        const dp = provider();
        dp.call.mockRejectedValueOnce(new Error('down'));
        page(dp);
        fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
        expect(await screen.findByRole('region', { name: 'Busiest hours' })).toBeInTheDocument();
    });

    it('is a route of its own, closed to manager and user (SPEC 6.3)', async () => {
        expect(statisticsPlugin.routes?.map(r => [r.path, r.routeKey])).toEqual([['/statistics', 'statistics']]);
        expect(IMPLEMENTED_SCREENS.has('statistics')).toBe(true);
        renderInAdmin(
            <Routes>
                <Route
                    path="/statistics"
                    element={
                        <RouteGuard routeKey="statistics">
                            <p>charts</p>
                        </RouteGuard>
                    }
                />
                <Route path="/" element={<Location />} />
            </Routes>,
            { session: testSession('manager'), path: '/statistics' },
        );
        expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
        expect(screen.queryByText('charts')).toBeNull();
    });
});

describe('the figures behind the charts', () => {
    it('counts authentications (authenticated group) against incidents (SPEC 2.7) per day', () => {
        expect(authVsIncidents(DAY_TYPE, ['2026-03-01', '2026-03-02', '2026-03-03'])).toEqual({
            authentications: [40, 10, 0],
            incidents: [2, 1, 0],
        });
    });

    it('stacks the days by group and totals the types, largest first', () => {
        expect(perDayByGroup(DAY_TYPE, ['2026-03-01', '2026-03-02'])).toEqual([
            { group: 'authenticated', data: [40, 10] },
            { group: 'tailgating', data: [2, 0] },
            { group: 'security', data: [0, 2] },
            { group: 'device', data: [0, 3] },
        ]);
        expect(byType(DAY_TYPE).map(t => `${t.type}=${t.count}`)).toEqual([
            '1FAFaceAuthenticated=40',
            '2FAAuthenticated=10',
            'DeviceOffline=3',
            'TailgatingByUnknownUser=2',
            'TamperedReaderDetected=1',
            'TamperedReaderRestored=1',
        ]);
    });

    it('fills the 24 hours and ranks the readers by their events', () => {
        const hours = perHour(HOURS);
        expect(hours).toHaveLength(24);
        expect([hours[8], hours[9], hours[17], hours[0]]).toEqual([30, 25, 2, 0]);
        const readers = perReader(DEVICES);
        expect(readers.readers.map(r => [r.label, r.total])).toEqual([
            ['Lobby reader', 47],
            ['Garage reader', 5],
            [null, 3],
        ]);
        expect(readers.series).toEqual([
            { group: 'authenticated', data: [45, 5, 0] },
            { group: 'tailgating', data: [2, 0, 0] },
            { group: 'device', data: [0, 0, 3] },
        ]);
    });

    it('lists the local days of the period, the end excluded', () => {
        const from = new Date(2026, 2, 1, 0, 0).toISOString();
        const to = new Date(2026, 2, 4, 0, 0).toISOString();
        expect(daysBetween(from, to, [])).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
        expect(daysBetween(undefined, undefined, DAY_TYPE, new Date(2026, 2, 3, 12))).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    });
});
