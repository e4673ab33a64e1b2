import type { Feature } from '../../feature';
import { scheduleRoutes } from './routes';

export const schedulesFeature: Feature = {
    name: 'schedules',
    routes: [scheduleRoutes],
};
