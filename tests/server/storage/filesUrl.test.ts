import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

describe('FILES_URL', () => {
    it('keeps the files in DATA_DIR/files unless told, in a folder for a file: URL, in a bucket for s3://', () => {
        expect(loadConfig({ DATA_DIR: '/srv/data' }).files).toEqual({ kind: 'folder', dir: '/srv/data/files' });
        expect(loadConfig({ FILES_URL: 'file:///mnt/files' }).files).toEqual({ kind: 'folder', dir: '/mnt/files' });
        expect(
            loadConfig({ FILES_URL: 's3://platform-files/prod/eu', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1' }).files,
        ).toEqual({
            kind: 's3',
            bucket: 'platform-files',
            prefix: 'prod/eu/',
            endpoint: 'http://minio:9000',
            region: 'us-east-1',
            forcePathStyle: true,
        });
        expect(loadConfig({ FILES_URL: 's3://platform-files', S3_REGION: 'eu-west-3' }).files).toEqual({
            kind: 's3',
            bucket: 'platform-files',
            prefix: '',
            endpoint: undefined,
            region: 'eu-west-3',
            forcePathStyle: false,
        });
        expect(() => loadConfig({ FILES_URL: 'ftp://files' })).toThrow(/FILES_URL/);
    });
});
