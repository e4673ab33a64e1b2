import type { Feature } from '../../feature';
import { emailConfirmRoutes, userAccountsRoutes, userRoutes, userWriteRoutes } from './routes';

export const usersFeature: Feature = {
    name: 'users',
    // In this order the OpenAPI document lists their paths as it always did.
    routes: [userRoutes, emailConfirmRoutes, userAccountsRoutes, userWriteRoutes],
};
