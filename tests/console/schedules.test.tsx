import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { AppNotification } from '../../src/notifications/AppNotification';
import { AccessGroupDrawerForm } from '../../src/resources/access-groups/AccessGroupForm';
import { ScheduleCreate } from '../../src/resources/schedules/ScheduleForm';
import { ScheduleList } from '../../src/resources/schedules/ScheduleList';
import { WeekView } from '../../src/resources/schedules/WeekView';
import { renderInAdmin, testSession } from './render';

const OFFICE = {
    id: 3,
    account_id: 10,
    account_name: 'Contoso Offices',
    name: 'Office hours',
    time_zone: 'Europe/Paris',
    windows: [{ day: 'mon', start: '08:00', end: '18:00' }],
    holidays: [],
    exceptions: [],
    groups_count: 2,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
};

describe('the week view', () => {
    it('draws each window as a block in its day’s column, from its start to its end', () => {
        renderInAdmin(
            <WeekView
                windows={[
                    { day: 'mon', start: '08:00', end: '18:00' },
                    { day: 'sat', start: '20:00', end: '24:00' },
                    { day: 'sun', start: '18:00', end: '08:00' },
                ]}
            />,
        );
        const week = screen.getByRole('figure', { name: 'Week' });
        const monday = within(week).getByRole('img', { name: 'Mon 08:00–18:00' });
        expect(monday.closest('[data-day]')!.getAttribute('data-day')).toBe('mon');
        // 14 px an hour: 08:00 is 112 px down, ten hours are 140 px
        expect(getComputedStyle(monday).top).toBe('112px');
        expect(getComputedStyle(monday).height).toBe('140px');
        expect(within(week).getByRole('img', { name: 'Sat 20:00–24:00' }).closest('[data-day]')!.getAttribute('data-day')).toBe('sat');
        // a window that ends before it starts is not drawn
        expect(within(week).getAllByRole('img')).toHaveLength(2);
    });
});

describe('the schedule form', () => {
    const open = () => {
        const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
        renderInAdmin(
            <ResourceContextProvider value="schedules">
                <ScheduleCreate />
            </ResourceContextProvider>,
            { session: testSession('installer'), dataProvider: { create: create as never } },
        );
        return { create };
    };
    const addWindow = async (day: string, start: string, end: string) => {
        const addButtons = await screen.findAllByRole('button', { name: 'Add' });
        fireEvent.click(addButtons[0]!);
        const starts = await screen.findAllByLabelText('Start');
        const ends = screen.getAllByLabelText('End');
        fireEvent.mouseDown(screen.getAllByRole('combobox').at(-1)!);
        fireEvent.click(await screen.findByRole('option', { name: day }));
        fireEvent.change(starts.at(-1)!, { target: { value: start } });
        fireEvent.change(ends.at(-1)!, { target: { value: end } });
    };

    it('draws a window in the week as it is typed, and sends the schedule without a zone when none is given', async () => {
        const { create } = open();
        fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Front desk' } });
        await addWindow('Tue', '09:00', '17:30');
        expect(await screen.findByRole('img', { name: 'Tue 09:00–17:30' })).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Add Schedule' }));
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]![1].data).toEqual({
            name: 'Front desk',
            windows: [{ day: 'tue', start: '09:00', end: '17:30' }],
            holidays: [],
            exceptions: [],
        });
    });

    it('says which window ends before it starts, and sends nothing', async () => {
        const { create } = open();
        fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Nights' } });
        await addWindow('Fri', '22:00', '06:00');
        fireEvent.click(screen.getByRole('button', { name: 'Add Schedule' }));
        expect(await screen.findByText('The window must end after it starts')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();
    });
});

describe('the schedules list and the access group’s schedule', () => {
    it('lists schedules with their zone and how many groups follow them', async () => {
        renderInAdmin(
            <ResourceContextProvider value="schedules">
                <ScheduleList />
            </ResourceContextProvider>,
            { session: testSession('installer'), dataProvider: { getList: (async () => ({ data: [OFFICE], total: 1 })) as never } },
        );
        const row = (await screen.findByText('Office hours')).closest('tr')!;
        expect(within(row).getByText('Europe/Paris')).toBeInTheDocument();
        expect(within(row).getByText('2')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Add Schedule' })).toBeInTheDocument();
    });

    it('deletes with an undo notice, and once it closes shows the server’s 409 when groups still follow the schedule', async () => {
        const text = 'The schedule is still followed by 2 access groups. Choose another schedule for them, or none, first.';
        const deleteFn = vi.fn(async () => {
            throw new HttpError(text, 409, { error: text, request_id: 'req-409' });
        });
        renderInAdmin(
            <ResourceContextProvider value="schedules">
                <ScheduleList />
                <AppNotification />
            </ResourceContextProvider>,
            {
                session: testSession('installer'),
                dataProvider: { getList: (async () => ({ data: [OFFICE], total: 1 })) as never, delete: deleteFn as never },
            },
        );
        fireEvent.click(within((await screen.findByText('Office hours')).closest('tr')!).getByRole('button', { name: 'Delete' }));
        // the row goes at once; the undo notice closing (Escape, or its 4.5 s) sends the DELETE
        expect(await screen.findByRole('status')).toHaveTextContent('Element deleted');
        await waitFor(() => expect(screen.queryByText('Office hours')).toBeNull());
        expect(deleteFn).not.toHaveBeenCalled();
        fireEvent.keyDown(document, { key: 'Escape' });
        const alert = await screen.findByRole('alert');
        expect(deleteFn).toHaveBeenCalledWith('schedules', expect.objectContaining({ id: 3 }));
        // refused: the row is back
        expect(await screen.findByText('Office hours')).toBeInTheDocument();
        expect(alert).toHaveTextContent('The schedule is still followed by 2 access groups.');
    });

    it('a manager reads the list without Add or Delete', async () => {
        renderInAdmin(
            <ResourceContextProvider value="schedules">
                <ScheduleList />
            </ResourceContextProvider>,
            { session: testSession('manager'), dataProvider: { getList: (async () => ({ data: [OFFICE], total: 1 })) as never } },
        );
        expect(await screen.findByText('Office hours')).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: 'Add Schedule' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    });

    it('an access group picks a schedule, or none (always)', async () => {
        const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 5, ...params.data } }));
        renderInAdmin(<AccessGroupDrawerForm onDone={() => undefined} />, {
            session: testSession('moderator'),
            dataProvider: {
                create: create as never,
                getList: (async () => ({ data: [OFFICE], total: 1 })) as never,
                getMany: (async () => ({ data: [OFFICE] })) as never,
            },
        });
        fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'Day staff' } });
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Schedule' }));
        // none is offered first, named for what it means
        expect((await screen.findAllByRole('option'))[0]).toHaveTextContent('Always (no schedule)');
        fireEvent.click(screen.getByRole('option', { name: 'Office hours' }));
        fireEvent.click(screen.getByRole('button', { name: 'Add Access Group' }));
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]![1].data).toEqual({ description: 'Day staff', default_group: false, schedule_id: 3 });
    });
});
