import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DeviceSchedule, ScheduleRecord, ScheduleRules } from '../../../contract/schedules';
import { outer, type Db } from '../../db/database';
import { accessGroups, accounts, deviceAccessGroups, schedules } from '../../db/schema';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';
import { bumpAccessVersion } from '../../db/accessVersions';

export type ScheduleRow = typeof schedules.$inferSelect;
export interface ScheduleListRow extends ScheduleRow {
    account_name: string;
    groups_count: number;
}

const groupsCount = sql<number>`(select count(*)::int from ${accessGroups} where ${accessGroups.schedule_id} = ${outer(schedules.id)})`;

const selectSchedules = (db: Db) =>
    db
        .select({ schedule: schedules, account_name: accounts.name, groups_count: groupsCount })
        .from(schedules)
        .innerJoin(accounts, eq(accounts.id, schedules.account_id));

type Joined = { schedule: ScheduleRow; account_name: string; groups_count: number };
const flatten = (r: Joined): ScheduleListRow => ({ ...r.schedule, account_name: r.account_name, groups_count: Number(r.groups_count) });

export const toSchedule = (row: ScheduleListRow): ScheduleRecord => ({
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    name: row.name,
    time_zone: row.time_zone,
    windows: row.windows,
    holidays: row.holidays,
    exceptions: row.exceptions,
    groups_count: row.groups_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

export interface ScheduleFilters {
    scope: AccountScope;
    q?: string;
    ids?: number[];
}

const SORTABLE: Record<string, SQL | AnyColumn> = {
    name: sql`lower(${schedules.name})`,
    id: schedules.id,
    time_zone: schedules.time_zone,
    created_at: schedules.created_at,
    groups_count: groupsCount,
    account: accounts.name,
};

const scheduleWhere = (f: ScheduleFilters) =>
    allOf([
        inAccountScope(f.scope, schedules.account_id),
        textMatch(f.q, schedules.name),
        f.ids ? inArray(schedules.id, f.ids) : undefined,
    ]);

export const listSchedules = async (db: Db, f: ScheduleFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = scheduleWhere(f);
    const query = selectSchedules(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'name', order: 'ASC' }, schedules.id));
    const counted = db.select({ n: countAll }).from(schedules).innerJoin(accounts, eq(accounts.id, schedules.account_id)).where(where);
    const { result, count } = await page<Joined>(query.$dynamic() as never, counted, params);
    return { result: result.map(flatten), count };
};

export const findSchedule = async (db: Db, id: number): Promise<ScheduleListRow | undefined> => {
    const [row] = await selectSchedules(db).where(eq(schedules.id, id)).limit(1);
    return row ? flatten(row) : undefined;
};

export const nameTaken = async (db: Db, accountId: number, name: string, exceptId?: number) =>
    (
        await db
            .select({ id: schedules.id })
            .from(schedules)
            .where(and(eq(schedules.account_id, accountId), sql`lower(${schedules.name}) = lower(${name})`))
    ).some(r => r.id !== exceptId);

type Values = ScheduleRules & { name: string };

export const createSchedule = async (db: Db, accountId: number, values: Values) =>
    (
        await db
            .insert(schedules)
            .values({ account_id: accountId, ...values, name: values.name.trim() })
            .returning({ id: schedules.id })
    )[0]!.id;

/** New rules: the readers of the account pull them at their next heartbeat when a group follows the schedule. */
export const updateSchedule = (db: Db, schedule: ScheduleRow, values: Values) =>
    db.transaction(async tx => {
        await tx
            .update(schedules)
            .set({ ...values, name: values.name.trim(), updated_at: sql`now()` })
            .where(eq(schedules.id, schedule.id));
        const [used] = await tx.select({ n: countAll }).from(accessGroups).where(eq(accessGroups.schedule_id, schedule.id));
        if (Number(used?.n ?? 0) > 0) await bumpAccessVersion(tx, schedule.account_id);
    });

/** Deletes a schedule no group follows; the foreign key refuses one a group took meanwhile. */
export const deleteSchedule = (db: Db, schedule: ScheduleRow): Promise<{ deleted: boolean; groups: number }> =>
    db.transaction(async tx => {
        const [used] = await tx.select({ n: countAll }).from(accessGroups).where(eq(accessGroups.schedule_id, schedule.id));
        const groups = Number(used?.n ?? 0);
        if (groups) return { deleted: false, groups };
        await tx.delete(schedules).where(eq(schedules.id, schedule.id));
        return { deleted: true, groups: 0 };
    });

/** The ids among these that are schedules of the account; used to refuse another tenant's schedule. */
export const schedulesOfAccount = async (db: Db, accountId: number, ids: number[]) =>
    ids.length
        ? (
              await db
                  .select({ id: schedules.id })
                  .from(schedules)
                  .where(and(eq(schedules.account_id, accountId), inArray(schedules.id, ids)))
          ).map(r => r.id)
        : [];

/** The schedules the groups a reader serves follow, as its configuration carries them. */
export const deviceSchedules = async (db: Db, deviceId: number): Promise<DeviceSchedule[]> =>
    (
        await db
            .selectDistinct({ schedule: schedules })
            .from(deviceAccessGroups)
            .innerJoin(accessGroups, eq(accessGroups.id, deviceAccessGroups.access_group_id))
            .innerJoin(schedules, eq(schedules.id, accessGroups.schedule_id))
            .where(eq(deviceAccessGroups.device_id, deviceId))
    )
        .map(({ schedule: s }) => ({
            id: s.id,
            name: s.name,
            time_zone: s.time_zone,
            windows: s.windows,
            holidays: s.holidays,
            exceptions: s.exceptions,
        }))
        .sort((a, b) => a.id - b.id);
