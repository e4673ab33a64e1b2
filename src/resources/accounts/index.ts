import Business from '@mui/icons-material/Business';
import type { ConsolePlugin } from '../../plugins/types';
import { AccountEdit, AccountList } from './AccountViews';
import { accountMessages } from './messages';

export const accountsPlugin: ConsolePlugin = {
    key: 'accounts',
    resources: [{ name: 'accounts', right: 'accounts', routeKey: 'accounts', list: AccountList, edit: AccountEdit, icon: Business, recordRepresentation: 'name' }],
    menu: ['accounts'],
    messages: accountMessages,
};
