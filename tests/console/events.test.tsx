import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRecord } from '../../contract/events';
import { EventList } from '../../src/resources/events/EventList';
import { rangeStart } from '../../src/resources/events/dateRange';
import { exportFileName } from '../../src/resources/events/ExportButton';
import { ACCOUNTS } from './layout/helpers';
import { testSession } from './render';
import { eventRecord, findDrawer, liveStream, renderEvents, stubObjectUrls, tailgating } from './eventsFixtures';

interface ListCall {
    filter: Record<string, unknown>;
    sort: { field: string; order: string };
    pagination: { page: number; perPage: number };
}

const provider = (options: { events?: EventRecord[]; spoofing?: boolean; total?: number; estimate?: boolean } = {}) => {
    const events = options.events ?? [eventRecord(), tailgating()];
    const getList = vi.fn(async (resource: string, params: ListCall) => {
        if (resource === 'accounts') return { data: ACCOUNTS, total: ACCOUNTS.length };
        if (resource === 'devices')
            return {
                data: [
                    { id: 7, description: 'Lobby reader' },
                    { id: 8, description: 'Garage reader' },
                ],
                total: 2,
            };
        return {
            data: events,
            total: options.total ?? events.length,
            ...(options.estimate ? { meta: { count_is_estimate: true } } : {}),
            params,
        };
    });
    const call = vi.fn(async () => ({ options: options.spoofing ? [{ type: 'boolean', name: 'spf/enabled', value: 'true' }] : [] }));
    const download = vi.fn(async () => new Blob(['zip'], { type: 'application/zip' }));
    const stream = vi.fn(async () => liveStream().response);
    return { getList, getMany: vi.fn(async () => ({ data: [{ id: 7, description: 'Lobby reader' }] })), call, download, stream };
};

const lastEventsQuery = (getList: ReturnType<typeof provider>['getList']) => {
    const calls = getList.mock.calls.filter(([resource]) => resource === 'events');
    return calls[calls.length - 1]![1];
};

beforeEach(stubObjectUrls);

describe('Security Events list (SPEC 2.2 /events, 2.7)', () => {
    it('a dealer in its own account opens on all its accounts: the list, its device picker, live feed and export ask across accounts and show each event’s account', async () => {
        const dp = provider({ events: [eventRecord(), tailgating({ account_id: 12 })] });
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        renderEvents(<EventList />, { dataProvider: dp, session: testSession('dealer') });
        const incident = (await screen.findByText('Tailgating by unknown user')).closest('tr')!;
        expect(lastEventsQuery(dp.getList).filter).toEqual({ cross_account: 'true', account_id: undefined });
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        expect(screen.getByRole('columnheader', { name: 'Account' })).toBeInTheDocument();
        expect(await within(incident).findByText('Fabrikam Labs')).toBeInTheDocument();
        // the device picker offers the readers of the same accounts
        const devices = dp.getList.mock.calls.filter(([resource]) => resource === 'devices');
        expect(devices.length).toBeGreaterThan(0);
        expect(devices.every(([, params]) => params.filter.cross_account === 'true' && params.filter.account_id === undefined)).toBe(true);
        // the live feed follows the list's accounts
        await waitFor(() =>
            expect(dp.stream).toHaveBeenLastCalledWith('/events/live', { cross_account: 'true', after_id: 2 }, expect.any(AbortSignal)),
        );
        fireEvent.click(screen.getByRole('button', { name: 'Export' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(dp.download).toHaveBeenCalledWith(
            '/events/export',
            expect.objectContaining({ cross_account: 'true', account_id: undefined }),
        );
        click.mockRestore();
        // a group tab keeps the scope
        fireEvent.click(screen.getByRole('tab', { name: 'Tailgating' }));
        await waitFor(() =>
            expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating', cross_account: 'true', account_id: undefined }),
        );
        expect(screen.getByTestId('location')).toHaveTextContent('account_id=all');
    });

    it('choosing one account asks for that account (account_id), live feed included, and drops the Account column', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp, session: testSession('dealer') });
        await screen.findByText('Tailgating by unknown user');
        const account = screen.getByRole('combobox', { name: 'Account' });
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ account_id: '12' }));
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
        await waitFor(() =>
            expect(dp.stream).toHaveBeenLastCalledWith('/events/live', { account_id: '12', after_id: 2 }, expect.any(AbortSignal)),
        );
        const devices = dp.getList.mock.calls.filter(([resource]) => resource === 'devices');
        await waitFor(() => expect(devices.at(-1)?.[1].filter).toMatchObject({ account_id: '12' }));
    });

    it('a dealer in a customer account sees that account; a moderator sees its own and has no account filter', async () => {
        const dp = provider();
        const { unmount } = renderEvents(<EventList />, { dataProvider: dp });
        await screen.findByText('Tailgating by unknown user');
        expect(lastEventsQuery(dp.getList).filter).toEqual({});
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('');
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
        unmount();
        const other = provider();
        renderEvents(<EventList />, { dataProvider: other, session: testSession('moderator') });
        await screen.findByText('Tailgating by unknown user');
        expect(lastEventsQuery(other.getList).filter).toEqual({});
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(screen.queryByRole('columnheader', { name: 'Account' })).toBeNull();
        await waitFor(() => expect(other.stream).toHaveBeenCalledWith('/events/live', { after_id: 2 }, expect.any(AbortSignal)));
    });

    it('an older link that asked cross_account=true (the dashboard’s) opens on all accounts; false on the current account', async () => {
        const dp = provider();
        const { unmount } = renderEvents(<EventList />, {
            dataProvider: dp,
            session: testSession('dealer'),
            path: '/events?group=tailgating&cross_account=true',
        });
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/events\?group=tailgating&account_id=all/));
        await waitFor(() =>
            expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating', cross_account: 'true', account_id: undefined }),
        );
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        unmount();
        const narrow = provider();
        renderEvents(<EventList />, { dataProvider: narrow, path: '/events?cross_account=false' });
        await waitFor(() => expect(lastEventsQuery(narrow.getList).filter).toEqual({ account_id: '11' }));
        expect(
            narrow.getList.mock.calls.filter(([resource]) => resource === 'events').every(([, p]) => !('cross_account' in p.filter)),
        ).toBe(true);
    });

    it('keeps its tabs and period when nothing matches', async () => {
        renderEvents(<EventList />, { dataProvider: provider({ events: [] }) });
        expect(await screen.findByRole('tab', { name: 'Tailgating' })).toBeInTheDocument();
        expect(screen.queryByText('No Security Events yet.')).toBeNull();
    });

    it('lists the events newest first with their thumbnails, types, devices and profiles', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp });
        expect(await screen.findByText('Tailgating by unknown user')).toBeInTheDocument();
        expect(screen.getByText('Face authenticated (1FA)')).toBeInTheDocument();
        // the incident is marked as one
        const incidentRow = screen.getByText('Tailgating by unknown user').closest('tr')!;
        expect(within(incidentRow).getByText('Incident')).toBeInTheDocument();
        expect(within(incidentRow).getByRole('link', { name: 'Lobby reader' })).toHaveAttribute('href', '/devices/7');
        expect(within(incidentRow).getByRole('link', { name: '#42' })).toHaveAttribute('href', '/profiles/42');
        const query = lastEventsQuery(dp.getList);
        expect(query.sort).toEqual({ field: 'timestamp', order: 'DESC' });
        expect(query.pagination).toEqual({ page: 1, perPage: 20 });
        // each row's image is the server's thumbnail, from the file route with the event's own account
        await waitFor(() => expect(dp.download).toHaveBeenCalledWith('/events/2/files/frame.jpg', { account_id: 10, size: 'thumbnail' }));
        expect(await within(incidentRow).findByRole('img', { name: 'Tailgating by unknown user' })).toHaveAttribute(
            'src',
            expect.stringMatching(/^blob:event-image-/),
        );
    });

    it('shows Profile deleted and Device deleted for links that lead nowhere any more (SPEC 8.3)', async () => {
        const gone = eventRecord({
            id: 3,
            device_deleted: true,
            device_id: null,
            profiles: [{ ...eventRecord().profiles[0]!, profile_id: 42, profile_deleted: true }],
        });
        renderEvents(<EventList />, { dataProvider: provider({ events: [gone] }) });
        expect(await screen.findByText('Device deleted')).toBeInTheDocument();
        expect(screen.getByText('Profile deleted')).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: '#42' })).toBeNull();
    });

    it('a group tab filters the list and the URL keeps it; All clears it', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp });
        const tabs = await screen.findByRole('tablist', { name: 'Event groups' });
        fireEvent.click(within(tabs).getByRole('tab', { name: 'Tailgating' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating' }));
        expect(screen.getByTestId('location')).toHaveTextContent('/events?group=tailgating&page=1&per_page=20&sort=-timestamp');
        expect(within(tabs).getByRole('tab', { name: 'Tailgating' })).toHaveAttribute('aria-selected', 'true');
        fireEvent.click(within(tabs).getByRole('tab', { name: 'All' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({}));
    });

    it('offers the SPEC 2.7 groups in order, spoofing only when the account has it on', async () => {
        renderEvents(<EventList />, { dataProvider: provider() });
        const tabs = await screen.findByRole('tablist', { name: 'Event groups' });
        await waitFor(() => expect(within(tabs).getAllByRole('tab')).toHaveLength(11));
        expect(
            within(tabs)
                .getAllByRole('tab')
                .map(t => t.textContent),
        ).toEqual([
            'All',
            'Authenticated',
            'Enrollment',
            'Tailgating',
            'Crossing',
            'Unauthorized',
            'Security',
            'Profiles',
            'Mismatch detection',
            'Device',
            'SIP',
        ]);
    });

    it('offers the spoofing group when spf/enabled is on for the current account', async () => {
        const dp = provider({ spoofing: true });
        renderEvents(<EventList />, { dataProvider: dp });
        expect(await screen.findByRole('tab', { name: 'Spoofing' })).toBeInTheDocument();
        expect(dp.call).toHaveBeenCalledWith('/accounts/11/options', expect.objectContaining({ noAccount: true }));
    });

    it('quick date ranges of SPEC 9 set from; last 3 days combines with the group', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp, path: '/events?group=tailgating' });
        const period = await screen.findByRole('group', { name: 'Period' });
        expect(
            within(period)
                .getAllByRole('button')
                .map(b => b.textContent),
        ).toEqual(['Any time', 'Today', 'Last 3 days', 'Last 15 days', 'Last month', 'Custom range']);
        fireEvent.click(within(period).getByRole('button', { name: 'Last 3 days' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating', from: rangeStart(3) }));
        expect(within(period).getByRole('button', { name: 'Last 3 days' })).toHaveAttribute('aria-pressed', 'true');
        fireEvent.click(within(period).getByRole('button', { name: 'Last month' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter.from).toBe(rangeStart(30)));
        fireEvent.click(within(period).getByRole('button', { name: 'Any time' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating' }));
    });

    it('a period chosen right after a tab keeps the tab (the second click comes before the list shows the first)', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp });
        const tab = await screen.findByRole('tab', { name: 'Tailgating' });
        const chip = screen.getByRole('button', { name: 'Last 3 days' });
        act(() => {
            fireEvent.click(tab);
            fireEvent.click(chip);
        });
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating', from: rangeStart(3) }));
    });

    it('a custom range sends from and to', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp });
        fireEvent.click(await screen.findByRole('button', { name: 'Custom range' }));
        fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-03-01T08:00' } });
        fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02T18:30' } });
        fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
        await waitFor(() =>
            expect(lastEventsQuery(dp.getList).filter).toEqual({
                from: new Date('2026-03-01T08:00').toISOString(),
                to: new Date('2026-03-02T18:30').toISOString(),
            }),
        );
    });

    it('filters by device, profile and badge from the URL, and pages and sorts as SPEC 2.5 says', async () => {
        const dp = provider({ total: 120 });
        renderEvents(<EventList />, {
            dataProvider: dp,
            path: '/events?device_id=7&profile_id=42&badge_number=12345&page=2&per_page=50&sort=%2Btimestamp',
        });
        await screen.findByText('Tailgating by unknown user');
        const query = lastEventsQuery(dp.getList);
        expect(query.filter).toEqual({ device_id: '7', profile_id: '42', badge_number: '12345' });
        expect(query.pagination).toEqual({ page: 2, perPage: 50 });
        expect(query.sort).toEqual({ field: 'timestamp', order: 'ASC' });
        // the device picker shows the chosen reader by name
        expect(await screen.findByDisplayValue('Lobby reader')).toBeInTheDocument();
        expect(screen.getByDisplayValue('42')).toBeInTheDocument();
        expect(screen.getByText('51-100 of 120')).toBeInTheDocument();
    });

    it('a picked event type narrows the group; a new group drops it', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp, path: '/events?group=tailgating&event=TailgatingByKnownUser' });
        await screen.findByText('Tailgating by unknown user');
        expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'tailgating', event: 'TailgatingByKnownUser' });
        fireEvent.click(screen.getByRole('tab', { name: 'Crossing' }));
        await waitFor(() => expect(lastEventsQuery(dp.getList).filter).toEqual({ group: 'crossing' }));
    });

    it('says "more than N" of what was counted, and the estimate as "about", when the server count is an estimate', async () => {
        renderEvents(<EventList />, { dataProvider: provider({ total: 48_217, estimate: true }) });
        expect(await screen.findByText('1-20 of more than 10,000 (about 48,217)')).toBeInTheDocument();
    });

    it('opens Event Details in the quick-view drawer on a row click', async () => {
        renderEvents(<EventList />, { dataProvider: provider() });
        fireEvent.click(await screen.findByText('Tailgating by unknown user'));
        const drawer = await findDrawer(screen, 'Event Details');
        expect(within(drawer).getByText('Tailgating detected')).toBeInTheDocument();
    });

    it('exports the current filter as a zip named events-logs-<time> (roles with the export right)', async () => {
        const dp = provider();
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        renderEvents(<EventList />, { dataProvider: dp, path: '/events?group=tailgating&from=2026-03-01T00%3A00%3A00.000Z' });
        fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
        await waitFor(() => expect(click).toHaveBeenCalled());
        expect(dp.download).toHaveBeenCalledWith(
            '/events/export',
            expect.objectContaining({
                group: 'tailgating',
                from: '2026-03-01T00:00:00.000Z',
                timezone_offset: new Date().getTimezoneOffset(),
            }),
        );
        const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
        expect(link.download).toMatch(/^events-logs-\d{8}-\d{6}\.zip$/);
        click.mockRestore();
    });

    it('names the export file by the time it was made', () => {
        expect(exportFileName(new Date(2026, 2, 4, 5, 6, 7))).toBe('events-logs-20260304-050607.zip');
    });

    it('a moderator (events read and write, no export) sees Export disabled, saying its role cannot export', async () => {
        const dp = provider();
        renderEvents(<EventList />, { dataProvider: dp, session: testSession('moderator') });
        await screen.findByText('Tailgating by unknown user');
        const button = screen.getByRole('button', { name: 'Export' });
        expect(button).toBeDisabled();
        fireEvent.mouseOver(button.parentElement!);
        expect(await screen.findByRole('tooltip')).toHaveTextContent('Your role (Account administrator) cannot export this list.');
        fireEvent.click(button);
        expect(dp.download).not.toHaveBeenCalledWith('/events/export', expect.anything());
    });

    it('a filter matching no event: Export is disabled, says there is nothing to export, and downloads nothing', async () => {
        const dp = provider({ events: [] });
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        renderEvents(<EventList />, { dataProvider: dp, path: '/events?group=tailgating' });
        const button = await screen.findByRole('button', { name: 'Export' });
        await waitFor(() => expect(button).toBeDisabled());
        fireEvent.click(button);
        fireEvent.mouseOver(button.parentElement!);
        expect(await screen.findByRole('tooltip')).toHaveTextContent('Nothing to export: no row matches the current filters.');
        expect(dp.download).not.toHaveBeenCalledWith('/events/export', expect.anything());
        expect(click).not.toHaveBeenCalled();
        click.mockRestore();
    });

    it('a failed export says so with the request id', async () => {
        const dp = provider();
        const { HttpError } = await import('react-admin');
        dp.download.mockRejectedValueOnce(new HttpError('Not allowed', 403, { error: 'Not allowed', request_id: 'req-9' }));
        renderEvents(<EventList />, { dataProvider: dp });
        fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
        expect(await screen.findByText('Error exporting security events')).toBeInTheDocument();
        expect(screen.getByText('Not allowed')).toBeInTheDocument();
        expect(screen.getByText(/req-9/)).toBeInTheDocument();
    });
});

describe('profiles as people know them', () => {
    it('the Profiles cell names each profile by its ACS ID and its badge as one, not “#42 · 12345”', async () => {
        const known = eventRecord({ profiles: [{ ...eventRecord().profiles[0]!, acs_id: 'EMP-0042' }] });
        renderEvents(<EventList />, { dataProvider: provider({ events: [known] }) });
        const link = await screen.findByRole('link', { name: 'EMP-0042' });
        expect(link).toHaveAttribute('href', '/profiles/42');
        const cell = link.closest('td')!;
        expect(cell).toHaveTextContent('EMP-0042 · badge 12345');
        expect(within(cell).queryByText('#42')).toBeNull();
    });
});
