import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DeviceStatus } from '../../../contract/devices';
import type { ReaderRecord } from '../../../contract/readers';
import type { Db } from '../../db/database';
import { accounts, devices, readers } from '../../db/schema';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';
import { ACCOUNT_OPTIONS } from '../../../contract/session';

export type ReaderRow = typeof readers.$inferSelect;

/** A reader with the device of its account that has its hardware_id, if any. */
export interface ReaderListRow extends ReaderRow {
    device: { id: number; description: string; hardware_id: string; status: DeviceStatus } | null;
}

const selectReaders = (db: Db) =>
    db
        .select({
            reader: readers,
            device_id: devices.id,
            device_description: devices.description,
            device_hardware_id: devices.hardware_id,
            device_status: devices.status,
        })
        .from(readers)
        .leftJoin(devices, and(eq(devices.account_id, readers.account_id), eq(devices.hardware_id, readers.hardware_id)));

type Joined = {
    reader: ReaderRow;
    device_id: number | null;
    device_description: string | null;
    device_hardware_id: string | null;
    device_status: DeviceStatus | null;
};
const flatten = (r: Joined): ReaderListRow => ({
    ...r.reader,
    device:
        r.device_id === null
            ? null
            : {
                  id: r.device_id,
                  description: r.device_description ?? '',
                  hardware_id: r.device_hardware_id ?? '',
                  status: r.device_status!,
              },
});

export const toReader = (row: ReaderListRow): ReaderRecord => ({
    id: row.id,
    account_id: row.account_id,
    description: row.description,
    hardware_id: row.hardware_id,
    device: row.device,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

export interface ReaderFilters {
    scope: AccountScope;
    /** only accounts whose ACS integration is on (SPEC 6.3: readers are denied in the others) */
    acsOnly?: boolean;
    q?: string;
    /** true: linked to a device of the account; false: not */
    linked?: boolean;
    ids?: number[];
}

const SORTABLE = {
    description: readers.description,
    hardware_id: readers.hardware_id,
    id: readers.id,
    created_at: readers.created_at,
    updated_at: readers.updated_at,
    device: devices.description,
};

const readerWhere = (f: ReaderFilters): SQL | undefined =>
    allOf([
        inAccountScope(f.scope, readers.account_id),
        f.acsOnly
            ? sql`${readers.account_id} in (select ${accounts.id} from ${accounts} where ${accounts.options} @> ${JSON.stringify([{ name: ACCOUNT_OPTIONS.acsEnabled, value: 'true' }])}::jsonb)`
            : undefined,
        textMatch(f.q, readers.description, readers.hardware_id, devices.description),
        f.linked === undefined ? undefined : f.linked ? isNotNull(devices.id) : isNull(devices.id),
        f.ids ? inArray(readers.id, f.ids) : undefined,
    ]);

export const listReaders = async (db: Db, f: ReaderFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = readerWhere(f);
    const query = selectReaders(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'description', order: 'ASC' }, readers.id));
    const counted = db
        .select({ n: countAll })
        .from(readers)
        .leftJoin(devices, and(eq(devices.account_id, readers.account_id), eq(devices.hardware_id, readers.hardware_id)))
        .where(where);
    const { result, count } = await page<Joined>(query.$dynamic() as never, counted, params);
    return { result: result.map(flatten), count };
};

export const findReader = async (db: Db, id: number): Promise<ReaderListRow | undefined> => {
    const [row] = await selectReaders(db).where(eq(readers.id, id)).limit(1);
    return row ? flatten(row) : undefined;
};

/** Another reader of the account already linked to this hardware_id (one reader per device). */
export const readerLinkedTo = async (db: Db, accountId: number, hardwareId: string, exceptId?: number) =>
    (
        await db
            .select({ id: readers.id, description: readers.description })
            .from(readers)
            .where(and(eq(readers.account_id, accountId), eq(readers.hardware_id, hardwareId)))
    ).find(r => r.id !== exceptId);

export const insertReader = async (db: Db, accountId: number, values: { description: string; hardware_id: string | null }) =>
    (
        await db
            .insert(readers)
            .values({ account_id: accountId, ...values })
            .returning({ id: readers.id })
    )[0]!.id;

export const updateReader = (db: Db, id: number, values: { description: string; hardware_id: string | null }) =>
    db
        .update(readers)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(readers.id, id));

export const deleteReader = (db: Db, id: number) => db.delete(readers).where(eq(readers.id, id));
