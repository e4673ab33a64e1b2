import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../contract/roles';
import { DeviceList } from '../../src/resources/devices/page/DeviceList';
import { devicesProvider, renderDevices } from './devicesFixtures';
import { testSession } from './render';

afterEach(() => vi.restoreAllMocks());

const listed = async () => screen.findByText('Server room door');
const selectFirstRow = async () => {
    await listed();
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
};
const lastListFilter = (provider: ReturnType<typeof devicesProvider>) => {
    const calls = provider.getList.mock.calls.filter(c => c[0] === 'devices');
    return (calls.at(-1) as unknown as [string, { filter: Record<string, unknown> }])[1].filter;
};

describe('the Devices list (SPEC 2.2, 6.3)', () => {
    it('shows each device’s state, hardware, role and security level, and how long ago it was seen (SPEC 9)', async () => {
        renderDevices(<DeviceList />);
        const row = (await listed()).closest('tr')!;
        expect(within(row).getByText('Online')).toBeInTheDocument();
        expect(within(row).getByText('SIM-00004')).toBeInTheDocument();
        // the role read as words, its SPEC 4.6 code on hover
        expect(within(row).getByText('Face and badge')).toHaveAttribute('title', 'two-fa');
        expect(within(row).getByText('High')).toBeInTheDocument();
        expect(within(row).getByText(/^\d+ s ago$/)).toBeInTheDocument();
        const pending = screen.getByText('SIM-00011', { selector: 'div' }).closest('tr')!;
        expect(within(pending).getByText('Pending approval')).toBeInTheDocument();
        expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    });

    it('gives the account filter to roles that reach below their account (here an installer), starting on all their accounts', async () => {
        const { provider } = renderDevices(<DeviceList />, { role: 'installer' });
        await listed();
        expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('All my accounts');
        // "All my accounts" asks across accounts, without the current account_id.
        expect(lastListFilter(provider)).toMatchObject({ cross_account: 'true', account_id: undefined });
        fireEvent.click(screen.getByRole('combobox', { name: 'Account' }));
        fireEvent.change(screen.getByRole('combobox', { name: 'Account' }), { target: { value: 'Fab' } });
        fireEvent.click(await screen.findByRole('option', { name: 'Fabrikam Labs' }));
        await waitFor(() => expect(lastListFilter(provider)).toMatchObject({ account_id: '12' }));
        expect(lastListFilter(provider).cross_account).toBeUndefined();
    });

    it('has no account filter for a moderator, who sees the current account', async () => {
        const { provider } = renderDevices(<DeviceList />, { role: 'moderator' });
        await listed();
        expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
        expect(lastListFilter(provider).cross_account).toBeUndefined();
    });

    it('filters by status, and by the releases present in the list’s scope (GET /devices/filter_values)', async () => {
        const { provider } = renderDevices(<DeviceList />);
        await listed();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
        const statuses = within(await screen.findByRole('listbox'));
        expect(statuses.getAllByRole('option').map(o => o.textContent)).toEqual(
            expect.arrayContaining(['Pending approval', 'Online', 'Offline', 'Rejected']),
        );
        fireEvent.click(statuses.getByRole('option', { name: 'Offline' }));
        await waitFor(() => expect(lastListFilter(provider)).toMatchObject({ status: 'offline' }));
        expect(screen.getByTestId('location')).toHaveTextContent('status=offline');

        fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
        fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Release' }));
        fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Release' }));
        const releases = within(await screen.findByRole('listbox'));
        expect(await releases.findByRole('option', { name: '4.1.0' })).toBeInTheDocument();
        fireEvent.click(releases.getByRole('option', { name: '4.1.0' }));
        await waitFor(() => expect(lastListFilter(provider)).toMatchObject({ status: 'offline', release: '4.1.0' }));
        expect(provider.call).toHaveBeenCalledWith('/devices/filter_values', expect.objectContaining({ query: { cross_account: 'true' } }));
    });

    it('sends the id filter as the server takes it', async () => {
        const { provider } = renderDevices(<DeviceList />, { path: '/devices?id=2%2C%2011&page=1' });
        await listed();
        expect(lastListFilter(provider)).toMatchObject({ id: '2,11' });
    });

    it('makes pending readers easy to find: the banner counts them and shows them', async () => {
        const { provider } = renderDevices(<DeviceList />);
        const banner = await screen.findByText('One reader waits for approval in your accounts.');
        fireEvent.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Show them' }));
        await waitFor(() => expect(lastListFilter(provider)).toMatchObject({ status: 'pending', cross_account: 'true' }));
    });
});

describe('the quick-view Device drawer (SPEC 2.6)', () => {
    it('opens from a row with the reader’s state, its main actions and its temporary enrollment', async () => {
        renderDevices(<DeviceList />, { role: 'moderator' });
        fireEvent.click(await listed());
        const [drawer] = await screen.findAllByRole('dialog', { name: 'Device' });
        expect(await within(drawer!).findByText('SIM-00004')).toBeInTheDocument();
        expect(within(drawer!).getByText('Face and badge')).toBeInTheDocument();
        expect(within(drawer!).getByText('Applied')).toBeInTheDocument();
        expect(within(drawer!).getByRole('button', { name: 'Reboot' })).toBeInTheDocument();
        expect(within(drawer!).getByRole('region', { name: 'Temporary enrollment' })).toHaveTextContent('Temporary enrollment is off.');
        fireEvent.click(within(drawer!).getByRole('button', { name: 'Modify parameters' }));
        await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/devices/2/edit'));
    });

    it('offers Approve for a pending reader, and nothing to change to a manager', async () => {
        const { unmount } = renderDevices(<DeviceList />, { role: 'admin' });
        fireEvent.click(await screen.findByText('Fabrikam Labs'));
        let [drawer] = await screen.findAllByRole('dialog', { name: 'Device' });
        expect(await within(drawer!).findByRole('button', { name: 'Approve' })).toBeInTheDocument();
        expect(within(drawer!).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
        unmount();
        renderDevices(<DeviceList />, { role: 'manager' });
        fireEvent.click(await listed());
        [drawer] = await screen.findAllByRole('dialog', { name: 'Device' });
        expect(await within(drawer!).findByText('SIM-00004')).toBeInTheDocument();
        for (const action of ['Reboot', 'Approve', 'Modify parameters', 'Turn on'])
            expect(within(drawer!).queryByRole('button', { name: action })).toBeNull();
    });
});

const BULK = ['Bulk edit', 'Bulk reboot', 'Export configurations', 'Delete'];
const expected: Record<Role, string[]> = {
    admin: BULK,
    dealer: ['Bulk edit', 'Export configurations'],
    installer: ['Bulk edit', 'Export configurations'],
    moderator: ['Bulk edit', 'Bulk reboot', 'Export configurations'],
    manager: [],
    user: [],
};

describe('bulk operations per role (SPEC 6.2: bulk_edit, bulk_delete, bulk_reboot, download_config)', () => {
    for (const role of ['admin', 'dealer', 'moderator'] as Role[]) {
        it(`${role}: ${expected[role].join(', ')}`, async () => {
            renderDevices(<DeviceList />, { role });
            await selectFirstRow();
            await screen.findByText('1 item selected');
            for (const label of BULK) {
                if (expected[role].includes(label)) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
                else expect(screen.queryByRole('button', { name: label })).toBeNull();
            }
        });
    }

    it('manager and user: no selection at all', async () => {
        for (const role of ['manager', 'user'] as Role[]) {
            const { unmount } = renderDevices(<DeviceList />, { role });
            await listed();
            expect(screen.queryAllByRole('checkbox')).toEqual([]);
            unmount();
        }
    });

    it('Bulk edit and Bulk reboot open their screens with the selected devices', async () => {
        renderDevices(<DeviceList />);
        await selectFirstRow();
        fireEvent.click(screen.getAllByRole('checkbox')[2]!);
        fireEvent.click(await screen.findByRole('button', { name: 'Bulk reboot' }));
        await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/devices\/bulk\/reboot\?ids=\d+,\d+$/));
    });

    it('delete asks Delete/Cancel; Cancel sends nothing, Delete deletes the selection and says so', async () => {
        const { provider } = renderDevices(<DeviceList />, {
            provider: devicesProvider({
                answer: async (path, o) => (path === '/devices/bulk' && o?.method === 'DELETE' ? { deleted: 1 } : undefined),
            }),
        });
        await selectFirstRow();
        fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
        let dialog = await screen.findByRole('dialog');
        expect(dialog).toHaveTextContent('Delete this device?');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(provider.call).not.toHaveBeenCalledWith('/devices/bulk', expect.anything());

        fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
        dialog = await screen.findByRole('dialog');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
        await waitFor(() =>
            expect(provider.call).toHaveBeenCalledWith('/devices/bulk', { method: 'DELETE', body: { device_ids: [expect.any(Number)] } }),
        );
        // SPEC 8.4: 'Successfully deleted the {resource}', and how many
        expect(await screen.findByText('Successfully deleted the device')).toBeInTheDocument();
        expect(screen.getByText('Deleted one device')).toBeInTheDocument();
    });

    it('exports the selected devices’ configurations as CSV in the browser’s time zone, under the server’s file name', async () => {
        const createObjectURL = vi.fn(() => 'blob:configs');
        Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
        const saved: string[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            saved.push(this.download);
        });
        const { provider } = renderDevices(<DeviceList />);
        await selectFirstRow();
        fireEvent.click(await screen.findByRole('button', { name: 'Export configurations' }));
        await waitFor(() => expect(saved).toEqual(['devices-configs-20250102-133700.csv']));
        expect(provider.download).toHaveBeenCalledWith('/devices/bulk/config/export', {
            device_ids: expect.stringMatching(/^\d+$/),
            timezone_offset: new Date().getTimezoneOffset(),
        });
    });

    it('names the export devices-configs-<timestamp>.csv when the server gives no name (SPEC 9)', async () => {
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
        const saved: string[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            saved.push(this.download);
        });
        const provider = devicesProvider();
        provider.download.mockImplementation(async () => new Blob(['id\n']) as File);
        renderDevices(<DeviceList />, { provider });
        await selectFirstRow();
        fireEvent.click(await screen.findByRole('button', { name: 'Export configurations' }));
        await waitFor(() => expect(saved[0]).toMatch(/^devices-configs-\d{8}-\d{6}\.csv$/));
    });
});

describe('Add a reader', () => {
    it('shows the account’s registration code and the platform address, and makes a new code', async () => {
        let code = 'KCEJ-3Q0W';
        const provider = devicesProvider({
            answer: async (path, o) => {
                if (path !== '/devices/registration_code') return undefined;
                if (o?.method === 'PUT') code = 'NEW1-CODE';
                return { account_id: 10, account_name: 'Contoso Offices', code, url: 'https://access.example' };
            },
        });
        renderDevices(<DeviceList />, { provider, session: testSession('moderator') });
        fireEvent.click(await screen.findByRole('button', { name: 'Add a reader' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add a reader' });
        expect(await within(dialog).findByLabelText('Registration code')).toHaveTextContent('KCEJ-3Q0W');
        expect(within(dialog).getByLabelText('Platform address')).toHaveTextContent('https://access.example');
        expect(dialog).toHaveTextContent('Readers register in Contoso Offices with this code.');
        fireEvent.click(within(dialog).getByRole('button', { name: 'New code' }));
        await waitFor(() => expect(within(dialog).getByLabelText('Registration code')).toHaveTextContent('NEW1-CODE'));
    });

    it('is not offered to roles without the devices write right', async () => {
        renderDevices(<DeviceList />, { role: 'manager' });
        await listed();
        expect(screen.queryByRole('button', { name: 'Add a reader' })).toBeNull();
    });
});
