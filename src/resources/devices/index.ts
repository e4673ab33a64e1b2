import { createElement, lazy, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import Devices from '@mui/icons-material/Devices';
import type { ConsolePlugin } from '../../plugins/types';
import { deviceMessages } from './messages';

// Each screen loads on demand (DESIGN.md): the first load stays small.
const DeviceList = lazy(() => import('./DeviceList').then(m => ({ default: m.DeviceList })));
const DeviceShow = lazy(() => import('./DeviceShow').then(m => ({ default: m.DeviceShow })));
const DeviceEdit = lazy(() => import('./DeviceEdit').then(m => ({ default: m.DeviceEdit })));
const BulkDeviceEdit = lazy(() => import('./BulkDeviceEdit').then(m => ({ default: m.BulkDeviceEdit })));
const BulkDeviceReboot = lazy(() => import('./BulkDeviceReboot').then(m => ({ default: m.BulkDeviceReboot })));

const inDevices = (component: ComponentType) => createElement(ResourceContextProvider, { value: 'devices', children: createElement(component) });

/**
 * Devices (SPEC 2.2): the list is the resource's; the device page and
 * Modify Device Parameters sit at SPEC's paths (/devices/:id, /devices/:id/edit)
 * rather than react-admin's, next to the two bulk screens.
 */
export const devicesPlugin: ConsolePlugin = {
    key: 'devices',
    resources: [{ name: 'devices', right: 'devices', routeKey: 'devices', list: DeviceList, icon: Devices, recordRepresentation: 'description' }],
    routes: [
        { path: '/devices/bulk/edit', element: inDevices(BulkDeviceEdit), routeKey: 'bulkDeviceEdit' },
        { path: '/devices/bulk/reboot', element: inDevices(BulkDeviceReboot), routeKey: 'bulkDeviceReboot' },
        { path: '/devices/:id', element: inDevices(DeviceShow), routeKey: 'devices' },
        { path: '/devices/:id/edit', element: inDevices(DeviceEdit), routeKey: 'devices' },
    ],
    menu: ['devices'],
    messages: deviceMessages,
};
