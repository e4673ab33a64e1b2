import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountSwitchProvider } from '../../../src/layout/accountSwitch';
import { AppBar } from '../../../src/layout/AppBar';
import { AppMenu } from '../../../src/layout/AppMenu';
import { renderInAdmin, testSession } from '../render';

const bar = (session = testSession()) =>
    renderInAdmin(
        <AccountSwitchProvider>
            <AppBar />
        </AccountSwitchProvider>,
        { session },
    );

describe('app bar (SPEC 2.4)', () => {
    it('shows the current account, and the Customer Account badge only for another account', async () => {
        bar(testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } }));
        expect(await screen.findByText('Fabrikam Labs')).toBeInTheDocument();
        expect(screen.getByText('Customer Account')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Back to My Account' })).toBeInTheDocument();
    });

    it('no badge in the own account; Switch Account for installer and above', async () => {
        bar(testSession('installer'));
        expect(await screen.findByRole('button', { name: 'Switch Account' })).toBeInTheDocument();
        expect(screen.queryByText('Customer Account')).toBeNull();
    });

    it.each([
        ['a manager', testSession('manager')],
        ['a single-tenant installation', testSession('dealer', { singleTenantInstallation: true })],
    ])('no Switch Account for %s', async (_name, session) => {
        bar(session);
        expect(await screen.findByText('Contoso Offices')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Switch Account' })).toBeNull();
    });

    it('the drawer marks the own account, searches, and the switch shows the SPEC 4.3 modal', async () => {
        const getList = vi.fn(async (_r: string, params: { filter: { q?: string } }) => {
            const all = [{ id: 10, name: 'Contoso Offices', type: 'customer' }, { id: 12, name: 'Fabrikam Labs', type: 'customer' }];
            const data = all.filter(a => !params.filter.q || a.name.toLowerCase().includes(params.filter.q.toLowerCase()));
            return { data, total: data.length };
        });
        renderInAdmin(<AccountSwitchProvider><AppBar /></AccountSwitchProvider>, { session: testSession('dealer'), dataProvider: { getList: getList as never } });
        fireEvent.click(await screen.findByRole('button', { name: 'Switch Account' }));
        const drawer = await screen.findByRole('dialog', { name: 'Switch Account' });
        expect(await screen.findByText('my account')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: 'fabri' } });
        await waitFor(() => expect(screen.queryByText('Contoso Offices', { selector: '.MuiListItemText-primary' })).toBeNull(), { timeout: 2000 });
        fireEvent.click(await screen.findByText('Fabrikam Labs'));
        fireEvent.click(screen.getAllByRole('button', { name: 'Confirm' })[0]!);
        expect(await screen.findByRole('dialog', { name: 'Fabrikam Labs Active' })).toBeInTheDocument();
        expect(localStorage.getItem('currentAccountId.1')).toBe('12');
        expect(drawer).toBeTruthy();
    });
});

describe('side menu (SPEC 2.3)', () => {
    it('hides a group with no visible child: a user sees no Permissions and no Accounts', async () => {
        renderInAdmin(<AppMenu />, { session: testSession('user') });
        expect(await screen.findByText('Dashboard')).toBeInTheDocument();
        expect(screen.queryByText('Permissions')).toBeNull();
        expect(screen.queryByText('Accounts')).toBeNull();
        expect(screen.getByText('Version 1.2.3 (45)')).toBeInTheDocument();
    });

    it('labels the accounts entry Account Settings for a moderator, Accounts List for a dealer', async () => {
        const moderator = renderInAdmin(<AppMenu />, { session: testSession('moderator') });
        expect(await screen.findByText('Account Settings')).toBeInTheDocument();
        moderator.unmount();
        renderInAdmin(<AppMenu />, { session: testSession('dealer') });
        expect(await screen.findByText('Accounts List')).toBeInTheDocument();
        expect(screen.getByText('Users')).toBeInTheDocument();
    });
});
