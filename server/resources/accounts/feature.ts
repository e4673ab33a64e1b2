import type { Feature } from '../../feature';
import { accountRoutes } from './routes';

export const accountsFeature: Feature = {
    name: 'accounts',
    routes: [accountRoutes],
};
