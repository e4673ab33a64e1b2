import type { BackupInfo, DiskUsage, RestoreReport, StoredBackup } from '../../../contract/system';
import type { ConsoleDataProvider } from '../../dataProvider';
import type { UploadProgress } from '../../dataProvider/upload';

/** The query key of GET /system/backup/info. */
export const BACKUP_INFO_KEY = ['system', 'backup', 'info'] as const;

/**
 * The calls of the Backup and Restore screen (SPEC 7.2 /system/backup,
 * /system/backup/info, /system/restore; server/resources/system/backupRoutes.ts).
 */
export const backupCalls = (dataProvider: ConsoleDataProvider) => ({
    /** what takes the data volume; fresh measures again instead of the server's last five minutes */
    diskUsage: (fresh: boolean, signal?: AbortSignal) =>
        dataProvider.call<DiskUsage>(`/system/disk/usage${fresh ? '?fresh=true' : ''}`, { signal }),
    /** the kept backups and the schedule */
    info: (signal?: AbortSignal) => dataProvider.call<BackupInfo>('/system/backup/info', { signal }),
    /** writes a backup into the backup folder; answers once it is written and read back */
    backUp: () => dataProvider.call<StoredBackup>('/system/backups', { method: 'POST' }),
    /** a backup made now, as it is read: a File named by the server */
    downloadNow: () => dataProvider.download('/system/backup'),
    /** a kept backup */
    downloadKept: (name: string) => dataProvider.download(`/system/backups/${encodeURIComponent(name)}`),
    /** replaces the platform with the file; other_platform=true takes another platform's backup */
    restore: (file: File, options: { otherPlatform: boolean; onProgress: (progress: UploadProgress) => void }) => {
        const form = new FormData();
        if (options.otherPlatform) form.append('other_platform', 'true');
        form.append('file', file, file.name);
        return dataProvider.multipart<RestoreReport>('/system/restore', form, { onProgress: options.onProgress });
    },
});
