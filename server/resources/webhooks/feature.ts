import type { Feature } from '../../feature';
import { webhookJobs } from './delivery';
import { webhookDeliveryRoutes, webhookRoutes, webhookWriteRoutes } from './routes';
import { deliveryCountsByState } from './queries';

export const webhooksFeature: Feature = {
    name: 'webhooks',
    routes: [webhookRoutes, webhookWriteRoutes, webhookDeliveryRoutes],
    jobs: [...webhookJobs],
    gauges: [{ gauge: 'webhook_deliveries', read: deliveryCountsByState }],
};
