import Badge from '@mui/icons-material/Badge';
import { createElement } from 'react';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const RolesPage = onDemand(() => import('./RolesPage').then(m => m.RolesPage));

export const rolesPlugin: ConsolePlugin = {
    key: 'roles',
    routes: [{ path: '/roles', element: createElement(RolesPage), routeKey: 'roles' }],
    menuIcons: { roles: Badge },
    messages: import.meta.glob('./messages.*.ts'),
};
