import Security from '@mui/icons-material/Security';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const EventList = onDemand(() => import('./EventList').then(m => m.EventList));

export const eventsPlugin: ConsolePlugin = {
    key: 'events',
    resources: [{ name: 'events', right: 'events', routeKey: 'events', list: EventList, icon: Security }],
    menuIcons: { events: Security },
    messages: import.meta.glob('./messages.*.ts'),
};
