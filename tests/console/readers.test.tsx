import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReaderDrawerForm } from '../../src/resources/readers/ReaderForm';
import { renderInAdmin, testSession } from './render';

const DEVICES = [
    { id: 1, description: 'Main entrance', hardware_id: 'SIM-00001', status: 'online', reader: { id: 7, description: 'Front door' } },
    { id: 2, description: 'Loading dock', hardware_id: 'SIM-00002', status: 'offline', reader: null },
];

const drawer = (options: { id?: number; create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {}) => {
    const create = options.create ?? vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 99, ...params.data } }));
    const update =
        options.update ??
        vi.fn(async (_resource: string, params: { id: number; data: object }) => ({ data: { id: params.id, ...params.data } }));
    const onDone = vi.fn();
    renderInAdmin(<ReaderDrawerForm id={options.id} onDone={onDone} />, {
        session: testSession('moderator'),
        dataProvider: {
            create: create as never,
            update: update as never,
            getList: (async (resource: string) =>
                resource === 'devices' ? { data: DEVICES, total: DEVICES.length } : { data: [], total: 0 }) as never,
            getOne: (async () => ({
                data: { id: 7, account_id: 10, description: 'Front door', hardware_id: 'SIM-00001', device: DEVICES[0] },
            })) as never,
        },
    });
    return { create, update, onDone };
};

describe('the reader form in the drawer (SPEC 2.6, 5)', () => {
    it('says "Reader is required", also for a blank description, and sends nothing until one is given', async () => {
        const { create, onDone } = drawer();
        const save = await screen.findByRole('button', { name: 'Create reader' });
        fireEvent.click(save);
        expect(await screen.findByText('Reader is required')).toBeInTheDocument();
        fireEvent.change(screen.getByLabelText('Reader'), { target: { value: '    ' } });
        fireEvent.click(save);
        expect(await screen.findByText('Reader is required')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();

        fireEvent.change(screen.getByLabelText('Reader'), { target: { value: 'Back door' } });
        fireEvent.click(save);
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]![1].data).toEqual({ description: 'Back door', hardware_id: null });
        await waitFor(() => expect(onDone).toHaveBeenCalled());
    });

    it('links to a device of the account; a device another reader serves cannot be chosen', async () => {
        const { create } = drawer();
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Device' }));
        const list = within(await screen.findByRole('listbox'));
        const taken = await list.findByText('Main entrance (SIM-00001) · linked to Front door');
        expect(taken.closest('li')).toHaveAttribute('aria-disabled', 'true');
        fireEvent.click(list.getByText('Loading dock (SIM-00002)'));
        fireEvent.change(screen.getByLabelText('Reader'), { target: { value: 'Dock door' } });
        fireEvent.click(screen.getByRole('button', { name: 'Create reader' }));
        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(create.mock.calls[0]![1].data).toEqual({ description: 'Dock door', hardware_id: 'SIM-00002' });
    });

    it('edits a reader: its own device stays choosable, and clearing the device unlinks it', async () => {
        const { update } = drawer({ id: 7 });
        expect(await screen.findByDisplayValue('Front door')).toBeInTheDocument();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Device' }));
        const own = await within(await screen.findByRole('listbox')).findByText('Main entrance (SIM-00001)');
        expect(own.closest('li')).not.toHaveAttribute('aria-disabled', 'true');
        fireEvent.click(within(screen.getByRole('listbox')).getByText('Not linked'));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
        expect(update.mock.calls[0]![1].data).toEqual({ description: 'Front door', hardware_id: null });
        expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    });
});
