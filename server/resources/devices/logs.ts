import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DeviceLogsInput } from '../../../contract/device-api';
import type { Db } from '../../db/database';
import { deviceLogs } from '../../db/schema';
import { allOf, countAll, page } from '../../db/lists';

export const insertDeviceLogs = (db: Db, deviceId: number, entries: DeviceLogsInput['entries']) =>
    db
        .insert(deviceLogs)
        .values(entries.map(e => ({ device_id: deviceId, timestamp: new Date(e.timestamp), level: e.level, message: e.message })));

export interface LogFilters {
    level?: string;
    from?: Date;
    to?: Date;
    q?: string;
}

const where = (deviceId: number, f: LogFilters) =>
    allOf([
        eq(deviceLogs.device_id, deviceId),
        f.level ? eq(deviceLogs.level, f.level as never) : undefined,
        f.from ? gte(deviceLogs.timestamp, f.from) : undefined,
        f.to ? lte(deviceLogs.timestamp, f.to) : undefined,
        f.q ? sql`${deviceLogs.message} ilike ${`%${f.q.replace(/[\\%_]/g, m => `\\${m}`)}%`}` : undefined,
    ]);

/** Newest first, by the index (device_id, timestamp desc, id desc). */
export const listDeviceLogs = (db: Db, deviceId: number, f: LogFilters, params: { page: number; per_page: number }) => {
    const w = where(deviceId, f);
    const query = db.select().from(deviceLogs).where(w).orderBy(desc(deviceLogs.timestamp), desc(deviceLogs.id));
    return page<typeof deviceLogs.$inferSelect>(query.$dynamic() as never, db.select({ n: countAll }).from(deviceLogs).where(w), params);
};

/** Every matching line, oldest first, for the export. */
export const exportDeviceLogs = (db: Db, deviceId: number, f: LogFilters, limit = 200_000) =>
    db.select().from(deviceLogs).where(where(deviceId, f)).orderBy(deviceLogs.timestamp, deviceLogs.id).limit(limit);

/** Keeps a reader's logs for `days`; the retention job calls it. */
export const pruneDeviceLogs = (db: Db, days: number) =>
    db.delete(deviceLogs).where(lte(deviceLogs.received_at, sql`now() - make_interval(days => ${days})`));
