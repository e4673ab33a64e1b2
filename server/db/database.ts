import type { PGlite } from '@electric-sql/pglite';
import { PGliteThread } from './pgliteThread';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { getTableName, sql, type Column } from 'drizzle-orm';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';
import { platformVersion } from '../version';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
    db: Db;
    kind: 'pglite' | 'postgres';
    close(): Promise<void>;
    /** the embedded database's data folder as a tar, for `startFrom` */
    dumpDataDir?(): Promise<Uint8Array>;
}

/** drizzle-kit's output: the SQL files and their journal */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The schema migrations this server carries, in order (drizzle's journal). */
export const migrationJournal = (() => {
    let journal: { idx: number; tag: string; when: number }[] | undefined;
    return () =>
        (journal ??= (
            JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
                entries: { idx: number; tag: string; when: number }[];
            }
        ).entries);
})();

/**
 * Notes when each migration was first seen applied (drizzle records only the
 * migration's own date): GET /migrations shows it.
 */
const recordMigrationRuns = async (db: Db) => {
    const applied = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
    };
    const tags = migrationJournal()
        .slice(0, applied.rows[0]!.n)
        .map(m => m.tag);
    if (!tags.length) return;
    await db.execute(
        sql`insert into schema_migration_runs (tag, platform_version)
            select unnest(${`{${tags.join(',')}}`}::text[]), ${platformVersion()} on conflict do nothing`,
    );
};

/**
 * Opens the database: PostgreSQL when `url` is given, else PGlite in `dataDir`
 * (or in memory when dataDir is undefined, for tests), and applies the
 * migrations. The same migrations serve both. `startFrom` starts PGlite from a
 * dump of a data folder (the tests' migrated template, tests/server/harness.ts)
 * rather than making a new cluster, which takes seconds.
 */
export const openDatabase = async (options: { url?: string; dataDir?: string; startFrom?: string }): Promise<Database> => {
    if (options.url) {
        // A database that does not answer (network down, failover) fails a request after 5 s instead of holding it.
        const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5000 });
        // An idle connection the database ends (restart, failover, a dropped test database) is discarded by the
        // pool and the next query opens another; unhandled, this 'error' event would stop the process.
        pool.on('error', () => undefined);
        // The pool listens for errors only on idle connections: one a transaction holds (drizzle checks it out)
        // would end the process with its 'error' when the database goes away. The transaction's next statement
        // fails instead, and the pool discards the connection when it is released.
        pool.on('connect', client => client.on('error', () => undefined));
        const db = drizzlePg({ client: pool, schema }) as unknown as Db;
        // Several instances may start together: one migrates at a time.
        const client = await pool.connect();
        try {
            await client.query('SELECT pg_advisory_lock(727001)');
            await migratePg(db as never, { migrationsFolder: MIGRATIONS });
            await recordMigrationRuns(db);
        } finally {
            await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
            client.release();
        }
        return { db, kind: 'postgres', close: () => pool.end() };
    }
    // In its own thread, so that a statement never holds the server's event loop (docs/decisions.md).
    const client = new PGliteThread(options.dataDir, options.startFrom);
    await client.waitReady;
    const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
    try {
        await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
        await recordMigrationRuns(db);
    } catch (error) {
        await client.close();
        throw error;
    }
    // The thread checkpoints before closing: PGlite runs with fsync off.
    return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir() };
};

/** Rows of a raw query, whichever driver. */
export const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
};

/**
 * `"table"."column"`: for a subquery that reads a column of the outer row.
 * drizzle leaves a one-table select's columns unqualified, and inside a
 * subquery an unqualified name means the subquery's own column when it has one.
 */
export const outer = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
