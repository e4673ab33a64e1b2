import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { accountRoutes } from './accounts/routes';
import { auditLogRoutes } from './audit-logs/routes';
import { passwordRoutes } from './auth/passwordRoutes';
import { authRoutes } from './auth/routes';
import { cardFormatRoutes } from './card-formats/routes';
import { twoFactorRoutes } from './auth/twoFactor';
import { dashboardRoutes } from './dashboard/routes';
import { deviceRoutes } from './devices/routes';
import { deviceApiRoutes } from '../device-api';
import { accessGroupRoutes } from './access-groups/routes';
import { profileRoutes } from './profiles/routes';
import { cardRoutes } from './cards/routes';
import { enrollmentRoutes } from './enrollments/routes';
import { readerRoutes } from './readers/routes';
import { eventRoutes } from './events/routes';
import { roleRoutes } from './roles/routes';
import { userRoutes } from './users/routes';
import { artifactRoutes } from './artifacts/routes';
import { firmwareKeyRoutes } from './artifacts/keys';
import { deploymentRoutes } from './deployments/routes';
import { qrCodeRoutes } from './qrcode/routes';
import { systemRoutes } from './system/routes';
import { backupRoutes } from './system/backupRoutes';
import { settingsRoutes } from './system/settingsRoutes';
import { migrationsRoutes } from './system/migrationsRoutes';
import { importExportRoutes } from './import-export/routes';
import { searchRoutes } from './search/routes';
import { ssoRoutes } from './sso/routes';
import { ssoSignInRoutes } from './sso/signInRoutes';
import { apiKeyRoutes } from './api-keys/routes';
import { acsIntegrationRoutes } from './acs-integration/routes';
import { webhookRoutes } from './webhooks/routes';
import { scheduleRoutes } from './schedules/routes';
import { alertRuleRoutes } from './alert-rules/routes';

/** The features the server serves under /api/v2: adding one is one line here. */
export const features: FastifyPluginAsyncZod<AppContext>[] = [
    authRoutes,
    twoFactorRoutes,
    passwordRoutes,
    accountRoutes,
    userRoutes,
    roleRoutes,
    auditLogRoutes,
    dashboardRoutes,
    cardFormatRoutes,
    deviceRoutes,
    deviceApiRoutes,
    readerRoutes,
    accessGroupRoutes,
    scheduleRoutes,
    profileRoutes,
    cardRoutes,
    enrollmentRoutes,
    artifactRoutes,
    firmwareKeyRoutes,
    deploymentRoutes,
    qrCodeRoutes,
    eventRoutes,
    systemRoutes,
    backupRoutes,
    settingsRoutes,
    migrationsRoutes,
    importExportRoutes,
    searchRoutes,
    ssoRoutes,
    ssoSignInRoutes,
    apiKeyRoutes,
    acsIntegrationRoutes,
    webhookRoutes,
    alertRuleRoutes,
];
