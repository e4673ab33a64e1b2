import Webhook from '@mui/icons-material/Webhook';
import { createElement } from 'react';
import { onDemand } from '../../plugins/onDemand';
import type { ConsolePlugin } from '../../plugins/types';

const WebhooksPage = onDemand(() => import('./WebhooksPage').then(m => m.WebhooksPage));

/** /webhooks (docs/decisions.md "Webhooks"): the current account's signed webhooks and their deliveries. */
export const webhooksPlugin: ConsolePlugin = {
    key: 'webhooks',
    routes: [{ path: '/webhooks', routeKey: 'webhooks', element: createElement(WebhooksPage) }],
    menuIcons: { webhooks: Webhook },
    messages: import.meta.glob('./messages.*.ts'),
};
