import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { AppNotification } from '../../src/notifications/AppNotification';
import { ScheduleList } from '../../src/resources/schedules/ScheduleList';
import { UserEdit } from '../../src/resources/users/UserViews';
import { renderAccessGroupList } from './accessGroupList';
import { renderInAdmin, testSession } from './render';

/** docs/decisions.md "Deletes: undo or a named confirmation". */

const group = (id: number, description: string, default_group = false) => ({
    id,
    account_id: 10,
    account_name: 'Contoso Offices',
    description,
    default_group,
    schedule_id: null,
    devices_count: 0,
    profiles_count: 0,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
});
const schedule = (id: number, name: string) => ({
    id,
    account_id: 10,
    account_name: 'Contoso Offices',
    name,
    time_zone: 'Europe/Paris',
    windows: [],
    holidays: [],
    exceptions: [],
    groups_count: 0,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
});

/** A server of `rows` that keeps every delete the console sends, and forgets what it deletes. */
const recording = (rows: { id: number }[]) => {
    let kept = [...rows];
    const deletes: { resource: string; id: unknown }[] = [];
    const provider: Partial<DataProvider> = {
        getList: (async () => ({ data: kept, total: kept.length })) as never,
        getMany: (async () => ({ data: [] })) as never,
        delete: (async (resource: string, params: { id: number; previousData?: unknown }) => {
            deletes.push({ resource, id: params.id });
            kept = kept.filter(r => r.id !== params.id);
            return { data: params.previousData };
        }) as never,
        deleteMany: (async (resource: string, params: { ids: number[] }) => {
            for (const id of params.ids) deletes.push({ resource, id });
            kept = kept.filter(r => !params.ids.includes(r.id));
            return { data: params.ids };
        }) as never,
    };
    return { provider, deletes };
};

const fakeTime = () => vi.useFakeTimers({ shouldAdvanceTime: true });
const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
afterEach(() => vi.useRealTimers());

describe('a delete that cannot be taken back asks first, naming the row', () => {
    it("the user page's Delete asks \"Delete the user 'Erin Example'?\" with Delete and Cancel, and only Delete sends it", async () => {
        const erin = { id: 5, name: 'Erin Example', email: 'erin@contoso.example', role: 'user', account_id: 10, tfa_enabled: false };
        const { provider, deletes } = recording([erin]);
        renderInAdmin(
            <ResourceContextProvider value="users">
                <Routes>
                    <Route path="/users/:id" element={<UserEdit />} />
                    <Route path="/users" element={<p>users list</p>} />
                </Routes>
                <AppNotification />
            </ResourceContextProvider>,
            {
                session: testSession('moderator'),
                path: '/users/5',
                dataProvider: { ...provider, getOne: (async () => ({ data: erin })) as never },
            },
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText("Delete the user 'Erin Example'?")).toBeInTheDocument();
        expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(deletes).toEqual([]);

        fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
        await waitFor(() => expect(deletes).toEqual([{ resource: 'users', id: 5 }]));
        expect(await screen.findByText('users list')).toBeInTheDocument();
        expect(await screen.findByText('Deleted User')).toBeInTheDocument();
    });
});

describe('an undoable delete sends nothing until its notice closes', () => {
    const groups = () => {
        const server = recording([group(1, 'All staff', true), group(2, 'Executive floor')]);
        renderAccessGroupList(server.provider);
        return server;
    };
    const deleteButtonOf = async (text: string) =>
        within((await screen.findByText(text)).closest('tr')!).getByRole('button', { name: 'Delete' });

    it('an access group leaves the list at once without a question; Undo brings it back and no DELETE is ever sent', async () => {
        fakeTime();
        const { deletes } = groups();
        fireEvent.click(await deleteButtonOf('Executive floor'));
        expect(screen.queryByRole('dialog')).toBeNull();
        const notice = await screen.findByRole('status');
        expect(notice).toHaveTextContent('Element deleted');
        await waitFor(() => expect(screen.queryByText('Executive floor')).toBeNull());
        expect(deletes).toEqual([]);

        fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
        expect(await screen.findByText('Executive floor')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
        // far past the notice's 4.5 s: still nothing sent
        await advance(10_000);
        expect(deletes).toEqual([]);
        expect(screen.getByText('Executive floor')).toBeInTheDocument();
    });

    it('when the notice hides by itself the DELETE goes, once, and the group stays gone', async () => {
        fakeTime();
        const { deletes } = groups();
        fireEvent.click(await deleteButtonOf('Executive floor'));
        expect(await screen.findByRole('status')).toHaveTextContent('Element deleted');
        await advance(3000);
        expect(deletes).toEqual([]);
        await advance(2000);
        await waitFor(() => expect(deletes).toEqual([{ resource: 'access_groups', id: 2 }]));
        await advance(1000);
        expect(screen.queryByText('Executive floor')).toBeNull();
        expect(screen.getByText('All staff')).toBeInTheDocument();
    });

    it('the selected schedules go together with one notice that counts them; DELETE goes when it closes', async () => {
        const { provider, deletes } = recording([schedule(3, 'Office hours'), schedule(4, 'Night shift'), schedule(5, 'Weekend')]);
        renderInAdmin(
            <ResourceContextProvider value="schedules">
                <ScheduleList />
                <AppNotification />
            </ResourceContextProvider>,
            { session: testSession('installer'), path: '/schedules', dataProvider: provider },
        );
        const select = async (name: string) =>
            fireEvent.click(within((await screen.findByText(name)).closest('tr')!).getByRole('checkbox'));
        await select('Office hours');
        await select('Night shift');
        // the bulk toolbar's Delete, not a row's
        const toolbar = (await screen.findByText('2 items selected')).closest<HTMLElement>('[data-test="bulk-actions-toolbar"]')!;
        fireEvent.click(within(toolbar).getByRole('button', { name: 'Delete' }));
        expect(screen.queryByRole('dialog')).toBeNull();
        const notice = await screen.findByRole('status');
        expect(notice).toHaveTextContent('2 elements deleted');
        expect(within(notice).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByText('Office hours')).toBeNull());
        expect(screen.queryByText('Night shift')).toBeNull();
        expect(deletes).toEqual([]);

        fireEvent.keyDown(document, { key: 'Escape' });
        await waitFor(() =>
            expect(deletes).toEqual([
                { resource: 'schedules', id: 3 },
                { resource: 'schedules', id: 4 },
            ]),
        );
        expect(screen.getByText('Weekend')).toBeInTheDocument();
    });
});
