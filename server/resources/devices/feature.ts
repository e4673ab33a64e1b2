import type { Feature } from '../../feature';
import { deviceApprovalRoutes } from './approvalRoutes';
import { deviceBulkRoutes } from './bulkRoutes';
import { deviceCommandRoutes } from './commandRoutes';
import { deviceConfigRoutes } from './configRoutes';
import { deviceJobs } from './jobs';
import { deviceListRoutes } from './listRoutes';
import { deviceLogRoutes } from './logRoutes';
import { registrationCodeRoutes } from './registrationRoutes';
import { deviceRoutes } from './routes';
import { readerCountsByState } from './queries';

export const devicesFeature: Feature = {
    name: 'devices',
    // in the order of the OpenAPI document
    routes: [
        deviceListRoutes,
        registrationCodeRoutes,
        deviceBulkRoutes,
        deviceRoutes,
        deviceApprovalRoutes,
        deviceCommandRoutes,
        deviceLogRoutes,
        deviceConfigRoutes,
    ],
    jobs: [...deviceJobs],
    gauges: [{ gauge: 'readers', read: readerCountsByState }],
};
