import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { IMPLEMENTED_SCREENS, menuItems } from '../../contract/menu';
import { AppNotification } from '../../src/notifications/AppNotification';
import { RouteGuard } from '../../src/layout/RouteGuard';
import { accountManagementPlugin } from '../../src/resources/account-management/plugin';
import { AccountManagementPage } from '../../src/resources/account-management/AccountManagementPage';
import { renderInAdmin, testSession } from './render';

const account = (id: number, name: string, ref: string, extra: object = {}) => ({
    id,
    name,
    ref_number: ref,
    type: 'customer',
    parent_id: 2,
    main: false,
    address: {
        email: `${ref.toLowerCase()}@example.com`,
        country: 'France',
        city: 'Lyon',
        zip: '69002',
        state: null,
        street_address: '12 rue de la République',
        phone_number: '+33 4 00 00 00 00',
    },
    options: [],
    active_devices_count: 0,
    created_at: '2025-01-02T10:00:00Z',
    updated_at: '2025-01-02T10:00:00Z',
    ...extra,
});
const PLATFORM = account(1, 'Platform', 'PLATFORM', { type: 'platform', parent_id: null, main: true });
const CONTOSO = account(10, 'Contoso Offices', 'C-10');
const FABRIKAM = account(12, 'Fabrikam Labs', 'F-12');

const singleTenantAdmin = () => testSession('admin', { singleTenantInstallation: true });

const page = () => {
    let main = PLATFORM;
    const call = vi.fn(async (path: string, options?: { method?: string; body?: { id: number } }) => {
        expect(path).toBe('/accounts/main');
        if (options?.method === 'PUT') main = { ...[CONTOSO, FABRIKAM].find(a => a.id === options.body!.id)!, main: true };
        return main;
    });
    const getList = vi.fn(async () => ({ data: [CONTOSO, FABRIKAM, PLATFORM], total: 3 }));
    renderInAdmin(
        <>
            <AccountManagementPage />
            <AppNotification />
        </>,
        { session: singleTenantAdmin(), dataProvider: { call, getList } as never, path: '/account_management' },
    );
    return call;
};

describe('Account Management (SPEC 2.2 /account_management, Update Platform Main Account)', () => {
    it('is a screen of the menu for the admin of a single-tenant installation only', async () => {
        expect(IMPLEMENTED_SCREENS.has('accountManagement')).toBe(true);
        expect(accountManagementPlugin.routes?.[0]).toMatchObject({ path: '/account_management', routeKey: 'accountManagement' });
        expect(menuItems(singleTenantAdmin().flags).map(i => i.key)).toContain('accountManagement');
        expect(menuItems(testSession('admin').flags).map(i => i.key)).not.toContain('accountManagement');
        expect(menuItems(testSession('moderator', { singleTenantInstallation: true }).flags).map(i => i.key)).not.toContain(
            'accountManagement',
        );

        // A cloud or multi-tenant admin who opens the address is sent home.
        renderInAdmin(
            <Routes>
                <Route
                    path="/account_management"
                    element={
                        <RouteGuard routeKey="accountManagement">
                            <p>management</p>
                        </RouteGuard>
                    }
                />
                <Route path="/" element={<p>home</p>} />
            </Routes>,
            { session: testSession('admin'), path: '/account_management' },
        );
        expect(await screen.findByText('home')).toBeInTheDocument();
    });

    it('shows the main account with its details and a link to its account page', async () => {
        const call = page();
        const card = await screen.findByRole('region', { name: 'Platform' });
        expect(call).toHaveBeenCalledWith('/accounts/main', expect.objectContaining({ noAccount: true }));
        expect(screen.getByRole('heading', { name: 'Update Platform Main Account' })).toBeInTheDocument();
        expect(within(card).getByText('Platform main account')).toBeInTheDocument();
        expect(within(card).getByText('PLATFORM')).toBeInTheDocument();
        expect(within(card).getByText('platform@example.com')).toBeInTheDocument();
        expect(within(card).getByText('12 rue de la République')).toBeInTheDocument();
        expect(within(card).getByText('69002')).toBeInTheDocument();
        expect(within(card).getByText('Lyon')).toBeInTheDocument();
        expect(within(card).getByText('+33 4 00 00 00 00')).toBeInTheDocument();
        expect(within(card).getByRole('link', { name: 'Open its account page' })).toHaveAttribute('href', '/accounts/1');
    });

    it('makes another account the main account after a confirmation saying what it means: PUT /accounts/main {id}', async () => {
        const call = page();
        await screen.findByRole('region', { name: 'Platform' });
        const change = screen.getByRole('button', { name: 'Make it the main account' });
        expect(change).toBeDisabled();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'New main account' }));
        const options = await screen.findAllByRole('option');
        // The main account itself is not offered.
        expect(options.map(o => o.textContent)).toEqual(['Contoso Offices (C-10)', 'Fabrikam Labs (F-12)']);
        fireEvent.click(screen.getByRole('option', { name: 'Fabrikam Labs (F-12)' }));
        fireEvent.click(change);

        const dialog = await screen.findByRole('dialog', { name: 'Make Fabrikam Labs the main account?' });
        expect(dialog).toHaveTextContent('Fabrikam Labs becomes the platform main account in place of Platform.');
        expect(dialog).toHaveTextContent('only Fabrikam Labs can use SSO login');
        expect(call.mock.calls.filter(([, o]) => o?.method === 'PUT')).toEqual([]);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Make it the main account' }));

        await waitFor(() => expect(call).toHaveBeenCalledWith('/accounts/main', { method: 'PUT', body: { id: 12 }, noAccount: true }));
        expect(await screen.findByText('Fabrikam Labs is now the main account')).toBeInTheDocument();
        expect(await screen.findByRole('region', { name: 'Fabrikam Labs' })).toBeInTheDocument();
    });

    it('shows why the change was refused, in the server words', async () => {
        const call = vi.fn(async (_path: string, options?: { method?: string }) => {
            if (options?.method === 'PUT')
                throw new HttpError('Resource "account" does not exist', 404, {
                    error: 'Resource "account" does not exist',
                    request_id: 'r-7',
                });
            return PLATFORM;
        });
        renderInAdmin(
            <>
                <AccountManagementPage />
                <AppNotification />
            </>,
            {
                session: singleTenantAdmin(),
                dataProvider: { call, getList: async () => ({ data: [CONTOSO], total: 1 }) } as never,
            },
        );
        await screen.findByRole('region', { name: 'Platform' });
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'New main account' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Contoso Offices (C-10)' }));
        fireEvent.click(screen.getByRole('button', { name: 'Make it the main account' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make it the main account' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent('The main account was not changed');
        expect(alert).toHaveTextContent('Resource "account" does not exist');
        expect(screen.getByRole('region', { name: 'Platform' })).toBeInTheDocument();
    });
});
