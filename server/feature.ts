import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import type { Db } from './db/database';
import type { Job } from './jobs/runner';
import type { GaugeReading } from './metrics';
import type { FileOwner } from './storage/sweep';

export type RoutePlugin = FastifyPluginAsyncZod<AppContext>;

/**
 * Route plugins that take the same bodies beyond JSON (multipart with its limits, forms): the parsers are
 * registered once, in one scope around the plugins, as if they were one plugin. A JSON route of the group then
 * answers a form with its validation error (400), not with an unsupported media type (415).
 */
export interface RouteGroup {
    bodies: (scope: FastifyInstance, ctx: AppContext) => unknown;
    plugins: RoutePlugin[];
}

/**
 * What a feature of server/resources brings to the platform, in one object exported by its index.ts and listed
 * once in server/features.ts: the kernel (http/, db/, storage/, jobs/) runs it without knowing any feature.
 */
export interface Feature {
    /** its folder under server/resources */
    name: string;
    /** Fastify plugins registered under /api/v2, in the order the OpenAPI document lists their paths */
    routes: (RoutePlugin | RouteGroup)[];
    /** its scheduled work (server/jobs/runner.ts) */
    jobs?: Job[];
    /** reference data it owns, made once the database is migrated (every start: it must be idempotent) */
    prepare?: (db: Db) => Promise<void>;
    /** the files of the storage its rows name: the storage sweep removes those no row names (server/storage/sweep.ts) */
    files?: FileOwner[];
    /** how it reads its gauges of the platform's metrics at each scrape (server/metrics, FEATURE_GAUGES) */
    gauges?: GaugeReading[];
}

/** The route plugins of a feature, those of its groups included. */
export const routePlugins = (feature: Feature): RoutePlugin[] =>
    feature.routes.flatMap(entry => ('plugins' in entry ? entry.plugins : [entry]));
