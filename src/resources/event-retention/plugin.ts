import type { ConsolePlugin } from '../../plugins/types';
import { onDemand } from '../../plugins/onDemand';

const EventRetentionSection = onDemand(() => import('./EventRetentionSection').then(m => m.EventRetentionSection));

/** The account settings sections of SPEC 3 for event images and security events retention. */
export const eventRetentionPlugin: ConsolePlugin = {
    key: 'event-retention',
    accountSections: [
        {
            key: 'event-retention',
            label: 'resources.event_retention.section',
            right: ['accounts', 'read'],
            component: EventRetentionSection,
        },
    ],
    messages: import.meta.glob('./messages.*.ts'),
};
