import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const AcsIntegrationSection = onDemand(() => import('./AcsIntegrationSection').then(m => m.AcsIntegrationSection));

/** The ACS integration section of the account page (SPEC 3, 7.2). */
export const acsIntegrationPlugin: ConsolePlugin = {
    key: 'acs-integration',
    accountSections: [
        {
            key: 'acs-integration',
            label: 'resources.acs_integration.section',
            right: ['acsIntegration', 'read'],
            component: AcsIntegrationSection,
        },
    ],
    messages: import.meta.glob('./messages.*.ts'),
};
