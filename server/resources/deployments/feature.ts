import type { Feature } from '../../feature';
import { deploymentJobs } from './jobs';
import { deploymentRoutes } from './routes';

export const deploymentsFeature: Feature = {
    name: 'deployments',
    routes: [deploymentRoutes],
    jobs: [...deploymentJobs],
};
