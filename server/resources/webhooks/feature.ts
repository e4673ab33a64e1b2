import type { Feature } from '../../feature';
import { webhookJobs } from './delivery';
import { webhookDeliveryRoutes, webhookRoutes, webhookWriteRoutes } from './routes';

export const webhooksFeature: Feature = {
    name: 'webhooks',
    routes: [webhookRoutes, webhookWriteRoutes, webhookDeliveryRoutes],
    jobs: [...webhookJobs],
};
