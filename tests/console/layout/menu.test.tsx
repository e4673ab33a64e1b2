import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResourceDefinitionContextProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { IMPLEMENTED_SCREENS, isMenuGroup, MENU } from '../../../contract/menu';
import { AppMenu } from '../../../src/layout/AppMenu';
import { features } from '../../../src/features';
import { renderInAdmin, testAuthProvider, testSession } from '../render';

const menu = (session = testSession(), path = '/') => renderInAdmin(<AppMenu />, { session, path });
const GoTo = ({ path }: { path: string }) => {
    const navigate = useNavigate();
    return <button onClick={() => navigate(path)}>{`go to ${path}`}</button>;
};
const groupHeader = (name: string) => screen.getByRole('button', { name });

describe('side menu (SPEC 2.3)', () => {
    it('hides a group with no visible child: a user sees no Permissions and no Accounts group', async () => {
        menu(testSession('user'));
        expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
        expect(screen.queryByText('Permissions')).toBeNull();
        expect(screen.queryByText('Accounts')).toBeNull();
        expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull();
    });

    it('a manager sees Users under Permissions but no Accounts group, as SPEC 6.3 denies accounts and audit logs to managers', async () => {
        menu(testSession('manager'));
        expect(await screen.findByRole('button', { name: 'Permissions' })).toBeInTheDocument();
        expect(screen.getByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Accounts' })).toBeNull();
        expect(screen.queryByRole('menuitem', { name: 'Audit Log' })).toBeNull();
    });

    it('shows the screens the console has: Devices, Updates, Readers and QR Code under Device Management; Settings and Migrations', async () => {
        menu(testSession('admin'));
        expect(await screen.findByRole('menuitem', { name: 'Roles' })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Device Management' })).toBeInTheDocument();
        expect(screen.getByRole('menuitem', { name: 'Devices' })).toHaveAttribute('href', '/devices');
        expect(screen.getByRole('menuitem', { name: 'Updates' })).toHaveAttribute('href', '/firmware-updates');
        expect(screen.getByRole('menuitem', { name: 'Readers' })).toBeInTheDocument();
        expect(screen.getByRole('menuitem', { name: 'QR Code' })).toHaveAttribute('href', '/qrcode');
        expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
        expect(screen.getByRole('menuitem', { name: 'Migrations' })).toHaveAttribute('href', '/migrations');
    });

    it.each([
        ['Account Settings for a moderator', testSession('moderator'), 'Account Settings'],
        ['Accounts List for a dealer in the own account', testSession('dealer'), 'Accounts List'],
        [
            'Account Settings for a dealer in another account',
            testSession('dealer', {}, { currentAccountId: 12, currentAccount: { id: 12, name: 'Fabrikam Labs' } }),
            'Account Settings',
        ],
        [
            'Account Settings in single-tenant mode',
            testSession('installer', { singleTenant: true, singleTenantInstallation: true }),
            'Account Settings',
        ],
    ])('labels the accounts entry %s', async (_name, session, label) => {
        menu(session);
        expect(await screen.findByRole('menuitem', { name: label })).toHaveAttribute('href', '/accounts');
    });

    it('groups collapse and open again, with their icons', async () => {
        menu(testSession('dealer'));
        const header = await screen.findByRole('button', { name: 'Permissions' });
        expect(header.querySelector('svg')).not.toBeNull();
        expect(header).toHaveAttribute('aria-expanded', 'true');
        fireEvent.click(header);
        await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull());
        expect(groupHeader('Permissions')).toHaveAttribute('aria-expanded', 'false');
        fireEvent.click(groupHeader('Permissions'));
        expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
    });

    it('highlights the entry of the screen shown, its group open even if it was folded', async () => {
        menu(testSession('dealer'), '/users/5');
        const users = await screen.findByRole('menuitem', { name: 'Users' });
        expect(users).toHaveClass('RaMenuItemLink-active');
        expect(screen.getByRole('menuitem', { name: 'Roles' })).not.toHaveClass('RaMenuItemLink-active');
        expect(screen.getByRole('menuitem', { name: 'Dashboard' })).not.toHaveClass('RaMenuItemLink-active');
        expect(within(screen.getByRole('list', { name: 'Permissions' })).getByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
        // folded by hand, it stays folded until one of its screens is reached again
        fireEvent.click(groupHeader('Permissions'));
        await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Users' })).toBeNull());
    });

    it('a group folded earlier opens when the screen shown is one of its own', async () => {
        renderInAdmin(
            <>
                <AppMenu />
                <GoTo path="/roles" />
            </>,
            { session: testSession('dealer') },
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Permissions' }));
        await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Roles' })).toBeNull());
        fireEvent.click(screen.getByRole('button', { name: 'go to /roles' }));
        expect(await screen.findByRole('menuitem', { name: 'Roles' })).toHaveClass('RaMenuItemLink-active');
        expect(groupHeader('Permissions')).toHaveAttribute('aria-expanded', 'true');
    });

    it('the dashboard entry is active on / only', async () => {
        menu(testSession('dealer'), '/');
        expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveClass('RaMenuItemLink-active');
    });

    it('shows no entry until the session is known, not the list of every resource for a moment', async () => {
        const session = testSession('user');
        let signIn!: () => void;
        const known = new Promise<void>(resolve => (signIn = resolve));
        renderInAdmin(
            <ResourceDefinitionContextProvider
                definitions={{ devices: { name: 'devices', hasList: true }, roles: { name: 'roles', hasList: true } }}
            >
                <AppMenu />
            </ResourceDefinitionContextProvider>,
            { session, authProvider: { ...testAuthProvider(session), getPermissions: () => known.then(() => session) } },
        );
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(screen.queryAllByRole('menuitem')).toEqual([]);
        signIn();
        expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
        // a user has no Roles entry: the session's menu, not the resources'
        expect(screen.queryByRole('menuitem', { name: 'Roles' })).toBeNull();
    });

    it('carries the portal version at its foot', async () => {
        menu(testSession('user'));
        expect(await screen.findByText('Version 1.2.3 (45)')).toBeInTheDocument();
    });
});

describe('the screens the menu offers', () => {
    it('are exactly those a feature of the console opens', () => {
        const opened = new Set(
            features.flatMap(p => [...(p.resources ?? []).map(r => r.routeKey), ...(p.routes ?? []).map(r => r.routeKey)]).filter(Boolean),
        );
        const menuKeys = MENU.flatMap(e => (isMenuGroup(e) ? e.items : [e])).map(i => i.key);
        for (const key of menuKeys) expect(IMPLEMENTED_SCREENS.has(key) === (key === 'dashboard' || opened.has(key)), key).toBe(true);
    });
});

describe('the icons of the menu', () => {
    it('are those the features bring, for every entry of the menu', () => {
        const brought = new Set(features.flatMap(p => Object.keys(p.menuIcons ?? {})));
        const entries = MENU.flatMap(e => (isMenuGroup(e) ? e.items : [e])).map(i => i.key);
        expect(entries.filter(key => !brought.has(key))).toEqual([]);
    });

    it("draws each entry with its feature's icon, and a group with the kernel's", async () => {
        menu(testSession('admin'));
        const updates = await screen.findByRole('menuitem', { name: 'Updates' });
        expect(within(updates).getByTestId('SystemUpdateIcon')).toBeInTheDocument();
        expect(within(screen.getByRole('menuitem', { name: 'QR Code' })).getByTestId('QrCodeIcon')).toBeInTheDocument();
        expect(within(groupHeader('Device Management')).getByTestId('DevicesIcon')).toBeInTheDocument();
    });
});
