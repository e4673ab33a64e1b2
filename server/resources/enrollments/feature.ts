import type { Feature } from '../../feature';
import { enrollmentRoutes } from './routes';
import { enrollmentSender } from './sender';

export const enrollmentsFeature: Feature = {
    name: 'enrollments',
    routes: [enrollmentRoutes],
    jobs: [enrollmentSender],
};
