import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { DeviceRecord } from '../../contract/devices';
import type { Role } from '../../contract/roles';
import { formatDate } from '../../src/i18n/format';
import { DeviceShow } from '../../src/resources/devices/page/DeviceShow';
import { device, devicesProvider, renderDevices } from './devicesFixtures';

type Answer = NonNullable<Parameters<typeof devicesProvider>[0]>['answer'];

const page = (record: DeviceRecord, options: { role?: Role; answer?: Answer } = {}) => {
    const provider = devicesProvider({ devices: [record], answer: options.answer });
    renderDevices(
        <Routes>
            <Route path="/devices/:id" element={<DeviceShow />} />
        </Routes>,
        { path: `/devices/${record.id}`, provider, role: options.role },
    );
    return provider;
};
const alertWith = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]') as HTMLElement;

describe('the Device page (SPEC 2.2)', () => {
    it('says whether the reader applied the configuration set in the console', async () => {
        page(device({ config_version: 5, applied_config_version: 4 }));
        expect(await screen.findByText('Waiting for the reader')).toBeInTheDocument();
        expect(screen.getByText('Version 5 set, version 4 running on the reader')).toBeInTheDocument();
    });

    it('shows Applied once the reader reports the version', async () => {
        page(device({ config_version: 5, applied_config_version: 5 }));
        expect(await screen.findByText('Applied')).toBeInTheDocument();
    });

    it('offers each action to the roles that hold its right: a manager only reads', async () => {
        page(device(), { role: 'manager' });
        expect(await screen.findByText('Main entrance', { selector: 'dd' })).toBeInTheDocument();
        for (const action of ['Modify parameters', 'Temporary enrollment', 'Reboot', 'Configuration file', 'Delete'])
            expect(screen.queryByRole('button', { name: action })).toBeNull();
        expect(screen.queryByRole('region', { name: 'Reader logs' })).toBeNull();
    });

    it('shows the reader’s logs to the admin only (SPEC 6.2 device logs)', async () => {
        const provider = page(device(), {
            answer: async path =>
                path === '/devices/1/logs'
                    ? {
                          result: [{ id: 1, timestamp: '2025-01-02T10:00:00.000Z', level: 'warning', message: 'rebooting on request' }],
                          count: 1,
                      }
                    : undefined,
        });
        expect(await screen.findByText('rebooting on request')).toBeInTheDocument();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Level' }));
        fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Error' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith(
                '/devices/1/logs',
                expect.objectContaining({ query: expect.objectContaining({ level: 'error', page: 1 }) }),
            ),
        );
    });

    it('exports the logs as device-logs-<timestamp>.csv when the server gives no name (SPEC 9)', async () => {
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
        const saved: string[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            saved.push(this.download);
        });
        const provider = devicesProvider({
            devices: [device()],
            answer: async path => (path === '/devices/1/logs' ? { result: [], count: 0 } : undefined),
        });
        provider.download.mockImplementation(async () => new Blob(['timestamp,level,message\n']) as File);
        renderDevices(
            <Routes>
                <Route path="/devices/:id" element={<DeviceShow />} />
            </Routes>,
            { path: '/devices/1', provider },
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
        await waitFor(() => expect(saved[0]).toMatch(/^device-logs-\d{8}-\d{6}\.csv$/));
        expect(provider.download).toHaveBeenCalledWith(
            '/devices/1/logs/export',
            expect.objectContaining({ timezone_offset: new Date().getTimezoneOffset() }),
        );
    });

    it('downloads the configuration file under the server’s name', async () => {
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
        const saved: string[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            saved.push(this.download);
        });
        const provider = devicesProvider({ devices: [device()] });
        provider.download.mockImplementation(async () => new File(['{}'], 'device-1-config.json', { type: 'application/json' }));
        renderDevices(
            <Routes>
                <Route path="/devices/:id" element={<DeviceShow />} />
            </Routes>,
            { path: '/devices/1', provider },
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Configuration file' }));
        await waitFor(() => expect(saved).toEqual(['device-1-config.json']));
        expect(provider.download).toHaveBeenCalledWith('/devices/1/config');
    });

    it('reboots after OK, and not after Cancel', async () => {
        const provider = page(device(), {
            answer: async (path, o) =>
                path === '/devices/1/reboot' && o?.method === 'PUT' ? { id: 3, type: 'reboot', status: 'queued' } : undefined,
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Reboot' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(provider.call).not.toHaveBeenCalledWith('/devices/1/reboot', expect.anything());
        fireEvent.click(screen.getByRole('button', { name: 'Reboot' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
        await waitFor(() => expect(provider.call).toHaveBeenCalledWith('/devices/1/reboot', { method: 'PUT', body: {} }));
        expect(await screen.findByText('Reboot requested')).toBeInTheDocument();
    });
});

describe('approving a pending reader', () => {
    const pending = device({
        id: 11,
        description: 'SIM-00011',
        hardware_id: 'SIM-00011',
        status: 'pending',
        approved_at: null,
        applied_config_version: null,
    });

    it('approves it with a description, into another account in scope', async () => {
        const provider = page(pending, {
            answer: async (path, o) =>
                path === '/devices/11/approve' && o?.method === 'PUT' ? { ...pending, status: 'offline' } : undefined,
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve reader SIM-00011' });
        fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Side door' } });
        const account = within(dialog).getByRole('combobox', { name: 'Account' });
        fireEvent.click(account);
        fireEvent.change(account, { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/11/approve', {
                method: 'PUT',
                body: { description: 'Side door', assign_account_id: 12 },
            }),
        );
        expect(await screen.findByText('Device approved')).toBeInTheDocument();
    });

    it('says SPEC 8.2 ‘Error when approving device!’ when it fails', async () => {
        page(pending, {
            answer: async (path, o) => {
                if (path === '/devices/11/approve' && o?.method === 'PUT')
                    throw new HttpError('conflict', 409, {
                        error: 'Only a pending or rejected device can be approved.',
                        request_id: 'req-5',
                    });
                return undefined;
            },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
        const alert = await alertWith('Error when approving device!');
        expect(alert).toHaveTextContent('Only a pending or rejected device can be approved.');
        expect(alert).toHaveTextContent('req-5');
    });
});

describe('the authenticate dialog (SPEC 8.2)', () => {
    const held = device({ id: 7, auth_required: true });

    it('asks for the 6 digits the reader shows, then says ‘Device authenticated’', async () => {
        const provider = page(held, {
            answer: async (path, o) =>
                path === '/devices/7/authenticate' && o?.method === 'PUT' ? { ...held, auth_required: false } : undefined,
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Authenticate' }));
        const dialog = await screen.findByRole('dialog', { name: 'Authenticate device' });
        fireEvent.change(within(dialog).getByLabelText('Pairing code'), { target: { value: '12a' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate' }));
        expect(await within(dialog).findByText('The pairing code is the 6 digits shown on the reader')).toBeInTheDocument();
        expect(provider.call).not.toHaveBeenCalledWith('/devices/7/authenticate', expect.anything());
        fireEvent.change(within(dialog).getByLabelText('Pairing code'), { target: { value: '654321' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/7/authenticate', { method: 'PUT', body: { pairing_code: '654321' } }),
        );
        expect(await screen.findByText('Device authenticated')).toBeInTheDocument();
        expect(screen.getByText('Successfully authenticated device #7')).toBeInTheDocument();
    });

    /** The authentication with a code the server refuses with `error`: the notice and the dialog. */
    const authenticateRefused = async (error: HttpError) => {
        page(held, {
            answer: async (path, o) => {
                if (path === '/devices/7/authenticate' && o?.method === 'PUT') throw error;
                return undefined;
            },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Authenticate' }));
        const dialog = await screen.findByRole('dialog', { name: 'Authenticate device' });
        fireEvent.change(within(dialog).getByLabelText('Pairing code'), { target: { value: '111111' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Authenticate' }));
        return { alert: await alertWith('Error authenticating device'), dialog };
    };

    it('on failure shows the SPEC 8.2 title and message, and a wrong code under the field', async () => {
        const { alert, dialog } = await authenticateRefused(
            new HttpError('bad', 422, { error: 'The pairing code does not match the one the reader shows.', request_id: 'req-8' }),
        );
        expect(alert).toHaveTextContent('We were unable to authenticate this device! Please try again later!');
        expect(alert).toHaveTextContent('req-8');
        expect(within(dialog).getByText('The pairing code does not match the one the reader shows.')).toBeInTheDocument();
    });

    it('on a server failure shows the SPEC 8.4 text for 5xx', async () => {
        const { alert } = await authenticateRefused(new HttpError('boom', 500, { error: 'Internal Server Error', request_id: 'req-500' }));
        expect(alert).toHaveTextContent('We are unable to proceed with the submitted operation.');
    });
});

describe('the temporary enrollment drawer (SPEC 2.6, 4.6)', () => {
    it('turns it on for the chosen duration and shows until when; turns it off', async () => {
        const until = '2030-01-02T11:00:00.000Z';
        let on = false;
        const provider = devicesProvider({
            answer: async (path, o) => {
                if (path !== '/devices/1/temp_enrollment' || o?.method !== 'PUT') return undefined;
                on = (o.body as { toggle_on: boolean }).toggle_on;
                return device({ temp_enrollment: { on, until: on ? until : null } });
            },
        });
        provider.getOne.mockImplementation(async () => ({ data: device({ temp_enrollment: { on, until: on ? until : null } }) }));
        renderDevices(
            <Routes>
                <Route path="/devices/:id" element={<DeviceShow />} />
            </Routes>,
            { path: '/devices/1', provider },
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Temporary enrollment' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Temporary enrollment' });
        expect(within(drawer!).getByText('Temporary enrollment is off.')).toBeInTheDocument();
        fireEvent.mouseDown(within(drawer!).getByRole('combobox', { name: 'Duration' }));
        fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '2 hours' }));
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Turn on' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/1/temp_enrollment', {
                method: 'PUT',
                body: { toggle_on: true, duration_minutes: 120 },
            }),
        );
        expect(await screen.findByText(`Temporary enrollment on until ${formatDate(until)}`)).toBeInTheDocument();
        expect(await within(drawer!).findByText(`Temporary enrollment is on until ${formatDate(until)}.`)).toBeInTheDocument();

        fireEvent.click(within(drawer!).getByRole('button', { name: 'Turn off' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/1/temp_enrollment', { method: 'PUT', body: { toggle_on: false } }),
        );
        expect(await within(drawer!).findByText('Temporary enrollment is off.')).toBeInTheDocument();
    });

    it('says SPEC 8.2 ‘Error when toggling temporary enrollment!’ when it fails', async () => {
        page(device(), {
            answer: async (path, o) => {
                if (path === '/devices/1/temp_enrollment' && o?.method === 'PUT')
                    throw new HttpError('conflict', 409, { error: 'The device is not approved yet.', request_id: 'req-3' });
                return undefined;
            },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Temporary enrollment' }));
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Temporary enrollment' });
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Turn on' }));
        const alert = await alertWith('Error when toggling temporary enrollment!');
        expect(alert).toHaveTextContent('The device is not approved yet.');
    });
});
