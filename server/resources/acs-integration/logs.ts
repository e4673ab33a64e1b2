import { desc, eq, gte, lte } from 'drizzle-orm';
import type { AcsLogAction, AcsLogLevel } from '../../../contract/acsIntegration';
import type { Db } from '../../db/database';
import { acsIntegrationLogs } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page, inAccountScope, type AccountScope } from '../../db/lists';

/** One line of the integration log, as the synchronisation and the configuration routes write it. */
export interface AcsLogEntry {
    level: AcsLogLevel;
    action: AcsLogAction;
    message: string;
    acs_id?: string | null;
    profile_id?: number | null;
    details?: unknown;
    /** defaults to now */
    at?: Date;
}

/**
 * Appends entries to an account's integration log, a thousand rows a
 * statement (a first synchronisation of thousands of cardholders writes one
 * line each). The lead's synchronisation calls it with the changes it made.
 */
export const writeAcsLogs = async (db: Db, accountId: number, integrationId: number | null, entries: readonly AcsLogEntry[]) => {
    for (let i = 0; i < entries.length; i += 1000)
        await db.insert(acsIntegrationLogs).values(
            entries.slice(i, i + 1000).map(e => ({
                account_id: accountId,
                integration_id: integrationId,
                level: e.level,
                action: e.action,
                message: e.message,
                acs_id: e.acs_id ?? null,
                profile_id: e.profile_id ?? null,
                details: e.details ?? null,
                ...(e.at ? { at: e.at } : {}),
            })),
        );
};

export interface AcsLogFilters {
    scope: AccountScope;
    level?: AcsLogLevel;
    action?: string;
    acs_id?: string;
    date_from?: Date;
    date_to?: Date;
    q?: string;
}

const where = (f: AcsLogFilters) =>
    allOf([
        inAccountScope(f.scope, acsIntegrationLogs.account_id),
        f.level ? eq(acsIntegrationLogs.level, f.level) : undefined,
        f.action ? eq(acsIntegrationLogs.action, f.action) : undefined,
        f.acs_id ? eq(acsIntegrationLogs.acs_id, f.acs_id) : undefined,
        f.date_from ? gte(acsIntegrationLogs.at, f.date_from) : undefined,
        f.date_to ? lte(acsIntegrationLogs.at, f.date_to) : undefined,
        textMatch(f.q, acsIntegrationLogs.message, acsIntegrationLogs.acs_id),
    ]);

const SORTABLE = {
    at: acsIntegrationLogs.at,
    level: acsIntegrationLogs.level,
    action: acsIntegrationLogs.action,
    acs_id: acsIntegrationLogs.acs_id,
    id: acsIntegrationLogs.id,
};

type Row = typeof acsIntegrationLogs.$inferSelect;

export const toAcsLog = (row: Row) => ({
    id: row.id,
    account_id: row.account_id,
    integration_id: row.integration_id,
    at: row.at.toISOString(),
    level: row.level,
    action: row.action,
    acs_id: row.acs_id,
    profile_id: row.profile_id,
    message: row.message,
    details: row.details ?? null,
});

export const listAcsLogs = (db: Db, filters: AcsLogFilters, params: { page: number; per_page: number; sort?: string }) => {
    const w = where(filters);
    const query = db
        .select()
        .from(acsIntegrationLogs)
        .where(w)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'at', order: 'DESC' }, acsIntegrationLogs.id));
    const count = db.select({ n: countAll }).from(acsIntegrationLogs).where(w);
    return page<Row>(query.$dynamic() as never, count, params);
};

/** Rows for the CSV export, newest first, in batches so memory stays flat. */
export async function* acsLogRows(db: Db, filters: AcsLogFilters, batch = 1000) {
    const w = where(filters);
    for (let offset = 0; ; offset += batch) {
        const rows = await db
            .select()
            .from(acsIntegrationLogs)
            .where(w)
            .orderBy(desc(acsIntegrationLogs.at), desc(acsIntegrationLogs.id))
            .limit(batch)
            .offset(offset);
        for (const row of rows) yield toAcsLog(row);
        if (rows.length < batch) return;
    }
}
