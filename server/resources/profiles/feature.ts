import type { Feature } from '../../feature';
import { profileJobs } from './jobs';
import { profileRoutes } from './routes';

export const profilesFeature: Feature = {
    name: 'profiles',
    routes: [profileRoutes],
    jobs: [...profileJobs],
};
