import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import type { ConsolePlugin } from '../../plugins/types';
import { firmwareMessages } from './messages';

// Loaded on demand: the upload and scheduling screens are large and used by few.
const DeploymentList = lazy(() => import('./DeploymentList').then(m => ({ default: m.DeploymentList })));
const DeploymentStatus = lazy(() => import('./DeploymentStatus').then(m => ({ default: m.DeploymentStatus })));
const FirmwareVersions = lazy(() => import('./FirmwareVersions').then(m => ({ default: m.FirmwareVersions })));
const FirmwareKeys = lazy(() => import('./FirmwareKeysSection').then(m => ({ default: m.FirmwareKeysSection })));

const page = <P extends object>(Component: ComponentType<P>, props = {} as P) => createElement(Suspense, { fallback: createElement(LinearProgress) }, createElement(Component, props));
const FirmwareKeysSection = (props: { accountId: number }) => page(FirmwareKeys, props);

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
        { path: '/firmware-updates', element: page(DeploymentList), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/new', element: page(DeploymentList, { schedule: true }), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/status/:id', element: page(DeploymentStatus), routeKey: 'firmwareUpdates' },
        { path: '/firmware-updates/versions', element: page(FirmwareVersions), routeKey: 'firmwareVersions' },
    ],
    menu: ['firmwareUpdates'],
    accountSections: [{ key: 'firmware-keys', label: 'resources.firmware_keys.section', right: ['artifacts', 'read'], component: FirmwareKeysSection }],
    messages: firmwareMessages,
};
