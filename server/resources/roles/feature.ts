import type { Feature } from '../../feature';
import { roleRoutes } from './routes';

export const rolesFeature: Feature = {
    name: 'roles',
    routes: [roleRoutes],
};
