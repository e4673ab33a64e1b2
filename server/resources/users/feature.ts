import type { Feature } from '../../feature';
import { userRoutes } from './routes';

export const usersFeature: Feature = {
    name: 'users',
    routes: [userRoutes],
};
