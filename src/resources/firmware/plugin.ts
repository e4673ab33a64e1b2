import SystemUpdate from '@mui/icons-material/SystemUpdate';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

// Loaded on demand: the upload and scheduling screens are large and used by few.
const DeploymentList = onDemand(() => import('./DeploymentList').then(m => m.DeploymentList));
const DeploymentStatus = onDemand(() => import('./DeploymentStatus').then(m => m.DeploymentStatus));
const FirmwareVersions = onDemand(() => import('./FirmwareVersions').then(m => m.FirmwareVersions));
const FirmwareKeysSection = onDemand(() => import('./FirmwareKeysSection').then(m => m.FirmwareKeysSection));

/**
 * Firmware updates (SPEC 2.2 /firmware-updates...): Deployments, Schedule an
 * Update (the Deployment drawer), Deployment status, Updates (firmware
 * versions with the upload), and the account's firmware signing keys.
 */
export const firmwarePlugin: ConsolePlugin = {
    key: 'firmware',
    resources: [
        { name: 'deployments', right: 'deployments' },
        { name: 'artifacts', right: 'artifacts' },
        { name: 'firmware_keys', right: 'artifacts' },
    ],
    routes: [
        { path: '/firmware-updates', element: createElement(DeploymentList), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/new', element: createElement(DeploymentList, { schedule: true }), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/status/:id', element: createElement(DeploymentStatus), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/versions', element: createElement(FirmwareVersions), routeKey: 'firmwareVersions' },
    ],
    accountSections: [
        { key: 'firmware-keys', label: 'resources.firmware_keys.section', right: ['artifacts', 'read'], component: FirmwareKeysSection },
    ],
    menuIcons: { firmwareUpdates: SystemUpdate },
    messages: import.meta.glob('./messages.*.ts'),
};
