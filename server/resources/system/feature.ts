import multipart from '@fastify/multipart';
import { backupUploads } from './backupRouteHelpers';
import type { Feature } from '../../feature';
import { backupLeftovers } from './backup/files';
import { scheduledBackup } from './backup/store';
import { backupRoutes, restoreRoutes } from './backupRoutes';
import { migrationsRoutes } from './migrationsRoutes';
import { systemRoutes } from './routes';
import { settingsRoutes } from './settingsRoutes';

export const systemFeature: Feature = {
    name: 'system',
    routes: [
        systemRoutes,
        { bodies: scope => scope.register(multipart, backupUploads()), plugins: [backupRoutes, restoreRoutes] },
        settingsRoutes,
        migrationsRoutes,
    ],
    jobs: [scheduledBackup, backupLeftovers],
};
