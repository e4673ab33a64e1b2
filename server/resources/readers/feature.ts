import type { Feature } from '../../feature';
import { readerRoutes } from './routes';

export const readersFeature: Feature = {
    name: 'readers',
    routes: [readerRoutes],
};
