import multipart from '@fastify/multipart';
import { MULTIPART_OPTIONS } from './routeHelpers';
import type { Feature } from '../../feature';
import { enrollmentCompletionRoutes } from './completionRoutes';
import { inviteCsvRoutes } from './csvRoutes';
import { inviteRoutes } from './inviteRoutes';
import { enrollmentPageRoutes } from './pageRoutes';
import { invitationMailCountsByState } from './queries';
import { enrollmentRoutes } from './routes';
import { enrollmentSender } from './sender';
import { enrollmentSettingsRoutes } from './settingsRoutes';

export const enrollmentsFeature: Feature = {
    name: 'enrollments',
    // The OpenAPI document lists the paths in the order they are registered.
    routes: [
        {
            bodies: scope => scope.register(multipart, MULTIPART_OPTIONS),
            plugins: [
                enrollmentRoutes,
                inviteCsvRoutes,
                inviteRoutes,
                enrollmentSettingsRoutes,
                enrollmentPageRoutes,
                enrollmentCompletionRoutes,
            ],
        },
    ],
    jobs: [enrollmentSender],
    gauges: [{ gauge: 'mails', read: invitationMailCountsByState }],
};
