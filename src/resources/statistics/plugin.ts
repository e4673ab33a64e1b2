import BarChart from '@mui/icons-material/BarChart';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const StatisticsPage = onDemand(() => import('./StatisticsPage').then(m => m.StatisticsPage));

export const statisticsPlugin: ConsolePlugin = {
    key: 'statistics',
    // SPEC 2.2 /statistics [statistics]; SPEC 6.3 denies it to manager and user
    routes: [{ path: '/statistics', routeKey: 'statistics', element: createElement(StatisticsPage) }],
    menuIcons: { statistics: BarChart },
    messages: import.meta.glob('./messages.*.ts'),
};
