import type { Feature } from '../../feature';
import { auditLogRoutes } from './routes';

export const auditLogsFeature: Feature = {
    name: 'audit-logs',
    routes: [auditLogRoutes],
};
