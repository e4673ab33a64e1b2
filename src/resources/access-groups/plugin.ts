import GroupWork from '@mui/icons-material/GroupWork';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const AccessGroupList = onDemand(() => import('./AccessGroupList').then(m => m.AccessGroupList));
const AccessGroupPage = onDemand(() => import('./AccessGroupPage').then(m => m.AccessGroupPage));
const AccessGroupCreate = onDemand(() => import('./AccessGroupForm').then(m => m.AccessGroupCreate));

/**
 * Access groups (SPEC 2.2 /access_groups with its list and :id child routes,
 * and a create page). SPEC 6.2 has no row for them: every role reads them
 * (profiles read); the views ask for device config write before changing a
 * group and for profiles write before changing its members.
 */
export const accessGroupsPlugin: ConsolePlugin = {
    key: 'access-groups',
    resources: [
        {
            name: 'access_groups',
            right: 'profiles',
            routeKey: 'accessGroups',
            list: AccessGroupList,
            edit: AccessGroupPage,
            create: AccessGroupCreate,
            icon: GroupWork,
            recordRepresentation: 'description',
        },
    ],
    menuIcons: { accessGroups: GroupWork },
    messages: import.meta.glob('./messages.*.ts'),
};
