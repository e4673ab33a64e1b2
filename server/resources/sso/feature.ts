import type { Feature } from '../../feature';
import { ssoRoutes } from './routes';
import { ssoSignInRoutes } from './signInRoutes';

export const ssoFeature: Feature = {
    name: 'sso',
    routes: [ssoRoutes, ssoSignInRoutes],
};
