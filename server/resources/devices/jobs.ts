import type { Job } from '../../jobs/runner';
import { pruneDeviceLogs } from './logs';
import { markSilentDevicesOffline } from './queries';

/** Device log lines are kept this many days. */
export const DEVICE_LOG_RETENTION_DAYS = 30;

export const offlineDetection: Job = {
    name: 'device-offline-detection',
    everyMs: 5000,
    async run(ctx) {
        // A large fleet going dark at once is taken in slices.
        while ((await markSilentDevicesOffline(ctx.db, ctx.config.deviceOfflineSeconds)).length === 1000);
    },
};

export const deviceLogRetention: Job = {
    name: 'device-log-retention',
    everyMs: 3600_000,
    async run(ctx) {
        await pruneDeviceLogs(ctx.db, DEVICE_LOG_RETENTION_DAYS);
    },
};

export const deviceJobs: Job[] = [offlineDetection, deviceLogRetention];
