import type { Feature } from '../../feature';
import { accessGroupRoutes } from './routes';

export const accessGroupsFeature: Feature = {
    name: 'access-groups',
    routes: [accessGroupRoutes],
};
