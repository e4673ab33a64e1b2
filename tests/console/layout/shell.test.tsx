import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNotify } from 'react-admin';
import { AccountSwitchProvider } from '../../../src/layout/accountSwitch';
import { AppBar } from '../../../src/layout/AppBar';
import { AppMenu } from '../../../src/layout/AppMenu';
import { AppNotification } from '../../../src/notifications/AppNotification';
import { useNotices } from '../../../src/notifications/notices';
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

const Fire = ({ what }: { what: (n: ReturnType<typeof useNotices>, notify: ReturnType<typeof useNotify>) => void }) => {
    const notices = useNotices();
    const notify = useNotify();
    return <button onClick={() => what(notices, notify)}>fire</button>;
};

describe('notifications (SPEC 4.4, 8.4)', () => {
    it('an error notice shows title, description and a request id to copy; it stays until closed', async () => {
        Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
        renderInAdmin(
            <>
                <Fire what={n => n.deleteFailed('users', { status: 409, body: { error: 'in use', request_id: 'req-77' } })} />
                <AppNotification />
            </>,
        );
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText('Error deleting User')).toBeInTheDocument();
        expect(screen.getByText('We were unable to delete this User! Please try again later!')).toBeInTheDocument();
        expect(screen.getByText(/req-77/)).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'copy' }));
        expect(await screen.findByRole('button', { name: 'copied' })).toBeInTheDocument();
        expect(navigator.clipboard.writeText).toHaveBeenCalledWith('req-77');
    });

    it('5xx errors get the support text; a modify 409 shows the server text', async () => {
        renderInAdmin(
            <>
                <Fire what={n => n.modifyFailed('accounts', { status: 503, body: { error: 'db down', request_id: 'r' } })} />
                <AppNotification />
            </>,
        );
        fireEvent.click(screen.getByText('fire'));
        expect(await screen.findByText(/We are unable to proceed with the submitted operation/)).toBeInTheDocument();
        expect(screen.queryByText('db down')).toBeNull();
    });

    it('a success notice hides by itself after 4.5 s; a second request while one is visible hides it instead', async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        try {
            renderInAdmin(
                <>
                    <Fire what={n => n.deleted('users', 5)} />
                    <AppNotification />
                </>,
            );
            fireEvent.click(screen.getByText('fire'));
            expect(await screen.findByText('Successfully removed entity User with #5')).toBeInTheDocument();
            fireEvent.click(screen.getByText('fire'));
            await waitFor(() => expect(screen.queryByText('Successfully removed entity User with #5')).toBeNull());
            fireEvent.click(screen.getByText('fire'));
            expect(await screen.findByText('Deleted User')).toBeInTheDocument();
            await act(async () => void vi.advanceTimersByTime(4600));
            await waitFor(() => expect(screen.queryByText('Deleted User')).toBeNull());
        } finally {
            vi.useRealTimers();
        }
    });
});
