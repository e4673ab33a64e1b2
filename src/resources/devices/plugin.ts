import { createElement, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import Devices from '@mui/icons-material/Devices';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

// Each screen loads on demand (DESIGN.md): the first load stays small.
const DeviceList = onDemand(() => import('./page/DeviceList').then(m => m.DeviceList));
const DeviceShow = onDemand(() => import('./page/DeviceShow').then(m => m.DeviceShow));
const DeviceEdit = onDemand(() => import('./page/DeviceEdit').then(m => m.DeviceEdit));
const BulkDeviceEdit = onDemand(() => import('./bulk/BulkDeviceEdit').then(m => m.BulkDeviceEdit));
const BulkDeviceReboot = onDemand(() => import('./bulk/BulkDeviceReboot').then(m => m.BulkDeviceReboot));

const inDevices = (component: ComponentType) =>
    createElement(ResourceContextProvider, { value: 'devices', children: createElement(component) });

/**
 * Devices (SPEC 2.2): the list is the resource's; the device page and
 * Modify Device Parameters sit at SPEC's paths (/devices/:id, /devices/:id/edit)
 * rather than react-admin's, next to the two bulk screens.
 */
export const devicesPlugin: ConsolePlugin = {
    key: 'devices',
    resources: [
        { name: 'devices', right: 'devices', routeKey: 'devices', list: DeviceList, icon: Devices, recordRepresentation: 'description' },
    ],
    routes: [
        { path: '/devices/bulk/edit', element: inDevices(BulkDeviceEdit), routeKey: 'bulkDeviceEdit' },
        { path: '/devices/bulk/reboot', element: inDevices(BulkDeviceReboot), routeKey: 'bulkDeviceReboot' },
        { path: '/devices/:id', element: inDevices(DeviceShow), routeKey: 'devices' },
        { path: '/devices/:id/edit', element: inDevices(DeviceEdit), routeKey: 'devices' },
    ],
    menuIcons: { devices: Devices },
    messages: import.meta.glob('./messages.*.ts'),
};
