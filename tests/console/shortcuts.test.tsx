import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { CreateButton } from 'react-admin';
import { CREATE_SHORTCUT } from '../../src/components/shortcutTarget';
import { KeyboardShortcuts } from '../../src/layout/shortcuts';
import { AppUserMenu } from '../../src/layout/UserMenu';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
    act(() => {
        fireEvent.keyDown(target, { key, ...init });
    });

const renderShortcuts = (role: Parameters<typeof testSession>[0] = 'admin', path = '/devices', page = <p>page</p>) =>
    renderInAdmin(
        <KeyboardShortcuts>
            <Location />
            <input aria-label="Name" />
            <textarea aria-label="Notes" />
            <div contentEditable aria-label="Editor" />
            <AppUserMenu />
            <Routes>
                <Route path="*" element={page} />
            </Routes>
        </KeyboardShortcuts>,
        { session: testSession(role), path },
    );

describe('keyboard shortcuts', () => {
    it('`?` opens the list of every shortcut, with only the screens of the user’s menu; Escape closes it', async () => {
        renderShortcuts('manager');
        await screen.findByTestId('location');
        // the session loads before the go-to list knows the menu
        await waitFor(async () => {
            press('?');
            expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
        });
        const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
        for (const text of [
            'Show this list',
            'Search',
            'Go to Dashboard',
            'Go to Devices',
            'Go to Profiles',
            'Go to Users',
            'Close this list',
        ])
            expect(within(dialog).getByText(text)).toBeInTheDocument();
        expect(within(dialog).getByText('Add a new row to the current list')).toBeInTheDocument();
        expect(within(dialog).getByText('Go to Security Events')).toBeInTheDocument();
        fireEvent.keyDown(dialog, { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('the go-to list leaves out the screens the role’s menu does not have', async () => {
        renderShortcuts('user');
        await waitFor(async () => {
            press('?');
            expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
        });
        const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
        expect(within(dialog).getByText('Go to Devices')).toBeInTheDocument();
        // SPEC 6.3: /events and /users are denied to the user role
        expect(within(dialog).queryByText('Go to Security Events')).toBeNull();
        expect(within(dialog).queryByText('Go to Users')).toBeNull();
        // and its keys do nothing
        fireEvent.keyDown(dialog, { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        press('g');
        press('e');
        expect(screen.getByTestId('location')).toHaveTextContent('/devices');
    });

    it('`g v` goes to Devices, `g e` to Security Events, `g d` to the Dashboard', async () => {
        renderShortcuts('admin', '/profiles');
        await waitFor(() => {
            press('g');
            press('v');
            expect(screen.getByTestId('location')).toHaveTextContent(/^\/devices$/);
        });
        press('g');
        press('e');
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/events$/);
        press('g');
        press('d');
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });

    it('keys typed in an input, a textarea or an editable element, or held with Ctrl, Meta or Alt, do nothing', async () => {
        renderShortcuts('admin', '/profiles');
        // the session is there: the same keys on the page do navigate (below)
        await waitFor(() => {
            press('g');
            press('u');
            expect(screen.getByTestId('location')).toHaveTextContent('/users');
        });
        for (const field of [screen.getByLabelText('Name'), screen.getByLabelText('Notes'), screen.getByLabelText('Editor')]) {
            press('g', {}, field);
            press('v', {}, field);
            press('?', {}, field);
        }
        press('g', { ctrlKey: true });
        press('v');
        press('?', { altKey: true });
        press('g', { metaKey: true });
        press('v', { metaKey: true });
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/users$/);
        expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('`n` presses the list’s Add button when the list shows one, and does nothing when it does not', async () => {
        const page = (
            <Routes>
                <Route
                    path="/schedules"
                    element={<CreateButton resource="schedules" label="Add" to="/schedules/create" {...CREATE_SHORTCUT} />}
                />
                <Route path="*" element={<p>no create here</p>} />
            </Routes>
        );
        renderShortcuts('admin', '/schedules', page);
        await screen.findByRole('link', { name: 'Add' });
        press('n');
        expect(screen.getByTestId('location')).toHaveTextContent('/schedules/create');
        press('n');
        expect(screen.getByTestId('location')).toHaveTextContent('/schedules/create');
    });

    it('the user menu’s “Keyboard shortcuts” opens the same list', async () => {
        renderShortcuts();
        fireEvent.click(await screen.findByRole('button', { name: 'Profile' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: 'Keyboard shortcuts' }));
        expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    });
});
