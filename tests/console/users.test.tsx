import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CreateBase, EditBase } from 'react-admin';
import { UserForm } from '../../src/resources/users/UserForm';
import { renderInAdmin, testSession } from './render';

const create = (role: Parameters<typeof testSession>[0], createFn = vi.fn(async () => ({ data: { id: 99 } }))) => {
    renderInAdmin(
        <CreateBase resource="users" redirect={false}>
            <UserForm mode="create" />
        </CreateBase>,
        {
            session: testSession(role),
            dataProvider: {
                create: createFn as never,
                getList: (async () => ({ data: [], total: 0 })) as never,
                getMany: (async () => ({ data: [] })) as never,
            },
        },
    );
    return createFn;
};

const openRoles = async () => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Role/ }));
    return within(await screen.findByRole('listbox'));
};

describe('the user form (SPEC 5, 6.1)', () => {
    it('shows the SPEC 5 messages and sends nothing while the form is wrong', async () => {
        const createFn = create('moderator');
        fireEvent.click(await screen.findByRole('button', { name: 'Create user' }));
        expect(await screen.findByText('Name is required')).toBeInTheDocument();
        expect(screen.getByText('Password is required')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
        fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Abcdefg1#' } });
        fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Abcdefg1!' } });
        fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
        expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
        expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
        expect(createFn).not.toHaveBeenCalled();
    });

    it('offers the roles at or below the actor, the ones it may not give disabled', async () => {
        create('dealer');
        const list = await openRoles();
        expect(list.queryByText('Platform administrator')).toBeNull();
        expect(list.getByText('Dealer admin').closest('li')).toHaveAttribute('aria-disabled', 'true');
        expect(list.getByText('Installer').closest('li')).not.toHaveAttribute('aria-disabled', 'true');
    });

    it('asks for confirmation when the admin role is chosen; Cancel puts the role back', async () => {
        create('admin');
        const list = await openRoles();
        fireEvent.click(list.getByText('Platform administrator'));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Platform administrator role selected')).toBeInTheDocument();
        expect(within(dialog).getByText(/Are you sure\?/)).toBeInTheDocument();
        expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeInTheDocument();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.getByRole('combobox', { name: /Role/ })).toHaveTextContent('Account user'));
    });

    it('locks one’s own role and asks for the current password with a new one', async () => {
        const session = testSession('manager');
        renderInAdmin(
            <EditBase resource="users" id={1} redirect={false}>
                <UserForm mode="edit" />
            </EditBase>,
            {
                session,
                dataProvider: {
                    getOne: (async () => ({
                        data: {
                            id: 1,
                            name: 'Jane Doe',
                            email: 'jane@example.com',
                            role: 'manager',
                            account: { id: 10, name: 'Contoso' },
                            external_user: false,
                        },
                    })) as never,
                },
            },
        );
        expect(await screen.findByText('You cannot change your own role.')).toBeInTheDocument();
        await waitFor(() => expect(screen.getByRole('combobox', { name: /Role/ })).toHaveAttribute('aria-disabled', 'true'));
        expect(screen.queryByLabelText('Current password')).toBeNull();
        fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Newer#Pass1' } });
        expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    });
});
