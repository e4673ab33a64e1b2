import type { FilesLocation } from '../config';
import { LocalDiskStorage, type FileStorage } from '.';
import { S3Storage, s3Client } from './s3';

/**
 * The storage FILES_URL names (server/config.ts), and the local folder it writes to, if any: the disk space guard
 * watches that folder's volume (server/storage/diskSpace.ts); a bucket's room is its provider's.
 */
export const storageFromConfig = (files: FilesLocation): { storage: FileStorage; folder?: string; keptBackups?: FileStorage } => {
    if (files.kind === 'folder') return { storage: new LocalDiskStorage(files.dir), folder: files.dir };
    const client = s3Client({ endpoint: files.endpoint, region: files.region, forcePathStyle: files.forcePathStyle });
    return {
        storage: new S3Storage({ client, bucket: files.bucket, prefix: files.prefix }),
        keptBackups: new S3Storage({ client, bucket: files.bucket, prefix: keptBackupsPrefix(files.prefix) }),
    };
};

/**
 * Kept backups in the files' bucket, under `PREFIX.backups/`: a folder whose name begins with a dot is never a
 * stored file's (server/storage/index.ts, keys), so listing, sweeping or restoring the files never sees them.
 */
export const keptBackupsPrefix = (filesPrefix: string) => `${filesPrefix}.backups/`;
