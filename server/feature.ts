import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { Db } from './db/database';
import type { Job } from './jobs/runner';
import type { FileOwner } from './storage/sweep';

/**
 * What a feature of server/resources brings to the platform, in one object exported by its index.ts and listed
 * once in server/features.ts: the kernel (http/, db/, storage/, jobs/) runs it without knowing any feature.
 */
export interface Feature {
    /** its folder under server/resources */
    name: string;
    /** Fastify plugins registered under /api/v2 */
    routes: FastifyPluginAsyncZod<AppContext>[];
    /** its scheduled work (server/jobs/runner.ts) */
    jobs?: Job[];
    /** reference data it owns, made once the database is migrated (every start: it must be idempotent) */
    prepare?: (db: Db) => Promise<void>;
    /** the files of the storage its rows name: the storage sweep removes those no row names (server/storage/sweep.ts) */
    files?: FileOwner[];
}
