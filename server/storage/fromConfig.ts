import type { FilesLocation } from '../config';
import { LocalDiskStorage, type FileStorage } from '.';
import { S3Storage, s3Client } from './s3';

/**
 * The storage FILES_URL names (server/config.ts), and the local folder it writes to, if any: the disk space guard
 * watches that folder's volume (server/storage/diskSpace.ts); a bucket's room is its provider's.
 */
export const storageFromConfig = (files: FilesLocation): { storage: FileStorage; folder?: string } =>
    files.kind === 'folder'
        ? { storage: new LocalDiskStorage(files.dir), folder: files.dir }
        : {
              storage: new S3Storage({
                  client: s3Client({ endpoint: files.endpoint, region: files.region, forcePathStyle: files.forcePathStyle }),
                  bucket: files.bucket,
                  prefix: files.prefix,
              }),
          };
