import Settings from '@mui/icons-material/Settings';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const SettingsPage = onDemand(() => import('./SettingsPage').then(m => m.SettingsPage));

export const settingsPlugin: ConsolePlugin = {
    key: 'settings',
    // SPEC 2.2 /settings; 6.2 "system settings: admin only"; 6.3 denies it to manager and user
    routes: [{ path: '/settings', routeKey: 'settings', element: createElement(SettingsPage) }],
    menuIcons: { settings: Settings },
    messages: import.meta.glob('./messages.*.ts'),
};
