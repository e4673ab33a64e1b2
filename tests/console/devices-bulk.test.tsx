import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BulkDeviceEdit } from '../../src/resources/devices/bulk/BulkDeviceEdit';
import { BulkDeviceReboot } from '../../src/resources/devices/bulk/BulkDeviceReboot';
import { DEVICES, device, devicesProvider, renderDevices } from './devicesFixtures';

const pick = async (label: string, option: string) => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

describe('Bulk Device Edit (SPEC 2.2)', () => {
    it('sends only the parameters that were changed, for the devices chosen in the list', async () => {
        const provider = devicesProvider({
            answer: async (path, o) => (path === '/devices/bulk' && o?.method === 'PUT' ? { updated: 2 } : undefined),
        });
        renderDevices(<BulkDeviceEdit />, { path: '/devices/bulk/edit?ids=1,2', provider });
        expect(await screen.findByText('Server room door')).toBeInTheDocument();
        expect(screen.getByText('2 devices chosen')).toBeInTheDocument();
        await pick('Security level', 'High');
        fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 devices' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/bulk', {
                method: 'PUT',
                body: { device_ids: [1, 2], changes: { security_level: 'high-security' } },
            }),
        );
        expect(await screen.findByText('Modified 2 devices')).toBeInTheDocument();
        await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices'));
    });

    it('says so when no parameter was changed, and sends nothing', async () => {
        const provider = devicesProvider();
        renderDevices(<BulkDeviceEdit />, { path: '/devices/bulk/edit?ids=1,2', provider });
        await screen.findByText('Server room door');
        fireEvent.click(screen.getByRole('button', { name: 'Apply to 2 devices' }));
        expect(await screen.findByText('Choose at least one parameter to change')).toBeInTheDocument();
        expect(provider.call).not.toHaveBeenCalledWith('/devices/bulk', expect.anything());
    });

    it('adds devices by filter and takes one out', async () => {
        renderDevices(<BulkDeviceEdit />, { path: '/devices/bulk/edit?ids=1' });
        await screen.findByText('Main entrance');
        fireEvent.click(screen.getByRole('button', { name: 'Add the matching devices' }));
        expect(await screen.findByText(`${DEVICES.length} devices chosen`)).toBeInTheDocument();
        fireEvent.click(await screen.findByRole('button', { name: 'Take Server room door out' }));
        expect(await screen.findByText(`${DEVICES.length - 1} devices chosen`)).toBeInTheDocument();
    });
});

describe('Bulk Device Reboot (SPEC 2.2)', () => {
    it('reboots the approved devices after OK and shows each reader’s acknowledgement as it comes', async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        let polls = 0;
        const provider = devicesProvider({
            answer: async (path, o) => {
                if (path === '/devices/bulk/reboot' && o?.method === 'PUT')
                    return {
                        queued: 2,
                        commands: [
                            { device_id: 1, command_id: 31 },
                            { device_id: 2, command_id: 32 },
                        ],
                    };
                const m = /^\/devices\/(\d+)\/commands$/.exec(path);
                if (!m) return undefined;
                polls++;
                const id = Number(m[1]);
                // Device 1 acknowledges at once; device 2 only from the second round.
                const done = id === 1 || polls > 2;
                return {
                    result: [
                        {
                            id: id === 1 ? 31 : 32,
                            type: 'reboot',
                            status: done ? 'done' : 'sent',
                            created_at: '2025-01-02T10:00:00.000Z',
                            sent_at: null,
                            completed_at: done ? '2025-01-02T10:00:09.000Z' : null,
                            result: done ? 'rebooted' : null,
                        },
                    ],
                };
            },
        });
        renderDevices(<BulkDeviceReboot />, { path: '/devices/bulk/reboot?ids=1,2,11', provider });
        expect(await screen.findByText('One chosen device is not approved and is left out.')).toBeInTheDocument();
        fireEvent.click(screen.getByRole('button', { name: 'Reboot 2 devices' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog).toHaveTextContent('Reboot these 2 devices?');
        fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/bulk/reboot', { method: 'PUT', body: { device_ids: [1, 2] } }),
        );
        expect(await screen.findByText('1 of 2 acknowledged')).toBeInTheDocument();
        await vi.advanceTimersByTimeAsync(2100);
        expect(await screen.findByText('2 of 2 acknowledged')).toBeInTheDocument();
        expect(screen.getAllByText('rebooted')).toHaveLength(2);
        // Nothing left to ask: the polling stops.
        const asked = provider.call.mock.calls.filter(c => String(c[0]).endsWith('/commands')).length;
        await vi.advanceTimersByTimeAsync(6000);
        expect(provider.call.mock.calls.filter(c => String(c[0]).endsWith('/commands')).length).toBe(asked);
        vi.useRealTimers();
    });

    it('Cancel reboots nothing', async () => {
        const provider = devicesProvider({ devices: [device(), device({ id: 2, description: 'Server room door' })] });
        renderDevices(<BulkDeviceReboot />, { path: '/devices/bulk/reboot?ids=1,2', provider });
        fireEvent.click(await screen.findByRole('button', { name: 'Reboot 2 devices' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(provider.call).not.toHaveBeenCalledWith('/devices/bulk/reboot', expect.anything());
    });
});
