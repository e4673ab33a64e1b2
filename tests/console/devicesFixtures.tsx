import type { ReactNode } from 'react';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import type { DeviceRecord } from '../../contract/devices';
import type { Role } from '../../contract/roles';
import { QuickViewProvider } from '../../src/components/quickView';
import { AppNotification } from '../../src/notifications/AppNotification';
import { Location } from './layout/helpers';
import { renderInAdmin, testSession } from './render';

// The devices screens render react-admin lists and forms: on a busy machine they take more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** A device record as GET /devices returns it. */
export const device = (over: Partial<DeviceRecord> = {}): DeviceRecord => ({
    id: 1,
    account_id: 10,
    account_name: 'Contoso Offices',
    description: 'Main entrance',
    hardware_id: 'SIM-00001',
    status: 'online',
    auth_required: false,
    board_type: 'rock-gen2',
    release: '3.4.1',
    ip_address: '10.0.0.1',
    mac_address: '02:00:00:00:00:01',
    device_mode: 'one-fa',
    reader_id: null,
    reader: null,
    role: 'one-fa',
    security_level: 'medium',
    led_option: 'mimic_acs',
    communication: 'disabled',
    communication_settings: {},
    onvif: { managed_by: 'protocol', username: null, user_level: null, password_set: false },
    sip: {
        enabled: false,
        domain: null,
        transport: null,
        port: null,
        number: null,
        call_number: null,
        polling_interval: null,
        username: null,
        display_name: null,
        extension: null,
        url: null,
        password_set: false,
    },
    access_group_ids: [],
    temp_enrollment: { on: false, until: null },
    config_version: 2,
    applied_config_version: 2,
    last_seen_at: new Date().toISOString(),
    approved_at: '2025-01-02T10:00:00.000Z',
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
    ...over,
});

export const DEVICES = [
    device(),
    device({ id: 2, description: 'Server room door', hardware_id: 'SIM-00004', role: 'two-fa', security_level: 'high-security' }),
    device({
        id: 11,
        description: 'SIM-00011',
        hardware_id: 'SIM-00011',
        status: 'pending',
        approved_at: null,
        last_seen_at: null,
        applied_config_version: null,
        account_id: 12,
        account_name: 'Fabrikam Labs',
    }),
];

export const ACCOUNT_ROWS = [
    { id: 10, name: 'Contoso Offices', ref_number: 'C-2001', type: 'customer', parent_id: 2, main: false },
    { id: 12, name: 'Fabrikam Labs', ref_number: 'C-2002', type: 'customer', parent_id: 2, main: false },
];

type Call = (path: string, options?: { method?: string; query?: Record<string, unknown>; body?: unknown }) => Promise<unknown>;

/**
 * A data provider for the devices screens: the list, one device, accounts,
 * and the device calls answered by `answer` (path, method) or with sensible
 * defaults (filter values, state counts).
 */
export const devicesProvider = (options: { devices?: DeviceRecord[]; answer?: Call } = {}) => {
    const devices = options.devices ?? DEVICES;
    const call = vi.fn<Call>(async (path, opts) => {
        const answered = options.answer ? await options.answer(path, opts) : undefined;
        if (answered !== undefined) return answered;
        if (path === '/devices/filter_values')
            return { board_type: ['rock-gen2', 'rock-gen3'], release: ['3.4.1', '4.1.0'], device_mode: ['one-fa', 'enrollment'] };
        if (path === '/devices/aggregate/state')
            return { result: [{ status: 'pending', count: devices.filter(d => d.status === 'pending').length }], total: devices.length };
        if (path.endsWith('/commands')) return { result: [] };
        if (path.endsWith('/logs')) return { result: [], count: 0 };
        throw new Error(`unexpected call ${opts?.method ?? 'GET'} ${path}`);
    });
    const provider = {
        getList: vi.fn(
            async (
                resource: string,
                _params?: { filter?: Record<string, unknown>; pagination?: { perPage: number } },
            ): Promise<{ data: object[]; total: number }> => {
                if (resource === 'accounts') return { data: ACCOUNT_ROWS, total: ACCOUNT_ROWS.length };
                if (resource === 'devices') return { data: devices, total: devices.length };
                return { data: [], total: 0 };
            },
        ),
        getOne: vi.fn(async (_resource: string, params: { id: unknown }) => ({
            data: devices.find(d => String(d.id) === String(params.id)) ?? devices[0]!,
        })),
        getMany: vi.fn(async (resource: string, params: { ids: unknown[] }): Promise<{ data: object[] }> => ({
            data: resource === 'devices' ? devices.filter(d => params.ids.map(String).includes(String(d.id))) : [],
        })),
        update: vi.fn(async (_resource: string, params: { id: unknown; data: object }) => ({
            data: { ...devices[0]!, ...params.data, id: params.id },
        })),
        call,
        download: vi.fn(async () => new File(['id\n1\n'], 'devices-configs-20250102-133700.csv', { type: 'text/csv' })),
    };
    return provider;
};

/** Renders a devices screen as the console does: in the devices resource, with the quick-view drawer and the notices. */
export const renderDevices = (
    ui: ReactNode,
    options: { role?: Role; path?: string; provider?: ReturnType<typeof devicesProvider>; session?: ReturnType<typeof testSession> } = {},
) => {
    const provider = options.provider ?? devicesProvider();
    const result = renderInAdmin(
        <QuickViewProvider>
            <ResourceContextProvider value="devices">{ui}</ResourceContextProvider>
            <AppNotification />
            <Location />
        </QuickViewProvider>,
        {
            session: options.session ?? testSession(options.role ?? 'admin'),
            path: options.path ?? '/devices',
            dataProvider: provider as unknown as Partial<DataProvider>,
        },
    );
    return { ...result, provider };
};
