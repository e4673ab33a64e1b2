import { and, count, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { AccountInput } from '../../../contract/accounts';
import type { AccountOption } from '../../../contract/session';
import { isAtLeast, type Role } from '../../../contract/roles';
import type { Db } from '../../db/database';
import { accessGroups, accounts, deviceAccessGroups, profileAccessGroups } from '../../db/schema';
import { allOf, countAll, textMatch, orderBy, page } from '../../db/lists';

export type AccountRow = typeof accounts.$inferSelect;

export const accountOptions = async (db: Db, accountId: number): Promise<AccountOption[]> =>
    (await db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.options ?? [];

export const findAccount = async (db: Db, id: number): Promise<AccountRow | undefined> =>
    (await db.select().from(accounts).where(eq(accounts.id, id)).limit(1))[0];

/** SPEC 5: ref_number is shown only to dealer level or higher. */
export const toAccount = (row: AccountRow, viewer: Role) => ({
    id: row.id,
    name: row.name,
    ref_number: isAtLeast(viewer, 'dealer') ? row.ref_number : null,
    type: row.type,
    parent_id: row.parent_id,
    main: row.main,
    address: {
        email: row.email,
        country: row.country,
        city: row.city,
        zip: row.zip,
        state: row.state,
        street_address: row.street_address,
        phone_number: row.phone_number,
    },
    options: row.options,
    // Readers arrive with the devices feature; until then no account has one.
    active_devices_count: 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

const SORTABLE = {
    name: accounts.name,
    ref_number: accounts.ref_number,
    type: accounts.type,
    created_at: accounts.created_at,
    id: accounts.id,
    city: accounts.city,
};

export interface AccountFilters {
    /** every account under this path prefix */
    pathPrefix: string;
    /** leave this account itself out (the list shows what lies below the current account) */
    excludeId?: number;
    q?: string;
    type?: AccountRow['type'];
    parent_id?: number;
    ids?: number[];
}

export const listAccounts = (db: Db, filters: AccountFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = allOf([
        like(accounts.path, `${filters.pathPrefix}%`),
        filters.excludeId === undefined ? undefined : ne(accounts.id, filters.excludeId),
        textMatch(filters.q, accounts.name, accounts.ref_number, accounts.email),
        filters.type ? eq(accounts.type, filters.type) : undefined,
        filters.parent_id ? eq(accounts.parent_id, filters.parent_id) : undefined,
        filters.ids ? inArray(accounts.id, filters.ids) : undefined,
    ]);
    const query = db
        .select()
        .from(accounts)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'name', order: 'ASC' }, accounts.id));
    return page<AccountRow>(query.$dynamic() as never, db.select({ n: countAll }).from(accounts).where(where), params);
};

const columns = (input: Pick<AccountInput, 'name' | 'ref_number' | 'address'>) => ({
    name: input.name.trim(),
    ref_number: input.ref_number.trim(),
    email: input.address.email,
    country: input.address.country ?? null,
    city: input.address.city ?? null,
    zip: input.address.zip ?? null,
    state: input.address.state ?? null,
    street_address: input.address.street_address ?? null,
    phone_number: input.address.phone_number ?? null,
});

/** A new account under `parent`: platform → dealer, dealer → customer. */
export const insertAccount = (db: Db, parent: AccountRow, input: AccountInput) =>
    db.transaction(async tx => {
        const [row] = await tx
            .insert(accounts)
            .values({
                ...columns(input),
                parent_id: parent.id,
                type: parent.type === 'platform' ? 'dealer' : 'customer',
                options: input.options ?? [],
            })
            .returning();
        const [withPath] = await tx
            .update(accounts)
            .set({ path: `${parent.path}${row!.id}/` })
            .where(eq(accounts.id, row!.id))
            .returning();
        return withPath!;
    });

export const updateAccount = async (db: Db, id: number, input: AccountInput) =>
    (
        await db
            .update(accounts)
            .set({ ...columns(input), ...(input.options ? { options: input.options } : {}), updated_at: sql`now()` })
            .where(eq(accounts.id, id))
            .returning()
    )[0]!;

export const updateOptions = async (db: Db, id: number, options: AccountOption[]) =>
    (
        await db
            .update(accounts)
            .set({ options, updated_at: sql`now()` })
            .where(eq(accounts.id, id))
            .returning()
    )[0]!;

export const childCount = async (db: Db, id: number) =>
    (await db.select({ n: count() }).from(accounts).where(eq(accounts.parent_id, id)))[0]?.n ?? 0;

/**
 * Deletes an account and what belongs to it. Access groups refuse to go while
 * readers or profiles are in them (restrict: a group is never emptied by
 * accident), so the account's memberships go first, in one transaction.
 */
export const deleteAccount = (db: Db, id: number) =>
    db.transaction(async tx => {
        const groups = tx.select({ id: accessGroups.id }).from(accessGroups).where(eq(accessGroups.account_id, id));
        await tx.delete(deviceAccessGroups).where(inArray(deviceAccessGroups.access_group_id, groups));
        await tx.delete(profileAccessGroups).where(inArray(profileAccessGroups.access_group_id, groups));
        await tx.delete(accounts).where(eq(accounts.id, id));
    });

export const mainAccount = async (db: Db) => (await db.select().from(accounts).where(eq(accounts.main, true)).limit(1))[0];

/** Moves the main flag; the partial unique index allows one main account. */
export const setMainAccount = (db: Db, id: number) =>
    db.transaction(async tx => {
        await tx
            .update(accounts)
            .set({ main: false })
            .where(and(eq(accounts.main, true), ne(accounts.id, id)));
        return (
            await tx
                .update(accounts)
                .set({ main: true, updated_at: sql`now()` })
                .where(eq(accounts.id, id))
                .returning()
        )[0]!;
    });
