import type { Feature } from '../../feature';
import { accessGroupMemberRoutes, accessGroupRoutes, accessGroupWriteRoutes } from './routes';

export const accessGroupsFeature: Feature = {
    name: 'access-groups',
    routes: [accessGroupRoutes, accessGroupWriteRoutes, accessGroupMemberRoutes],
};
