import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AccessGroupRecord, GroupDevice } from '../../../contract/access-groups';
import { parseSort } from '../../../contract/api';
import { outer, type Db } from '../../db/database';
import { accessGroups, accounts, deviceAccessGroups, devices, profileAccessGroups } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page, inAccountScope, type AccountScope } from '../../db/lists';
import { bumpAccessVersion } from '../../db/accessVersions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AccessGroupRow = typeof accessGroups.$inferSelect;
export interface AccessGroupListRow extends AccessGroupRow {
    account_name: string;
    devices_count: number;
    profiles_count: number;
}

/** The account's default access group (SPEC 4.8: exactly one per account), if it has any group. */
export const defaultAccessGroupId = async (db: Db, accountId: number) =>
    (
        await db
            .select({ id: accessGroups.id })
            .from(accessGroups)
            .where(and(eq(accessGroups.account_id, accountId), eq(accessGroups.default_group, true)))
            .limit(1)
    )[0]?.id;

const devicesCount = sql<number>`(select count(*)::int from ${deviceAccessGroups} where ${deviceAccessGroups.access_group_id} = ${outer(accessGroups.id)})`;
const profilesCount = sql<number>`(select count(*)::int from ${profileAccessGroups} where ${profileAccessGroups.access_group_id} = ${outer(accessGroups.id)})`;

const selectGroups = (db: Db) =>
    db
        .select({ group: accessGroups, account_name: accounts.name, devices_count: devicesCount, profiles_count: profilesCount })
        .from(accessGroups)
        .innerJoin(accounts, eq(accounts.id, accessGroups.account_id));

type Joined = { group: AccessGroupRow; account_name: string; devices_count: number; profiles_count: number };
const flatten = (r: Joined): AccessGroupListRow => ({
    ...r.group,
    account_name: r.account_name,
    devices_count: Number(r.devices_count),
    profiles_count: Number(r.profiles_count),
});

export const toAccessGroup = (row: AccessGroupListRow): AccessGroupRecord => ({
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    description: row.description,
    default_group: row.default_group,
    schedule_id: row.schedule_id,
    devices_count: row.devices_count,
    profiles_count: row.profiles_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

export interface AccessGroupFilters {
    scope: AccountScope;
    q?: string;
    ids?: number[];
    default_group?: boolean;
}

const SORTABLE: Record<string, SQL | AnyColumn> = {
    description: sql`lower(${accessGroups.description})`,
    id: accessGroups.id,
    created_at: accessGroups.created_at,
    devices_count: devicesCount,
    profiles_count: profilesCount,
    account: accounts.name,
};

/** Default first, then by description (SPEC 7.2 list); any other sort the caller asks for. */
const groupOrder = (sort: string | undefined): SQL[] => {
    const wanted = parseSort(sort);
    if (!wanted || wanted.field === 'default_group') {
        const direction = wanted?.order === 'ASC' ? asc : desc;
        return [direction(accessGroups.default_group), asc(sql`lower(${accessGroups.description})`), asc(accessGroups.id)];
    }
    return orderBy(sort, SORTABLE, { field: 'description', order: 'ASC' }, accessGroups.id);
};

const groupWhere = (f: AccessGroupFilters) =>
    allOf([
        inAccountScope(f.scope, accessGroups.account_id),
        textMatch(f.q, accessGroups.description),
        f.ids ? inArray(accessGroups.id, f.ids) : undefined,
        f.default_group !== undefined ? eq(accessGroups.default_group, f.default_group) : undefined,
    ]);

export const listAccessGroups = async (db: Db, f: AccessGroupFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = groupWhere(f);
    const query = selectGroups(db)
        .where(where)
        .orderBy(...groupOrder(params.sort));
    const counted = db
        .select({ n: countAll })
        .from(accessGroups)
        .innerJoin(accounts, eq(accounts.id, accessGroups.account_id))
        .where(where);
    const { result, count } = await page<Joined>(query.$dynamic() as never, counted, params);
    return { result: result.map(flatten), count };
};

export const findAccessGroup = async (db: Db, id: number): Promise<AccessGroupListRow | undefined> => {
    const [row] = await selectGroups(db).where(eq(accessGroups.id, id)).limit(1);
    return row ? flatten(row) : undefined;
};

export const descriptionTaken = async (db: Db, accountId: number, description: string, exceptId?: number) =>
    (
        await db
            .select({ id: accessGroups.id })
            .from(accessGroups)
            .where(and(eq(accessGroups.account_id, accountId), sql`lower(${accessGroups.description}) = lower(${description})`))
    ).some(r => r.id !== exceptId);

/** Default changes of one account happen one at a time: the account row is the lock. */
const lockAccount = (tx: Tx, accountId: number) => tx.execute(sql`select id from accounts where id = ${accountId} for update`);

const unsetDefault = (tx: Tx, accountId: number) =>
    tx
        .update(accessGroups)
        .set({ default_group: false, updated_at: sql`now()` })
        .where(and(eq(accessGroups.account_id, accountId), eq(accessGroups.default_group, true)));

/**
 * A new group; the account's first becomes its default, and one made
 * default takes that from the previous default in the same transaction.
 */
export const createAccessGroup = (db: Db, accountId: number, description: string, makeDefault: boolean, scheduleId: number | null = null) =>
    db.transaction(async tx => {
        await lockAccount(tx, accountId);
        const [current] = await tx
            .select({ id: accessGroups.id })
            .from(accessGroups)
            .where(and(eq(accessGroups.account_id, accountId), eq(accessGroups.default_group, true)));
        const isDefault = makeDefault || !current;
        if (isDefault && current) await unsetDefault(tx, accountId);
        const [row] = await tx
            .insert(accessGroups)
            .values({ account_id: accountId, description: description.trim(), default_group: isDefault, schedule_id: scheduleId })
            .returning({ id: accessGroups.id });
        await bumpAccessVersion(tx, accountId);
        return row!.id;
    });

export const updateAccessGroup = (
    db: Db,
    group: AccessGroupRow,
    values: { description: string; makeDefault: boolean; scheduleId?: number | null },
) =>
    db.transaction(async tx => {
        await lockAccount(tx, group.account_id);
        const becomesDefault = values.makeDefault && !group.default_group;
        if (becomesDefault) await unsetDefault(tx, group.account_id);
        await tx
            .update(accessGroups)
            .set({
                description: values.description.trim(),
                ...(becomesDefault ? { default_group: true } : {}),
                ...(values.scheduleId !== undefined ? { schedule_id: values.scheduleId } : {}),
                updated_at: sql`now()`,
            })
            .where(eq(accessGroups.id, group.id));
        await bumpAccessVersion(tx, group.account_id);
    });

export type DeleteOutcome =
    { deleted: true } | { deleted: false; isDefault: true } | { deleted: false; isDefault: false; devices: number; profiles: number };

/** Deletes a group that is neither the default nor used, deciding under the account's lock. */
export const deleteAccessGroup = (db: Db, group: AccessGroupRow): Promise<DeleteOutcome> =>
    db.transaction(async tx => {
        await lockAccount(tx, group.account_id);
        const [now] = await tx
            .select({ default_group: accessGroups.default_group })
            .from(accessGroups)
            .where(eq(accessGroups.id, group.id));
        if (!now) return { deleted: true };
        if (now.default_group) return { deleted: false, isDefault: true };
        const [usage] = await tx
            .select({
                devices: sql<number>`(select count(*)::int from ${deviceAccessGroups} where ${deviceAccessGroups.access_group_id} = ${group.id})`,
                profiles: sql<number>`(select count(*)::int from ${profileAccessGroups} where ${profileAccessGroups.access_group_id} = ${group.id})`,
            })
            .from(accessGroups)
            .where(eq(accessGroups.id, group.id));
        const devicesUsing = Number(usage?.devices ?? 0);
        const profilesUsing = Number(usage?.profiles ?? 0);
        if (devicesUsing || profilesUsing) return { deleted: false, isDefault: false, devices: devicesUsing, profiles: profilesUsing };
        await tx.delete(accessGroups).where(eq(accessGroups.id, group.id));
        await bumpAccessVersion(tx, group.account_id);
        return { deleted: true };
    });

// ---- the devices that serve a group ----

export const groupDevices = (db: Db, groupId: number): Promise<GroupDevice[]> =>
    db
        .select({ id: devices.id, description: devices.description, hardware_id: devices.hardware_id, status: devices.status })
        .from(deviceAccessGroups)
        .innerJoin(devices, eq(devices.id, deviceAccessGroups.device_id))
        .where(eq(deviceAccessGroups.access_group_id, groupId))
        .orderBy(asc(sql`lower(${devices.description})`), asc(devices.id));

/** The ids among these that are devices of the account. */
export const devicesOfAccount = async (db: Db, accountId: number, ids: number[]) =>
    ids.length
        ? (
              await db
                  .select({ id: devices.id })
                  .from(devices)
                  .where(and(eq(devices.account_id, accountId), inArray(devices.id, ids)))
          ).map(r => r.id)
        : [];

/**
 * A device's groups changed: like a change made on its parameters page, its
 * configuration version goes up (the console shows it until applied), and
 * the account's access version too, so the reader pulls its new access list.
 */
const devicesChanged = async (tx: Tx, accountId: number, deviceIds: number[]) => {
    if (deviceIds.length)
        await tx
            .update(devices)
            .set({ config_version: sql`${devices.config_version} + 1`, updated_at: sql`now()` })
            .where(inArray(devices.id, deviceIds));
    await bumpAccessVersion(tx, accountId);
};

export const addGroupDevices = (db: Db, group: AccessGroupRow, deviceIds: number[]) =>
    db.transaction(async tx => {
        const added = await tx
            .insert(deviceAccessGroups)
            .values(deviceIds.map(device_id => ({ device_id, access_group_id: group.id })))
            .onConflictDoNothing()
            .returning({ id: deviceAccessGroups.device_id });
        await devicesChanged(
            tx,
            group.account_id,
            added.map(a => a.id),
        );
        return added.length;
    });

export const removeGroupDevice = (db: Db, group: AccessGroupRow, deviceId: number) =>
    db.transaction(async tx => {
        const removed = await tx
            .delete(deviceAccessGroups)
            .where(and(eq(deviceAccessGroups.access_group_id, group.id), eq(deviceAccessGroups.device_id, deviceId)))
            .returning({ id: deviceAccessGroups.device_id });
        await devicesChanged(
            tx,
            group.account_id,
            removed.map(r => r.id),
        );
        return removed.length > 0;
    });
