import type { Feature } from '../../feature';
import { dashboardRoutes } from './routes';

export const dashboardFeature: Feature = {
    name: 'dashboard',
    routes: [dashboardRoutes],
};
