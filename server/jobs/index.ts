import type { Job } from './runner';
import { deviceJobs } from '../resources/devices/jobs';
import { deploymentJobs } from '../resources/deployments/jobs';
import { storageSweep } from '../storage/sweep';
import { scheduledBackup } from '../resources/system/backup/store';
import { profileJobs } from '../resources/profiles/jobs';
import { enrollmentSender } from '../resources/enrollments/sender';
import { acsSyncJob } from '../resources/acs-integration/run';
import { webhookJobs } from '../resources/webhooks/delivery';
import { alertJob } from '../resources/alert-rules/jobs';
import { embeddedEventsMaintenance, embeddedEventsStatistics, eventPartitionsAhead, eventRetention } from '../resources/events/retention';

/** Every scheduled job of the platform: adding one is one line here. */
export const platformJobs: Job[] = [
    ...deviceJobs,
    ...deploymentJobs,
    ...profileJobs,
    enrollmentSender,
    eventRetention,
    eventPartitionsAhead,
    embeddedEventsMaintenance,
    embeddedEventsStatistics,
    storageSweep,
    scheduledBackup,
    acsSyncJob,
    ...webhookJobs,
    alertJob,
];
