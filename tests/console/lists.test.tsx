import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Datagrid, ResourceContextProvider, TextField } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppList } from '../../src/lists/AppList';
import { fromReactAdminSearch, isPastLastPage, readListState, writeListState } from '../../src/lists/listQuery';
import { renderInAdmin, testSession } from './render';

describe('list state in the query string (SPEC 2.5)', () => {
    it('reads page, per_page, sort and filters under their own names', () => {
        expect(
            readListState('?page=3&per_page=50&sort=-created_at&role=manager&q=ann', { sort: { field: 'name', order: 'ASC' } }),
        ).toMatchObject({
            page: 3,
            perPage: 50,
            sort: { field: 'created_at', order: 'DESC' },
            filter: { role: 'manager', q: 'ann' },
        });
        expect(readListState('', { sort: { field: 'name', order: 'ASC' }, filter: { consent_accepted: 'true' } })).toMatchObject({
            page: 1,
            perPage: 20,
            filter: { consent_accepted: 'true' },
            explicit: { page: false, perPage: false },
        });
    });
    it('writes them back, with no filter=JSON, perPage or order', () => {
        const search = writeListState({
            page: 2,
            perPage: 100,
            sort: { field: 'name', order: 'ASC' },
            filter: { role: 'user', empty: '' },
        });
        expect(search).toBe('?role=user&page=2&per_page=100&sort=%2Bname');
        expect(search).not.toMatch(/filter=|perPage|order=/);
    });
    it('knows a page past the last', () => {
        expect(isPastLastPage(3, 20, 41)).toBe(false);
        expect(isPastLastPage(4, 20, 41)).toBe(true);
        expect(isPastLastPage(2, 20, 0)).toBe(true);
        expect(isPastLastPage(1, 20, 0)).toBe(false);
    });
});

const Where = () => <div data-testid="where">{useLocation().search}</div>;
const UsersList = () => (
    <ResourceContextProvider value="users">
        <AppList sort={{ field: 'name', order: 'ASC' }}>
            <Datagrid bulkActionButtons={false}>
                <TextField source="name" />
            </Datagrid>
        </AppList>
        <Where />
    </ResourceContextProvider>
);

describe('AppList', () => {
    it('fetches what the URL says and writes the new page size into it', async () => {
        const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Ann' }], total: 120 }));
        renderInAdmin(<UsersList />, { dataProvider: { getList: getList as never }, path: '/users?page=2&per_page=50&role=user' });
        await screen.findByText('Ann');
        expect(getList).toHaveBeenCalledWith(
            'users',
            expect.objectContaining({
                pagination: { page: 2, perPage: 50 },
                filter: { role: 'user' },
                sort: { field: 'name', order: 'ASC' },
            }),
        );
        fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
        fireEvent.click(await screen.findByRole('option', { name: '100' }));
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?role=user&page=1&per_page=100&sort=%2Bname'));
    });

    it('goes back to page 1 when the page is past the end', async () => {
        const getList = vi.fn(async () => ({ data: [], total: 30 }));
        renderInAdmin(<UsersList />, { dataProvider: { getList: getList as never }, path: '/users?page=9&per_page=20' });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('page=1&'));
    });

    it('shows the failure page with Refresh when loading fails, and Refresh loads again', async () => {
        const getList = vi
            .fn()
            .mockRejectedValueOnce(new Error('down'))
            .mockResolvedValue({ data: [{ id: 2, name: 'Bea' }], total: 1 });
        renderInAdmin(<UsersList />, {
            dataProvider: { getList: getList as never },
            path: '/users?page=1&per_page=20',
            session: testSession('dealer'),
        });
        expect(await screen.findByText('Sorry, the page is temporary unavailable.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
        expect(await screen.findByText('Bea')).toBeInTheDocument();
    });

    it('opened again from the menu, brings back the sort and filters left, and a link keeps its own', async () => {
        const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Ann' }], total: 1 }));
        const Go = () => {
            const navigate = useNavigate();
            return (
                <>
                    <button onClick={() => navigate('/users')}>menu</button>
                    <button onClick={() => navigate('/users?role=manager')}>link</button>
                </>
            );
        };
        renderInAdmin(
            <>
                <UsersList />
                <Go />
            </>,
            { dataProvider: { getList: getList as never }, path: '/users?role=user&page=1&per_page=50&sort=-name' },
        );
        await screen.findByText('Ann');
        fireEvent.click(screen.getByRole('button', { name: 'menu' }));
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?role=user&page=1&per_page=50&sort=-name'));
        fireEvent.click(screen.getByRole('button', { name: 'link' }));
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?role=manager&page=1&per_page=50&sort=%2Bname'));
    });

    it("takes react-admin's own address (a saved query applied from the filter menu) in SPEC 2.5's names", async () => {
        expect(fromReactAdminSearch('?role=user&page=1')).toBeUndefined();
        const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Ann' }], total: 1 }));
        const ra = `?filter=${encodeURIComponent('{"role":"manager"}')}&sort=name&order=DESC&page=1&perPage=50&displayedFilters=%7B%7D`;
        renderInAdmin(<UsersList />, { dataProvider: { getList: getList as never }, path: `/users${ra}` });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?role=manager&page=1&per_page=50&sort=-name'));
        await screen.findByText('Ann');
        expect(getList).not.toHaveBeenCalledWith(
            'users',
            expect.objectContaining({ filter: expect.objectContaining({ filter: expect.anything() }) }),
        );
    });
});
