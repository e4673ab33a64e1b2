import type { Feature } from '../../feature';
import { deviceJobs } from './jobs';
import { deviceRoutes } from './routes';

export const devicesFeature: Feature = {
    name: 'devices',
    routes: [deviceRoutes],
    jobs: [...deviceJobs],
};
