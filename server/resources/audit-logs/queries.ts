import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accounts, auditLogs } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page, inAccountScope, type AccountScope } from '../../db/lists';
import { nameOf } from '../../http/audit';

export interface AuditFilters {
    scope: AccountScope;
    resource?: string;
    entity?: string;
    action?: string;
    user_id?: number;
    date_from?: Date;
    date_to?: Date;
    q?: string;
}

const where = (f: AuditFilters) =>
    allOf([
        inAccountScope(f.scope, auditLogs.account_id),
        f.resource ? eq(auditLogs.resource, f.resource) : undefined,
        f.entity ? eq(auditLogs.entity, f.entity) : undefined,
        f.action ? eq(auditLogs.action, f.action) : undefined,
        f.user_id ? eq(auditLogs.user_id, f.user_id) : undefined,
        f.date_from ? gte(auditLogs.timestamp, f.date_from) : undefined,
        f.date_to ? lte(auditLogs.timestamp, f.date_to) : undefined,
        textMatch(f.q, auditLogs.user_name, auditLogs.entity, auditLogs.entity_id, auditLogs.target_name),
    ]);

const SORTABLE = {
    timestamp: auditLogs.timestamp,
    user_name: auditLogs.user_name,
    action: auditLogs.action,
    resource: auditLogs.resource,
    entity: auditLogs.entity,
    id: auditLogs.id,
};

const select = (db: Db) =>
    db.select({ log: auditLogs, account_name: accounts.name }).from(auditLogs).leftJoin(accounts, eq(accounts.id, auditLogs.account_id));

type Row = { log: typeof auditLogs.$inferSelect; account_name: string | null };

export const toAuditLog = ({ log, account_name }: Row) => ({
    id: log.id,
    timestamp: log.timestamp.toISOString(),
    account_id: log.account_id,
    account_name,
    user_id: log.user_id,
    user_name: log.user_name,
    action: log.action,
    resource: log.resource,
    entity: log.entity,
    entity_id: log.entity_id,
    // entries written before target_name was recorded: the name the record had in them, if any
    target_name: log.target_name ?? nameOf(log.after) ?? nameOf(log.before),
    before: log.before ?? null,
    after: log.after ?? null,
    ip: log.ip,
    request_id: log.request_id,
});

export const listAuditLogs = (db: Db, filters: AuditFilters, params: { page: number; per_page: number; sort?: string }) => {
    const w = where(filters);
    const query = select(db)
        .where(w)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'timestamp', order: 'DESC' }, auditLogs.id));
    const count = db.select({ n: countAll }).from(auditLogs).leftJoin(accounts, eq(accounts.id, auditLogs.account_id)).where(w);
    return page<Row>(query.$dynamic() as never, count, params);
};

/** Rows for the CSV export, newest first, in batches so memory stays flat. */
export async function* auditLogRows(db: Db, filters: AuditFilters, batch = 1000) {
    const w = where(filters);
    for (let offset = 0; ; offset += batch) {
        const rows = await select(db).where(w).orderBy(desc(auditLogs.timestamp), desc(auditLogs.id)).limit(batch).offset(offset);
        for (const row of rows) yield toAuditLog(row);
        if (rows.length < batch) return;
    }
}

/** Sign-ins per day over the last `days` days (dashboard). */
export const signInsPerDay = (db: Db, filters: AuditFilters, days: number) =>
    db
        .select({ day: sql<string>`to_char(date_trunc('day', ${auditLogs.timestamp}), 'YYYY-MM-DD')`, count: countAll })
        .from(auditLogs)
        .leftJoin(accounts, eq(accounts.id, auditLogs.account_id))
        .where(allOf([where({ ...filters, action: 'login' }), gte(auditLogs.timestamp, sql`now() - make_interval(days => ${days})`)]))
        .groupBy(sql`1`)
        .orderBy(sql`1`);

export const recentAuditLogs = async (db: Db, filters: AuditFilters, limit: number) =>
    (await select(db).where(where(filters)).orderBy(desc(auditLogs.timestamp), desc(auditLogs.id)).limit(limit)).map(toAuditLog);
