import { accessGroupsPlugin } from './resources/access-groups';
import { acsIntegrationPlugin } from './resources/acs-integration';
import { accountManagementPlugin } from './resources/account-management';
import { accountsPlugin } from './resources/accounts';
import { alertRulesPlugin } from './resources/alert-rules';
import { apiKeysPlugin } from './resources/api-keys';
import { auditLogsPlugin } from './resources/audit-logs';
import { cardFormatsPlugin } from './resources/card-formats';
import { devicesPlugin } from './resources/devices';
import { profilesPlugin } from './resources/profiles';
import { qrCodePlugin } from './resources/qrcode';
import { readersPlugin } from './resources/readers';
import { firmwarePlugin } from './resources/firmware';
import { eventRetentionPlugin } from './resources/event-retention';
import { importExportPlugin } from './resources/import-export';
import { eventsPlugin } from './resources/events';
import { enrollmentsPlugin } from './resources/enrollments';
import { rolesPlugin } from './resources/roles';
import { schedulesPlugin } from './resources/schedules';
import { migrationsPlugin } from './resources/migrations';
import { searchPlugin } from './resources/search';
import { settingsPlugin } from './resources/settings';
import { ssoPlugin } from './resources/sso';
import { statisticsPlugin } from './resources/statistics';
import { systemPlugin } from './resources/system';
import { usersPlugin } from './resources/users';
import { webhooksPlugin } from './resources/webhooks';
import type { ConsolePlugin } from './plugins/types';

/**
 * The features of the console, in menu order: main.tsx installs them in the kernel (src/plugins/installed.ts) before
 * the first render. Adding a feature is one line here (README, "Adding a feature").
 */
export const features: ConsolePlugin[] = [
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
