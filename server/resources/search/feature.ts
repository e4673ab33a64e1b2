import type { Feature } from '../../feature';
import { searchRoutes } from './routes';

export const searchFeature: Feature = {
    name: 'search',
    routes: [searchRoutes],
};
