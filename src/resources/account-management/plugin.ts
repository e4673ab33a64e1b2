import AccountTree from '@mui/icons-material/AccountTree';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const AccountManagementPage = onDemand(() => import('./AccountManagementPage').then(m => m.AccountManagementPage));

/** SPEC 2.2 /account_management, Update Platform Main Account: the admin of a single-tenant installation (SPEC 6.3). */
export const accountManagementPlugin: ConsolePlugin = {
    key: 'account-management',
    routes: [{ path: '/account_management', routeKey: 'accountManagement', element: createElement(AccountManagementPage) }],
    menuIcons: { accountManagement: AccountTree },
    messages: import.meta.glob('./messages.*.ts'),
};
