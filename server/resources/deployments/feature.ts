import type { Feature } from '../../feature';
import { deploymentJobs } from './jobs';
import { deploymentDeviceRoutes, deploymentRoutes, deploymentWriteRoutes } from './routes';

export const deploymentsFeature: Feature = {
    name: 'deployments',
    routes: [deploymentRoutes, deploymentWriteRoutes, deploymentDeviceRoutes],
    jobs: [...deploymentJobs],
};
