import Business from '@mui/icons-material/Business';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const AccountList = onDemand(() => import('./AccountViews').then(m => m.AccountList));
const AccountEdit = onDemand(() => import('./AccountViews').then(m => m.AccountEdit));

export const accountsPlugin: ConsolePlugin = {
    key: 'accounts',
    resources: [
        {
            name: 'accounts',
            right: 'accounts',
            routeKey: 'accounts',
            list: AccountList,
            edit: AccountEdit,
            icon: Business,
            recordRepresentation: 'name',
        },
    ],
    menuIcons: { accounts: Business },
    messages: import.meta.glob('./messages.*.ts'),
};
