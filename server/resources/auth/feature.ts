import type { Feature } from '../../feature';
import { passwordRoutes } from './passwordRoutes';
import { authRoutes } from './routes';
import { twoFactorRoutes } from './twoFactor';

export const authFeature: Feature = {
    name: 'auth',
    routes: [authRoutes, twoFactorRoutes, passwordRoutes],
};
