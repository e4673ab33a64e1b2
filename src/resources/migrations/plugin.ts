import Storage from '@mui/icons-material/Storage';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const MigrationsPage = onDemand(() => import('./MigrationsPage').then(m => m.MigrationsPage));

export const migrationsPlugin: ConsolePlugin = {
    key: 'migrations',
    // SPEC 2.2 /migrations [migrations]; 6.2 admin and moderator; 6.3 denied to the admin of a cloud installation
    routes: [{ path: '/migrations', routeKey: 'migrations', element: createElement(MigrationsPage) }],
    menuIcons: { migrations: Storage },
    messages: import.meta.glob('./messages.*.ts'),
};
