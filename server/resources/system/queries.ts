import { inArray, isNotNull, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/database';
import { cardFormats, schemaMigrationRuns, settings } from '../../db/schema';

/** The SQL of the system manager's screens other than backup (backup/queries.ts). */

export const appliedMigrationCount = async (db: Db) =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

export const migrationRuns = (db: Db) => db.select().from(schemaMigrationRuns);

export const predefinedCardFormatKeys = async (db: Db) =>
    (await db.select({ key: cardFormats.key }).from(cardFormats).where(isNotNull(cardFormats.key))).map(r => r.key!);

export const platformIdentityKeys = async (db: Db) =>
    (
        await db
            .select({ key: settings.key })
            .from(settings)
            .where(inArray(settings.key, ['platform_id', 'jwt_secret']))
    ).map(r => r.key);
