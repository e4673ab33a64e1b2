import multipart from '@fastify/multipart';
import { keytabUploads } from './routeHelpers';
import type { Feature } from '../../feature';
import { ssoKeytabRoutes } from './keytabRoutes';
import { loginPreferenceRoutes, ssoRoutes } from './routes';
import { ssoSignInRoutes } from './signInRoutes';

export const ssoFeature: Feature = {
    name: 'sso',
    routes: [
        { bodies: scope => scope.register(multipart, keytabUploads()), plugins: [ssoRoutes, ssoKeytabRoutes, loginPreferenceRoutes] },
        ssoSignInRoutes,
    ],
};
