import type { Feature } from '../../feature';
import { webhookJobs } from './delivery';
import { webhookRoutes } from './routes';

export const webhooksFeature: Feature = {
    name: 'webhooks',
    routes: [webhookRoutes],
    jobs: [...webhookJobs],
};
