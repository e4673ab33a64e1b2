import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { AccountSwitchProvider } from '../../../src/layout/accountSwitch';
import { AppBar } from '../../../src/layout/AppBar';
import { SessionGate } from '../../../src/layout/SessionGate';
import { saveCurrentAccountId, saveUser } from '../../../src/dataProvider/tokens';
import { renderInAdmin, testAuthProvider, testSession } from '../render';
import { ACCOUNTS } from './helpers';

const accountsProvider = () => vi.fn(async (_resource: string, _params: GetListParams) => ({ data: ACCOUNTS, total: ACCOUNTS.length }));

const open = async (session = testSession('dealer'), getList = accountsProvider()) => {
    saveUser(session.me);
    if (session.currentAccountId !== session.ownAccountId) saveCurrentAccountId(session.me.id, session.currentAccountId);
    const authProvider = { ...testAuthProvider(session), getPermissions: vi.fn(async () => session) };
    renderInAdmin(
        <AccountSwitchProvider>
            <AppBar />
        </AccountSwitchProvider>,
        { session, authProvider, dataProvider: { getList: getList as never } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Switch Account' }));
    const drawer = await screen.findByRole('dialog', { name: 'Switch Account' });
    return { drawer, getList, authProvider };
};

const names = (drawer: HTMLElement) =>
    within(within(drawer).getByRole('list', { name: 'Accounts' }))
        .getAllByRole('button')
        .map(b => b.querySelector('.MuiListItemText-primary')?.textContent);

describe('Switch Account drawer (SPEC 2.4, 7.1)', () => {
    it('loads every account across accounts with per_page 999999, the own one first and marked my account', async () => {
        const { drawer, getList } = await open();
        await waitFor(() => expect(names(drawer)).toEqual(['Contoso Offices', 'Fabrikam Labs', 'Northwind Security']));
        const [resource, params] = getList.mock.calls[0]!;
        expect(resource).toBe('accounts');
        expect(params.pagination).toEqual({ page: 1, perPage: 999999 });
        expect(params.filter).toEqual({ cross_account: 'true' });
        const own = within(drawer).getByRole('button', { name: /Contoso Offices/ });
        expect(within(own).getByText('my account')).toBeInTheDocument();
        expect(within(drawer).getAllByText('my account')).toHaveLength(1);
    });

    it('searches by name or reference once typing has paused 400 ms', async () => {
        const { drawer } = await open();
        await waitFor(() => expect(names(drawer)).toHaveLength(3));
        vi.useFakeTimers({ shouldAdvanceTime: true });
        try {
            fireEvent.change(within(drawer).getByLabelText('Search accounts'), { target: { value: 'fabri' } });
            vi.advanceTimersByTime(300);
            expect(names(drawer)).toHaveLength(3);
            vi.advanceTimersByTime(150);
            await waitFor(() => expect(names(drawer)).toEqual(['Fabrikam Labs']));
            fireEvent.change(within(drawer).getByLabelText('Search accounts'), { target: { value: 'n-2' } });
            vi.advanceTimersByTime(450);
            await waitFor(() => expect(names(drawer)).toEqual(['Northwind Security']));
            fireEvent.change(within(drawer).getByLabelText('Search accounts'), { target: { value: 'nothing like it' } });
            vi.advanceTimersByTime(450);
            expect(await within(drawer).findByText('No account matches.')).toBeInTheDocument();
        } finally {
            vi.useRealTimers();
        }
    });

    it('Confirm switches to the chosen account: stored, session reloaded, "{account} Active" modal', async () => {
        const { drawer, authProvider } = await open();
        const confirm = within(drawer).getByRole('button', { name: 'Confirm' });
        expect(confirm).toBeDisabled();
        fireEvent.click(await within(drawer).findByText('Fabrikam Labs'));
        expect(confirm).toBeEnabled();
        const loads = authProvider.getPermissions.mock.calls.length;
        fireEvent.click(confirm);
        expect(await screen.findByRole('dialog', { name: 'Fabrikam Labs Active' })).toBeInTheDocument();
        expect(localStorage.getItem('currentAccountId.1')).toBe('12');
        await waitFor(() => expect(authProvider.getPermissions.mock.calls.length).toBeGreaterThan(loads));
        fireEvent.click(screen.getByRole('button', { name: 'OK' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fabrikam Labs Active' })).toBeNull());
    });

    it('the current account cannot be confirmed again', async () => {
        const { drawer } = await open();
        fireEvent.click(await within(drawer).findByText('Contoso Offices'));
        expect(within(drawer).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    });

    it('going back to the own account clears the selection and shows "{account} Dealer Account Active"', async () => {
        const session = testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } });
        const { drawer } = await open(session);
        expect(localStorage.getItem('currentAccountId.1')).toBe('12');
        fireEvent.click(await within(drawer).findByText('Contoso Offices'));
        fireEvent.click(within(drawer).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByRole('dialog', { name: 'Contoso Offices Dealer Account Active' })).toBeInTheDocument();
        expect(localStorage.getItem('currentAccountId.1')).toBeNull();
    });

    it('Back to My Account in the app bar does the same', async () => {
        const session = testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } });
        await open(session);
        fireEvent.keyDown(screen.getByRole('dialog', { name: 'Switch Account' }), { key: 'Escape' });
        fireEvent.click(screen.getAllByRole('button', { name: 'Back to My Account' })[0]!);
        expect(await screen.findByRole('dialog', { name: 'Contoso Offices Dealer Account Active' })).toBeInTheDocument();
        expect(localStorage.getItem('currentAccountId.1')).toBeNull();
    });

    it('a failed account list says so and offers Refresh', async () => {
        const getList = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ data: ACCOUNTS, total: 3 });
        const { drawer } = await open(testSession('dealer'), getList);
        expect(await within(drawer).findByText('The accounts could not be loaded.')).toBeInTheDocument();
        fireEvent.click(within(drawer).getByRole('button', { name: 'Refresh' }));
        expect(await within(drawer).findByText('Fabrikam Labs')).toBeInTheDocument();
    });
});

describe('account list at start-up (SPEC 4.1 step 4)', () => {
    it('is loaded for a dealer', async () => {
        const getList = accountsProvider();
        renderInAdmin(<SessionGate>ready</SessionGate>, { session: testSession('dealer'), dataProvider: { getList: getList as never } });
        expect(await screen.findByText('ready')).toBeInTheDocument();
        await waitFor(() =>
            expect(getList).toHaveBeenCalledWith('accounts', expect.objectContaining({ filter: { cross_account: 'true' } })),
        );
    });

    it.each([
        ['in single-tenant mode', testSession('moderator', { singleTenantInstallation: true, singleTenant: true })],
        ['for a manager, who may not read accounts', testSession('manager')],
    ])('is skipped %s', async (_name, session) => {
        const getList = accountsProvider();
        renderInAdmin(<SessionGate>ready</SessionGate>, { session, dataProvider: { getList: getList as never } });
        expect(await screen.findByText('ready')).toBeInTheDocument();
        await new Promise(r => setTimeout(r, 50));
        expect(getList).not.toHaveBeenCalled();
    });

    it('the app bar shows a renamed current account from the fresh list', async () => {
        const getList = vi.fn(async () => ({ data: [{ ...ACCOUNTS.find(a => a.id === 10)!, name: 'Contoso HQ' }], total: 1 }));
        renderInAdmin(
            <AccountSwitchProvider>
                <AppBar />
            </AccountSwitchProvider>,
            { session: testSession('dealer'), dataProvider: { getList: getList as never } },
        );
        expect(await screen.findByText('Contoso HQ')).toBeInTheDocument();
    });
});
