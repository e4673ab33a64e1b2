import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AccountSwitchProvider } from '../../../src/layout/accountSwitch';
import { AppBar } from '../../../src/layout/AppBar';
import { MenuFooter } from '../../../src/layout/Footer';
import { renderInAdmin, testSession } from '../render';
import { Location } from './helpers';

const bar = (session = testSession()) =>
    renderInAdmin(
        <AccountSwitchProvider>
            <AppBar />
            <Location />
        </AccountSwitchProvider>,
        { session, dataProvider: { getList: async () => ({ data: [], total: 0 }) } },
    );

const user = (name: string) => testSession('dealer', {}, { me: { ...testSession().me, name } });

describe('app bar (SPEC 2.4)', () => {
    it('shows the current account; no Customer Account badge nor Back to My Account in the own account', async () => {
        bar(testSession('dealer'));
        expect(await screen.findByText('Contoso Offices')).toBeInTheDocument();
        expect(screen.queryByText('Customer Account')).toBeNull();
        expect(screen.queryByRole('button', { name: 'Back to My Account' })).toBeNull();
    });

    it('shows the Customer Account badge and Back to My Account when another account is viewed', async () => {
        bar(testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } }));
        expect(await screen.findByText('Fabrikam Labs')).toBeInTheDocument();
        expect(screen.getByText('Customer Account')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Back to My Account' })).toBeInTheDocument();
    });

    it.each(['installer', 'dealer', 'admin'] as const)('offers Switch Account to a %s', async role => {
        bar(testSession(role));
        expect(await screen.findByRole('button', { name: 'Switch Account' })).toBeInTheDocument();
    });

    it.each([
        ['a moderator', testSession('moderator')],
        ['a manager', testSession('manager')],
        ['a single-tenant installation', testSession('dealer', { singleTenantInstallation: true, singleTenant: true })],
        ['an admin of a single-tenant installation', testSession('admin', { singleTenantInstallation: true })],
    ])('hides Switch Account for %s', async (_name, session) => {
        bar(session);
        expect(await screen.findByText('Contoso Offices')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Switch Account' })).toBeNull();
    });
});

describe('user menu (SPEC 2.4)', () => {
    it.each([
        ['Jane Doe', 'JD'],
        ['Northwind Dealer Admin', 'NA'],
        ['cher', 'C'],
        ['', 'JD'],
    ])('the avatar of %j reads %s', async (name, expected) => {
        bar(user(name));
        const button = await screen.findByRole('button', { name: 'Profile' });
        await waitFor(() => expect(button).toHaveTextContent(expected));
    });

    it('Settings opens the own user page; Log Out goes through /logout', async () => {
        bar();
        fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'Settings' }));
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/users/1'));
        fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/logout'));
    });

    it('switches the language to French and back, keeping each choice on the server for the next sign-in', async () => {
        const sent: { url: string; method?: string; body?: unknown }[] = [];
        const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
            sent.push({ url: String(url), method: init?.method, body: init?.body });
            return new Response(null, { status: 204 });
        });
        bar(testSession('dealer'));
        fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
        const menu = await screen.findByRole('menu');
        expect(within(menu).getByRole('menuitem', { name: 'English' })).toHaveClass('Mui-selected');
        fireEvent.click(within(menu).getByRole('menuitem', { name: 'Français' }));
        expect(await screen.findByRole('button', { name: 'Changer de compte' })).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Profil' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
        expect(await screen.findByRole('button', { name: 'Switch Account' })).toBeInTheDocument();
        const kept = sent.filter(r => r.url.endsWith('/api/v2/me/locale'));
        expect(kept.map(r => [r.method, JSON.parse(String(r.body)).locale])).toEqual([
            ['PUT', 'fr'],
            ['PUT', 'en'],
        ]);
        fetchSpy.mockRestore();
    });
});

describe('footer (SPEC 2.3)', () => {
    it('shows the portal version: three parts, the rest in brackets', async () => {
        renderInAdmin(<MenuFooter />, { session: testSession('user', {}, { platformVersion: '1.0.0.3f2a9c1' }) });
        expect(await screen.findByText('Version 1.0.0 (3f2a9c1)')).toBeInTheDocument();
    });
});
