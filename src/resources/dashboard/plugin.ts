import DashboardIcon from '@mui/icons-material/Dashboard';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

// The dashboard brings the charts library: it loads after sign-in, not with the sign-in page.
const Dashboard = onDemand(() => import('./Dashboard').then(m => m.Dashboard));

export const dashboardPlugin: ConsolePlugin = {
    key: 'dashboard',
    dashboard: Dashboard,
    menuIcons: { dashboard: DashboardIcon },
    messages: import.meta.glob('./messages.*.ts'),
};
