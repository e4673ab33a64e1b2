import Schedule from '@mui/icons-material/Schedule';
import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const ScheduleList = onDemand(() => import('./ScheduleList').then(m => m.ScheduleList));
const ScheduleEdit = onDemand(() => import('./ScheduleForm').then(m => m.ScheduleEdit));
const ScheduleCreate = onDemand(() => import('./ScheduleForm').then(m => m.ScheduleCreate));

/** Access schedules (docs/decisions.md "Schedules"): when the members of an access group may pass. */
export const schedulesPlugin: ConsolePlugin = {
    key: 'schedules',
    resources: [
        {
            name: 'schedules',
            right: 'schedules',
            routeKey: 'schedules',
            list: ScheduleList,
            edit: ScheduleEdit,
            create: ScheduleCreate,
            icon: Schedule,
            recordRepresentation: 'name',
        },
    ],
    menuIcons: { schedules: Schedule },
    messages: import.meta.glob('./messages.*.ts'),
};
