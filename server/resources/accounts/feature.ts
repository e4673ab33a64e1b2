import type { Feature } from '../../feature';
import { accountOptionRoutes, accountRoutes, singleAccountRoutes } from './routes';

export const accountsFeature: Feature = {
    name: 'accounts',
    routes: [accountRoutes, singleAccountRoutes, accountOptionRoutes],
};
