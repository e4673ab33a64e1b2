// s3rver ships no types: the part the test S3 server (tests/server/storage/s3Server.ts) uses.
declare module 's3rver' {
    import type { IncomingMessage } from 'node:http';
    import type { AddressInfo } from 'node:net';

    export interface S3rverContext {
        method: string;
        path: string;
        query: Record<string, string | undefined>;
        req: IncomingMessage;
        status: number;
        body: unknown;
    }

    export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

    export default class S3rver {
        constructor(options: {
            address?: string;
            port?: number;
            silent?: boolean;
            directory: string;
            configureBuckets?: { name: string; configs?: string[] }[];
        });
        /** the Koa middleware stack */
        middleware: S3rverMiddleware[];
        store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
        run(): Promise<AddressInfo>;
        close(): Promise<void>;
    }
}
