import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { DeviceRecord } from '../../contract/devices';
import { DeviceEdit } from '../../src/resources/devices/page/DeviceEdit';
import { device, devicesProvider, renderDevices } from './devicesFixtures';

const edit = (record: DeviceRecord = device(), provider = devicesProvider({ devices: [record] })) => {
    renderDevices(
        <Routes>
            <Route path="/devices/:id/edit" element={<DeviceEdit />} />
            <Route path="/devices/:id" element={<div>device page</div>} />
        </Routes>,
        { path: `/devices/${record.id}/edit`, provider },
    );
    return provider;
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const helperOf = (label: string) => {
    const input = screen.getByLabelText(label);
    return input.closest('.MuiFormControl-root, .MuiTextField-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '';
};
const pick = async (label: string, option: string) => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};
const onvifByPlatform = async () => {
    fireEvent.click(await screen.findByLabelText('Managed by the platform'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

describe('Modify Device Parameters (SPEC 2.2, 4.6, 5)', () => {
    it('names the reader once in its heading: a reader still named by its hardware ID is not “HW-1 (HW-1)”', async () => {
        edit(device({ description: 'HW-ROCK-0001', hardware_id: 'HW-ROCK-0001' }));
        const heading = await screen.findByText('HW-ROCK-0001', { selector: 'h6' });
        expect(heading.textContent).toBe('HW-ROCK-0001');
    });

    it('offers the SPEC 4.6 roles and security levels with their labels', async () => {
        edit();
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Role' }));
        expect(
            within(await screen.findByRole('listbox'))
                .getAllByRole('option')
                .map(o => o.textContent),
        ).toEqual(['Demo', 'Face or badge', 'Face only', 'Face and badge', 'Enrollment', 'Face or badge (testing)', 'Badge only']);
        fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Security level' }));
        expect(
            within(await screen.findByRole('listbox'))
                .getAllByRole('option')
                .map(o => o.textContent),
        ).toEqual(['Low friction', 'Medium (standard, the default)', 'High']);
    });

    it('shows the SPEC 5 ONVIF messages and sends nothing while they stand', async () => {
        const provider = edit();
        await onvifByPlatform();
        fireEvent.change(screen.getByLabelText('ONVIF username'), { target: { value: 'abc' } });
        save();
        await waitFor(() => expect(helperOf('ONVIF username')).toBe('Minimum 6 characters'));
        expect(helperOf('ONVIF user level')).toBe('User level must be picked');
        // No password stored yet: one is needed.
        expect(helperOf('ONVIF password')).toBe('Minimum 6 characters');
        fireEvent.change(screen.getByLabelText('ONVIF username'), { target: { value: 'abcdefghijklmnop' } });
        save();
        await waitFor(() => expect(helperOf('ONVIF username')).toBe('Maximum 15 characters'));
        expect(provider.update).not.toHaveBeenCalled();
    });

    it('with the SIP line on, every SIP field is required', async () => {
        const provider = edit();
        fireEvent.click(await screen.findByLabelText('SIP line on'));
        save();
        for (const label of [
            'Domain',
            'Transport protocol',
            'Port',
            'Number',
            'Call number',
            'Polling interval (seconds)',
            'Username',
            'Display name',
            'Password',
            'Extension',
            'URL',
        ]) {
            await waitFor(() => expect(helperOf(label), label).toBe('Required'));
        }
        expect(provider.update).not.toHaveBeenCalled();
    });

    it('switching who manages the ONVIF credentials warns that the other side’s changes are lost; Cancel keeps the choice', async () => {
        edit(device({ onvif: { managed_by: 'platform', username: 'camera1', user_level: 'operator', password_set: true } }));
        fireEvent.click(await screen.findByLabelText('Managed by the ONVIF protocol'));
        const dialog = await screen.findByRole('dialog');
        expect(dialog).toHaveTextContent('The ONVIF protocol will manage the credentials: changes made on the platform are lost.');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.getByLabelText('Managed by the platform')).toBeChecked());
        expect(screen.queryByRole('alert')).toBeNull();

        fireEvent.click(screen.getByLabelText('Managed by the ONVIF protocol'));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
        await waitFor(() => expect(screen.getByLabelText('Managed by the ONVIF protocol')).toBeChecked());
        // The warning stays on screen while the switch is not saved.
        expect(
            screen.getByText('The ONVIF protocol will manage the credentials: changes made on the platform are lost.'),
        ).toBeInTheDocument();
        expect(screen.queryByLabelText('ONVIF username')).toBeNull();
    });

    it('keeps the stored password when the field is left empty, sends the form and shows the device page', async () => {
        const record = device({ onvif: { managed_by: 'platform', username: 'camera1', user_level: 'operator', password_set: true } });
        const provider = edit(record);
        expect(await screen.findByText('Leave empty to keep the current password')).toBeInTheDocument();
        await pick('Security level', 'High');
        save();
        await waitFor(() => expect(provider.update).toHaveBeenCalled());
        const sent = (provider.update.mock.calls[0] as unknown as [string, { data: Record<string, unknown> }])[1].data;
        expect(sent).toMatchObject({
            security_level: 'high-security',
            onvif: { managed_by: 'platform', username: 'camera1', user_level: 'operator', password: '' },
            sip: { enabled: false },
        });
        // Only what the server takes: no status, versions or secrets flags.
        expect(sent).not.toHaveProperty('status');
        expect(sent).not.toHaveProperty('config_version');
        expect(await screen.findByText('Modified Device')).toBeInTheDocument();
        expect(await screen.findByText('device page')).toBeInTheDocument();
    });

    it('shows the server’s field errors under the fields, and the SPEC 8.4 modify notice', async () => {
        const record = device({ onvif: { managed_by: 'platform', username: 'camera1', user_level: 'operator', password_set: true } });
        const provider = devicesProvider({ devices: [record] });
        provider.update.mockRejectedValue(
            new HttpError('Validation error', 400, {
                error: 'Validation error',
                errors: { 'onvif.username': 'This username is taken on the reader' },
                request_id: 'req-9',
            }),
        );
        edit(record, provider);
        await pick('Security level', 'Low friction');
        save();
        await waitFor(() => expect(helperOf('ONVIF username')).toBe('This username is taken on the reader'));
        expect(await screen.findByText('Error modifying Device')).toBeInTheDocument();
        expect(screen.getByText('We were unable to modify this Device! Please try again later!')).toBeInTheDocument();
    });

    it('shows the server’s text on a 409', async () => {
        const provider = devicesProvider({ devices: [device()] });
        provider.update.mockRejectedValue(
            new HttpError('conflict', 409, { error: 'The device was deleted meanwhile.', request_id: 'req-1' }),
        );
        edit(device(), provider);
        await pick('LED option', 'No ACS check');
        save();
        expect(await screen.findByText('The device was deleted meanwhile.')).toBeInTheDocument();
    });

    it('picks access groups of the device’s account: the whole list at once, searched after 400 ms (SPEC 7.1)', async () => {
        const provider = devicesProvider({ devices: [device({ access_group_ids: [5] })] });
        const searches: { q: unknown; at: number }[] = [];
        provider.getList.mockImplementation(
            async (resource: string, params?: { filter?: Record<string, unknown>; pagination?: { perPage: number } }) => {
                if (resource !== 'access_groups') return { data: [], total: 0 };
                searches.push({ q: params?.filter?.q, at: Date.now() });
                expect(params?.pagination?.perPage).toBe(999999);
                expect(params?.filter?.account_id).toBe(10);
                return {
                    data: [
                        { id: 5, description: 'All staff' },
                        { id: 6, description: 'Server room' },
                    ],
                    total: 2,
                };
            },
        );
        provider.getMany.mockImplementation(async (resource: string) => ({
            data: resource === 'access_groups' ? [{ id: 5, description: 'All staff' }] : [],
        }));
        edit(device({ access_group_ids: [5] }), provider);
        expect(await screen.findByText('All staff')).toBeInTheDocument();
        const input = screen.getByRole('combobox', { name: 'Access groups' });
        fireEvent.focus(input);
        const typed = Date.now();
        fireEvent.change(input, { target: { value: 'Serv' } });
        await waitFor(() => expect(searches.some(s => s.q === 'Serv')).toBe(true));
        expect(searches.find(s => s.q === 'Serv')!.at - typed).toBeGreaterThanOrEqual(390);
    });

    it('sends a role without the edit right back to the device page', async () => {
        const record = device();
        renderDevices(
            <Routes>
                <Route path="/devices/:id/edit" element={<DeviceEdit />} />
                <Route path="/devices/:id" element={<div>device page</div>} />
            </Routes>,
            { path: '/devices/1/edit', role: 'manager', provider: devicesProvider({ devices: [record] }) },
        );
        expect(await screen.findByText('device page')).toBeInTheDocument();
    });
});
