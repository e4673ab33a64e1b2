import multipart from '@fastify/multipart';
import { MULTIPART_OPTIONS } from './routeHelpers';
import type { Feature } from '../../feature';
import { profileAccessRoutes } from './accessRoutes';
import { profileConsentRoutes } from './consentRoutes';
import { profileJobs } from './jobs';
import { profileListRoutes } from './listRoutes';
import { profileRoutes } from './routes';

export const profilesFeature: Feature = {
    name: 'profiles',
    // The OpenAPI document lists the paths in the order they are registered.
    routes: [
        {
            bodies: scope => scope.register(multipart, MULTIPART_OPTIONS),
            plugins: [profileListRoutes, profileRoutes, profileAccessRoutes, profileConsentRoutes],
        },
    ],
    jobs: [...profileJobs],
};
