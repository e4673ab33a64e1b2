import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type S3rverMiddleware } from 's3rver';
import { S3Storage, s3Client, type S3StorageOptions } from '../../../server/storage/s3';

/** s3rver's own credentials: it checks the requests' signatures. */
export const S3RVER = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
    endpoint: string;
    bucket: string;
    /** every request it answered: method, query names, and the bytes of the part uploads */
    requests: { method: string; query: string[]; partBytes: number }[];
    /** a storage on the bucket, its keys under `prefix` */
    storage(options?: Partial<S3StorageOptions>): S3Storage;
    stop(): Promise<void>;
    /** stops it and removes its folder */
    close(): Promise<void>;
}

/**
 * A real S3-protocol server on loopback (s3rver), objects in a temporary folder, with one bucket; on a free port
 * unless one is given (the benchmarks run it in a process of their own: bench/s3-server.ts).
 * s3rver 3.7.1 has no AbortMultipartUpload (DELETE ?uploadId answers MethodNotAllowed), which lib-storage's Upload
 * sends when an upload fails: the middleware put ahead of its routes does it, removing the upload's parts as S3 does.
 * And on Node 17 and later its ListObjectsV2 fails with InternalError past the first page: it makes continuation
 * tokens with the DES cipher, which OpenSSL 3 no longer offers. The second middleware answers those as a version 1
 * listing (marker: the last key), the token being that key in base64.
 */
export const startS3Server = async (bucket = 'platform', listenOn = 0): Promise<TestS3Server> => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    const server = new S3rver({ address: '127.0.0.1', port: listenOn, silent: true, directory, configureBuckets: [{ name: bucket }] });
    const requests: TestS3Server['requests'] = [];
    server.middleware.unshift(async (ctx, next) => {
        const seen = { method: ctx.method, query: Object.keys(ctx.query), partBytes: 0 };
        if (ctx.method === 'DELETE' && ctx.query.uploadId) {
            const uploads = server.store.getResourcePath(ctx.path.split('/')[1]!, undefined, 'uploads');
            fs.rmSync(path.join(uploads, path.basename(ctx.query.uploadId)), { recursive: true, force: true });
            ctx.status = 204;
        } else {
            await next();
            if (ctx.method === 'PUT' && ctx.query.uploadId) seen.partBytes = Number(ctx.req.headers['content-length'] ?? 0);
        }
        requests.push(seen);
    });
    const continuations: S3rverMiddleware = async (ctx, next) => {
        if (ctx.method !== 'GET' || ctx.query['list-type'] !== '2') return next();
        const { 'list-type': _v2, 'continuation-token': token, 'start-after': startAfter, ...query } = ctx.query;
        const marker = token ? Buffer.from(token, 'base64url').toString() : startAfter;
        ctx.query = { ...query, ...(marker ? { marker } : {}) };
        await next();
        const listed = (ctx.body as { ListBucketResult?: Record<string, unknown> } | undefined)?.ListBucketResult;
        if (!listed) return;
        const contents = (listed.Contents ?? []) as { Key: string }[];
        delete listed.Marker;
        delete listed.NextMarker;
        listed.KeyCount = contents.length;
        if (token) listed.ContinuationToken = token;
        if (listed.IsTruncated) listed.NextContinuationToken = Buffer.from(contents.at(-1)!.Key).toString('base64url');
    };
    // after the XML encoding (it sees the body this one leaves), before the routes
    server.middleware.splice(server.middleware.length - 1, 0, continuations);
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    let running = true;
    const stop = async () => {
        if (running) await server.close();
        running = false;
    };
    return {
        endpoint,
        bucket,
        requests,
        storage: (options = {}) =>
            new S3Storage({
                client: s3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER, maxAttempts: 2 }),
                bucket,
                prefix: 'files/',
                ...options,
            }),
        stop,
        close: async () => {
            await stop();
            fs.rmSync(directory, { recursive: true, force: true });
        },
    };
};
