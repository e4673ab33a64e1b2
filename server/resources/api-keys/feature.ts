import type { Feature } from '../../feature';
import { apiKeyRoutes } from './routes';

export const apiKeysFeature: Feature = {
    name: 'api-keys',
    routes: [apiKeyRoutes],
};
