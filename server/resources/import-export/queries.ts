import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { AccountOption } from '../../../contract/session';
import {
    accessGroups,
    accounts,
    badges,
    cardFormats,
    cardLists,
    deviceAccessGroups,
    devices,
    profileAccessGroups,
    profiles,
    readers,
    schedules,
} from '../../db/schema';

/** The SQL of import/export (docs/decisions.md "Import and export of an account's data"): an account's rows read for platform_data.zip, and matches looked up on import. */

export const accountOf = async (db: Db, accountId: number) => (await db.select().from(accounts).where(eq(accounts.id, accountId)))[0];

export const accountOptionsOf = async (db: Db, accountId: number) =>
    (await db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, accountId)))[0]!.options;

/** The account's options, all of them: the import adds those the account has not set (platformData.ts). */
export const setAccountOptions = (db: Db, accountId: number, options: AccountOption[]) =>
    db.update(accounts).set({ options }).where(eq(accounts.id, accountId));

export const customFormatsOf = (db: Db, accountId: number) =>
    db.select().from(cardFormats).where(eq(cardFormats.account_id, accountId)).orderBy(asc(cardFormats.id));

export const predefinedFormats = (db: Db) => db.select().from(cardFormats).where(isNull(cardFormats.account_id));

export const groupsOf = (db: Db, accountId: number) =>
    db.select().from(accessGroups).where(eq(accessGroups.account_id, accountId)).orderBy(asc(accessGroups.id));

export const readersOf = (db: Db, accountId: number) =>
    db.select().from(readers).where(eq(readers.account_id, accountId)).orderBy(asc(readers.id));

export const devicesOf = (db: Db, accountId: number) =>
    db.select().from(devices).where(eq(devices.account_id, accountId)).orderBy(asc(devices.id));

export const deviceGroupsOf = async (db: Db, deviceIds: number[]) => {
    const pairs = deviceIds.length
        ? await db.select().from(deviceAccessGroups).where(inArray(deviceAccessGroups.device_id, deviceIds))
        : [];
    const byDevice = new Map<number, number[]>();
    for (const p of pairs) byDevice.set(p.device_id, [...(byDevice.get(p.device_id) ?? []), p.access_group_id]);
    return byDevice;
};

export const cardListsOf = (db: Db, accountId: number) =>
    db.select().from(cardLists).where(eq(cardLists.account_id, accountId)).orderBy(asc(cardLists.id));

/** An account's profiles a page at a time (keyset on id), with their badges and groups. */
export async function* profilePages(db: Db, accountId: number, pageSize = 1000) {
    let after = 0;
    for (;;) {
        const page = await db
            .select()
            .from(profiles)
            .where(and(eq(profiles.account_id, accountId), gt(profiles.id, after)))
            .orderBy(asc(profiles.id))
            .limit(pageSize);
        if (!page.length) return;
        const ids = page.map(p => p.id);
        const [cards, memberships] = await Promise.all([
            db.select().from(badges).where(inArray(badges.profile_id, ids)),
            db.select().from(profileAccessGroups).where(inArray(profileAccessGroups.profile_id, ids)),
        ]);
        yield page.map(p => ({
            profile: p,
            badges: cards.filter(c => c.profile_id === p.id),
            groups: memberships.filter(m => m.profile_id === p.id).map(m => m.access_group_id),
        }));
        after = page.at(-1)!.id;
        if (page.length < pageSize) return;
    }
}

export const insertCustomFormat = async (db: Db, values: typeof cardFormats.$inferInsert) =>
    (await db.insert(cardFormats).values(values).returning({ id: cardFormats.id }))[0]!.id;

export const insertGroup = async (db: Db, accountId: number, description: string, scheduleId: number | null = null) =>
    (
        await db
            .insert(accessGroups)
            .values({ account_id: accountId, description, schedule_id: scheduleId })
            .returning({ id: accessGroups.id })
    )[0]!.id;

/** The account's schedules, which its access groups follow (docs/decisions.md "Schedules"). */
export const schedulesOf = (db: Db, accountId: number) =>
    db.select().from(schedules).where(eq(schedules.account_id, accountId)).orderBy(asc(schedules.id));

export const insertReader = (db: Db, accountId: number, description: string, hardwareId: string | null) =>
    db.insert(readers).values({ account_id: accountId, description, hardware_id: hardwareId });

export const insertListed = async (db: Db, values: typeof cardLists.$inferInsert) =>
    (await db.insert(cardLists).values(values).onConflictDoNothing().returning({ id: cardLists.id })).length;

export const profileWithAcsId = async (db: Db, accountId: number, acsId: string) =>
    (
        await db
            .select({ id: profiles.id })
            .from(profiles)
            .where(and(eq(profiles.account_id, accountId), eq(profiles.acs_id, acsId)))
            .limit(1)
    )[0];

export const profileCount = async (db: Db, accountId: number) => await db.$count(profiles, eq(profiles.account_id, accountId));

/** Files made for a download live under exports/ and are removed by the storage sweep a day later (its feature.ts). */
export const EXPORTS_PREFIX = 'exports/';
