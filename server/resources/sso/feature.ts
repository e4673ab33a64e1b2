import type { Feature } from '../../feature';
import { ssoKeytabRoutes } from './keytabRoutes';
import { loginPreferenceRoutes, ssoRoutes } from './routes';
import { ssoSignInRoutes } from './signInRoutes';

export const ssoFeature: Feature = {
    name: 'sso',
    routes: [ssoRoutes, ssoKeytabRoutes, loginPreferenceRoutes, ssoSignInRoutes],
};
