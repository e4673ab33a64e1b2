import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../contract/constants';
import type { AppContext } from '../context';
import { DiskLowError } from '../storage/diskSpace';

declare module 'fastify' {
    interface FastifyContextConfig {
        /**
         * 'serve': the route still writes while the disk is down to its reserve
         * (signing in and out, a reader's heartbeat): what it writes is small,
         * and refusing it would lock people out or mark readers offline.
         */
        whenDiskLow?: 'serve';
    }
}

const ADDING = new Set(['POST', 'PUT', 'PATCH']);

/**
 * While a volume the server writes to is down to its reserve, requests that
 * add data answer 507 before anything is read or written; reads go on, and
 * DELETE goes on, since deleting is how space is freed. Routes marked
 * whenDiskLow 'serve' go on down to half the reserve (docs/ops.md, Disk space).
 */
export const diskLowPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
    app.addHook('preValidation', async request => {
        if (!ADDING.has(request.method) || !request.url.startsWith(API_BASE)) return;
        const disk = opts.ctx.disk;
        if (request.routeOptions.config?.whenDiskLow === 'serve' ? disk.critical() : disk.low()) throw new DiskLowError();
    });
});
