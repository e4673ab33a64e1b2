import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply } from '../../../contract/api';
import { PREDEFINED_CARD_FORMATS } from '../../../contract/card-formats';
import { migrationsReport } from '../../../contract/system';
import type { AppContext } from '../../context';
import { migrationJournal } from '../../db/database';
import { requireAuth } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { appliedMigrationCount, migrationRuns, predefinedCardFormatKeys, platformIdentityKeys } from './queries';

const errors = { 401: errorReply, 403: errorReply };

/**
 * The platform's data migrations: what a server puts in the database at
 * start beside the schema, each with a check that says whether it is there.
 */
const DATA_MIGRATIONS = [
    {
        key: 'predefined-card-formats',
        description: 'The predefined card formats (SPEC 4.7), added and kept up to date at every start',
        check: async (ctx: AppContext) => {
            const present = new Set(await predefinedCardFormatKeys(ctx.db));
            const missing = Object.keys(PREDEFINED_CARD_FORMATS).filter(k => !present.has(k));
            return missing.length
                ? { done: false, detail: `Missing: ${missing.join(', ')}` }
                : { done: true, detail: `${present.size} formats` };
        },
    },
    {
        key: 'platform-identity',
        description: "The platform's id (named by its backups) and its token signing key, made at first start",
        check: async (ctx: AppContext) => {
            const keys = new Set(await platformIdentityKeys(ctx.db));
            const missing = ['platform_id', 'jwt_secret'].filter(k => !keys.has(k));
            return missing.length ? { done: false, detail: `Missing: ${missing.join(', ')}` } : { done: true, detail: 'Present' };
        },
    },
];

/** GET /migrations (SPEC 2.2; rights of SPEC 6.2 "migrations: admin and moderator", 6.3 "denied to admin when cloud"). */
export const migrationsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/migrations',
        {
            config: { access: ['migrations', 'read'], scope: 'none' },
            schema: {
                tags: ['system'],
                summary: "The schema migrations (applied, when, pending) and the platform's data migrations with their state",
                response: { 200: migrationsReport, ...errors },
            },
        },
        async request => {
            if (ctx.config.platformInstallation === 'cloud' && requireAuth(request).user.role === 'admin')
                throw forbidden('Migrations are not shown to administrators of a cloud installation');
            const journal = migrationJournal();
            const applied = await appliedMigrationCount(ctx.db);
            const runs = new Map((await migrationRuns(ctx.db)).map(r => [r.tag, r]));
            return {
                schema: journal.map((m, i) => {
                    const run = runs.get(m.tag);
                    return {
                        index: m.idx,
                        tag: m.tag,
                        created_at: new Date(m.when).toISOString(),
                        applied_at: run ? new Date(run.applied_at).toISOString() : null,
                        applied_by_version: run?.platform_version ?? null,
                        state: i < applied ? ('applied' as const) : ('pending' as const),
                    };
                }),
                database_ahead: Math.max(0, applied - journal.length),
                data: await Promise.all(
                    DATA_MIGRATIONS.map(async m => {
                        const { done, detail } = await m.check(ctx);
                        return { key: m.key, description: m.description, state: done ? ('done' as const) : ('pending' as const), detail };
                    }),
                ),
            };
        },
    );
};
