import { acceptMultipart } from './routeKit';
import type { Feature } from '../../feature';
import { acsCertificateRoutes } from './certificateRoutes';
import { acsChuidRoutes } from './chuidRoutes';
import { acsLogRoutes } from './logRoutes';
import { acsIntegrationRoutes } from './routes';
import { acsSyncJob } from './run';

export const acsIntegrationFeature: Feature = {
    name: 'acs-integration',
    // in the order of the OpenAPI document
    routes: [{ bodies: acceptMultipart, plugins: [acsIntegrationRoutes, acsChuidRoutes, acsLogRoutes, acsCertificateRoutes] }],
    jobs: [acsSyncJob],
};
