import { accessGroupsPlugin } from './resources/access-groups/plugin';
import { acsIntegrationPlugin } from './resources/acs-integration/plugin';
import { accountManagementPlugin } from './resources/account-management/plugin';
import { accountsPlugin } from './resources/accounts/plugin';
import { alertRulesPlugin } from './resources/alert-rules/plugin';
import { apiKeysPlugin } from './resources/api-keys/plugin';
import { auditLogsPlugin } from './resources/audit-logs/plugin';
import { cardFormatsPlugin } from './resources/card-formats/plugin';
import { dashboardPlugin } from './resources/dashboard/plugin';
import { devicesPlugin } from './resources/devices/plugin';
import { profilesPlugin } from './resources/profiles/plugin';
import { qrCodePlugin } from './resources/qrcode/plugin';
import { readersPlugin } from './resources/readers/plugin';
import { firmwarePlugin } from './resources/firmware/plugin';
import { eventRetentionPlugin } from './resources/event-retention/plugin';
import { importExportPlugin } from './resources/import-export/plugin';
import { eventsPlugin } from './resources/events/plugin';
import { enrollmentsPlugin } from './resources/enrollments/plugin';
import { rolesPlugin } from './resources/roles/plugin';
import { schedulesPlugin } from './resources/schedules/plugin';
import { migrationsPlugin } from './resources/migrations/plugin';
import { searchPlugin } from './resources/search/plugin';
import { settingsPlugin } from './resources/settings/plugin';
import { ssoPlugin } from './resources/sso/plugin';
import { statisticsPlugin } from './resources/statistics/plugin';
import { systemPlugin } from './resources/system/plugin';
import { usersPlugin } from './resources/users/plugin';
import { webhooksPlugin } from './resources/webhooks/plugin';
import type { ConsolePlugin } from './plugins/types';

/**
 * The features of the console, in menu order: main.tsx installs them in the kernel (src/plugins/installed.ts) before
 * the first render. Adding a feature is one line here (README, "Adding a feature").
 */
export const features: ConsolePlugin[] = [
    dashboardPlugin,
    accountsPlugin,
    auditLogsPlugin,
    rolesPlugin,
    usersPlugin,
    apiKeysPlugin,
    cardFormatsPlugin,
    eventRetentionPlugin,
    importExportPlugin,
    acsIntegrationPlugin,
    devicesPlugin,
    firmwarePlugin,
    readersPlugin,
    accessGroupsPlugin,
    schedulesPlugin,
    qrCodePlugin,
    eventsPlugin,
    alertRulesPlugin,
    enrollmentsPlugin,
    profilesPlugin,
    systemPlugin,
    statisticsPlugin,
    accountManagementPlugin,
    settingsPlugin,
    migrationsPlugin,
    searchPlugin,
    ssoPlugin,
    webhooksPlugin,
];
