import type { Feature } from '../../feature';
import { acsIntegrationRoutes } from './routes';
import { acsSyncJob } from './run';

export const acsIntegrationFeature: Feature = {
    name: 'acs-integration',
    routes: [acsIntegrationRoutes],
    jobs: [acsSyncJob],
};
