import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AccountList } from '../../src/resources/accounts/AccountViews';
import { QuickViewProvider } from '../../src/components/quickView';
import { renderInAdmin, testSession } from './render';

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const list = (session: ReturnType<typeof testSession>) => {
    const getList = vi.fn(async () => ({
        data: [
            {
                id: 12,
                name: 'Fabrikam Labs',
                ref_number: 'C-2002',
                type: 'customer',
                main: false,
                address: { city: 'Tacoma', email: 'f@x.test' },
                created_at: '2026-11-01T10:00:00Z',
            },
        ],
        total: 1,
    }));
    renderInAdmin(
        <ResourceContextProvider value="accounts">
            <QuickViewProvider>
                <Routes>
                    <Route path="/accounts" element={<AccountList />} />
                    <Route path="/accounts/:id" element={<div>account page</div>} />
                </Routes>
            </QuickViewProvider>
            <Where />
        </ResourceContextProvider>,
        { session, path: '/accounts', dataProvider: { getList: getList as never } },
    );
    return getList;
};

describe('the accounts route (SPEC 2.2, 6.3)', () => {
    it.each([
        ['a moderator', testSession('moderator')],
        ['single-tenant mode', testSession('dealer', { singleTenant: true })],
        [
            'a dealer viewing a customer account',
            testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } }),
        ],
    ])('goes to the current account page for %s', async (_name, session) => {
        list(session);
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/accounts/${session.currentAccountId}`));
    });

    it('shows the list to a dealer in its own account, with the reference number', async () => {
        const getList = list(testSession('dealer'));
        expect(await screen.findByText('Fabrikam Labs')).toBeInTheDocument();
        expect(screen.getByText('C-2002')).toBeInTheDocument();
        expect(screen.getByTestId('where').textContent).toBe('/accounts');
        expect(getList).toHaveBeenCalled();
    });
});
