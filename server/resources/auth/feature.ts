import type { Feature } from '../../feature';
import { passwordRoutes } from './passwordRoutes';
import { authRoutes, meRoutes } from './routes';
import { twoFactorRoutes, twoFactorSetupRoutes } from './twoFactor';

export const authFeature: Feature = {
    name: 'auth',
    routes: [authRoutes, meRoutes, twoFactorSetupRoutes, twoFactorRoutes, passwordRoutes],
};
