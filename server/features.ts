import { bootstrap } from './db/bootstrap';
import type { Db } from './db/database';
import type { Feature } from './feature';
import type { Job } from './jobs/runner';
import { storageSweep } from './jobs/storageSweep';
import { accessGroupsFeature } from './resources/access-groups/feature';
import { accountsFeature } from './resources/accounts/feature';
import { acsIntegrationFeature } from './resources/acs-integration/feature';
import { alertRulesFeature } from './resources/alert-rules/feature';
import { apiKeysFeature } from './resources/api-keys/feature';
import { artifactsFeature } from './resources/artifacts/feature';
import { auditLogsFeature } from './resources/audit-logs/feature';
import { brandingFeature } from './resources/branding/feature';
import { authFeature } from './resources/auth/feature';
import { cardFormatsFeature } from './resources/card-formats/feature';
import { cardsFeature } from './resources/cards/feature';
import { dashboardFeature } from './resources/dashboard/feature';
import { deploymentsFeature } from './resources/deployments/feature';
import { devicesFeature } from './resources/devices/feature';
import { enrollmentsFeature } from './resources/enrollments/feature';
import { eventsFeature } from './resources/events/feature';
import { importExportFeature } from './resources/import-export/feature';
import { profilesFeature } from './resources/profiles/feature';
import { qrcodeFeature } from './resources/qrcode/feature';
import { readersFeature } from './resources/readers/feature';
import { rolesFeature } from './resources/roles/feature';
import { schedulesFeature } from './resources/schedules/feature';
import { searchFeature } from './resources/search/feature';
import { ssoFeature } from './resources/sso/feature';
import { systemFeature } from './resources/system/feature';
import { usersFeature } from './resources/users/feature';
import { webhooksFeature } from './resources/webhooks/feature';
import { deviceApiFeature } from './device-api';

/** The platform's features, each once: their routes, jobs, reference data and files (server/feature.ts). */
export const features: Feature[] = [
    authFeature,
    accountsFeature,
    brandingFeature,
    usersFeature,
    rolesFeature,
    auditLogsFeature,
    dashboardFeature,
    cardFormatsFeature,
    devicesFeature,
    deviceApiFeature,
    readersFeature,
    accessGroupsFeature,
    schedulesFeature,
    profilesFeature,
    cardsFeature,
    enrollmentsFeature,
    artifactsFeature,
    deploymentsFeature,
    qrcodeFeature,
    eventsFeature,
    systemFeature,
    importExportFeature,
    searchFeature,
    ssoFeature,
    apiKeysFeature,
    acsIntegrationFeature,
    webhooksFeature,
    alertRulesFeature,
];

/** The files of the storage the features' rows name (server/storage/sweep.ts). */
export const fileOwners = features.flatMap(f => f.files ?? []);

/** Every scheduled job: the features' own, and the kernel's sweep of the files they own. */
export const platformJobs: Job[] = [...features.flatMap(f => f.jobs ?? []), storageSweep(fileOwners)];

/** The platform's first start (the main account and its administrator), then each feature's reference data. */
export const preparePlatform = async (db: Db, options: Parameters<typeof bootstrap>[1]) => {
    const first = await bootstrap(db, options);
    for (const feature of features) await feature.prepare?.(db);
    return first;
};
