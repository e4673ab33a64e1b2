import People from '@mui/icons-material/People';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const UserList = onDemand(() => import('./UserViews').then(m => m.UserList));
const UserCreate = onDemand(() => import('./UserViews').then(m => m.UserCreate));
const GuardedUserEdit = onDemand(() => import('./UserViews').then(m => m.GuardedUserEdit));

export const usersPlugin: ConsolePlugin = {
    key: 'users',
    resources: [
        // The user page guards itself: everyone opens their own (SPEC 2.4 Settings), the rest follows SPEC 6.3.
        {
            name: 'users',
            right: 'users',
            routeKey: 'users',
            list: UserList,
            create: UserCreate,
            edit: GuardedUserEdit,
            selfGuarded: ['edit'],
            icon: People,
            recordRepresentation: 'name',
        },
    ],
    menuIcons: { users: People },
    messages: import.meta.glob('./messages.*.ts'),
};
