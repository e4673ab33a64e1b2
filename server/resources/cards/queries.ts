import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AccountBadge, CardList, ListedCard, VisitorRange, VisitorRecord } from '../../../contract/cards';
import { parseBadgeText } from '../../../contract/search';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { badges, cardFormats, cardLists, profiles, visitorRanges } from '../../db/schema';
import { allOf, countAll, inAccountScope, likeText, orderBy, page, type AccountScope } from '../../db/lists';
import type { CheckedBadge } from '../profiles';
import { bigintArray, intArray } from '../../db/arrays';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type BadgeKey = Pick<CheckedBadge, 'card_format_id' | 'facility_code' | 'badge_number'>;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The same badge: format, facility code (absent reads as -1, as the unique indexes do) and number. */
const sameCard = (columns: { card_format_id: unknown; facility_code: unknown; badge_number: unknown }, key: BadgeKey) =>
    sql`${columns.card_format_id} = ${key.card_format_id} and coalesce(${columns.facility_code}, -1) = ${key.facility_code ?? -1} and ${columns.badge_number} = ${key.badge_number}`;

/** A number or FC:NUMBER condition on a table with facility_code and badge_number columns. */
export const badgeMatches = (columns: { facility_code: unknown; badge_number: unknown }, q: string | undefined): SQL | undefined => {
    const badge = q === undefined ? undefined : parseBadgeText(q);
    if (!badge) return undefined;
    return badge.facility_code === undefined
        ? sql`${columns.badge_number} = ${badge.badge_number}`
        : sql`${columns.badge_number} = ${badge.badge_number} and ${columns.facility_code} = ${badge.facility_code}`;
};

// ---- the lists ----

export interface CardListFilters {
    scope: AccountScope;
    list: CardList;
    q?: string;
    card_format_id?: number;
}

const cardListWhere = (f: CardListFilters) =>
    allOf([
        inAccountScope(f.scope, cardLists.account_id),
        eq(cardLists.list, f.list),
        f.q ? (badgeMatches(cardLists, f.q) ?? sql`false`) : undefined,
        f.card_format_id ? eq(cardLists.card_format_id, f.card_format_id) : undefined,
    ]);

const LIST_SORT = {
    id: cardLists.id,
    badge_number: cardLists.badge_number,
    facility_code: cardLists.facility_code,
    created_at: cardLists.created_at,
};

type ListedRow = typeof cardLists.$inferSelect & { card_format_name: string };

/** The profile holding each of these badges now, by "format/facility/number". */
const holdersByCard = async (db: Db, accountId: number, keys: BadgeKey[]) => {
    const byCard = new Map<string, { id: number; acs_id: string | null }>();
    if (!keys.length) return byCard;
    const found = await rows<{
        card_format_id: number;
        facility_code: number | null;
        badge_number: number;
        id: number;
        acs_id: string | null;
    }>(
        db,
        sql`select b.card_format_id, b.facility_code, b.badge_number, p.id, p.acs_id from badges b
            join profiles p on p.id = b.profile_id
            join ${keyTable(keys)} on ${keyJoin}
            where b.account_id = ${accountId}`,
    );
    for (const r of found) byCard.set(cardName(r), { id: Number(r.id), acs_id: r.acs_id });
    return byCard;
};
const cardName = (k: BadgeKey) =>
    `${k.card_format_id}/${k.facility_code === null ? -1 : Number(k.facility_code)}/${Number(k.badge_number)}`;

/** The listed badges of a page, with their holders (a page across accounts asks each account for its own). */
const toListed = async (db: Db, found: ListedRow[]): Promise<ListedCard[]> => {
    const holders = new Map<string, { id: number; acs_id: string | null }>();
    for (const accountId of new Set(found.map(r => r.account_id)))
        for (const [card, holder] of await holdersByCard(
            db,
            accountId,
            found.filter(r => r.account_id === accountId),
        ))
            holders.set(`${accountId}:${card}`, holder);
    return found.map(r => ({
        id: r.id,
        account_id: r.account_id,
        list: r.list,
        badge_number: r.badge_number,
        facility_code: r.facility_code,
        card_format_id: r.card_format_id,
        card_format_name: r.card_format_name,
        created_by: r.created_by,
        created_at: iso(r.created_at)!,
        profile: holders.get(`${r.account_id}:${cardName(r)}`) ?? null,
    }));
};

const listedQuery = (db: Db, where: SQL | undefined) =>
    db
        .select({ entry: cardLists, card_format_name: cardFormats.name })
        .from(cardLists)
        .innerJoin(cardFormats, eq(cardFormats.id, cardLists.card_format_id))
        .where(where);

export const listCards = async (db: Db, f: CardListFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = cardListWhere(f);
    const query = listedQuery(db, where).orderBy(...orderBy(params.sort, LIST_SORT, { field: 'created_at', order: 'DESC' }, cardLists.id));
    const { result, count } = await page<{ entry: typeof cardLists.$inferSelect; card_format_name: string }>(
        query.$dynamic() as never,
        db.select({ n: countAll }).from(cardLists).where(where),
        params,
    );
    return {
        result: await toListed(
            db,
            result.map(r => ({ ...r.entry, card_format_name: r.card_format_name })),
        ),
        count,
    };
};

/** An entry of a list by its id, whatever its account (the caller checks it: rowInScope), or only within one account. */
export const findListed = async (db: Db, accountId: number | undefined, list: CardList, id: number): Promise<ListedCard | undefined> => {
    const [found] = await listedQuery(
        db,
        and(accountId === undefined ? undefined : eq(cardLists.account_id, accountId), eq(cardLists.list, list), eq(cardLists.id, id)),
    );
    return found ? (await toListed(db, [{ ...found.entry, card_format_name: found.card_format_name }]))[0] : undefined;
};

/** The lists a badge of the account is in. */
export const listsOfBadge = async (db: Db | Tx, accountId: number, key: BadgeKey): Promise<Set<CardList>> =>
    new Set(
        (
            await db
                .select({ list: cardLists.list })
                .from(cardLists)
                .where(and(eq(cardLists.account_id, accountId), sameCard(cardLists, key)))
        ).map(r => r.list),
    );

/** Adds the badge to the list; undefined when it was there already. */
export const insertListed = async (db: Db | Tx, accountId: number, list: CardList, key: BadgeKey, createdBy: string | null) =>
    (
        await db
            .insert(cardLists)
            .values({ account_id: accountId, list, ...key, created_by: createdBy })
            .onConflictDoNothing()
            .returning({ id: cardLists.id })
    )[0]?.id;

export const deleteListed = async (db: Db | Tx, accountId: number, list: CardList, ids: number[]) =>
    ids.length
        ? (
              await rows<{ id: number }>(
                  db,
                  sql`delete from card_lists where account_id = ${accountId} and list = ${list} and id = any(${intArray(ids)}) returning id`,
              )
          ).map(r => r.id)
        : [];

/**
 * Badge keys as a table k(format_id, facility, number), facility -1 for
 * none: three array parameters, where one parameter a value would outgrow
 * PostgreSQL's 65,535.
 */
export const keyTable = (keys: BadgeKey[]) =>
    sql`unnest(${intArray(keys.map(k => k.card_format_id))}, ${bigintArray(keys.map(k => k.facility_code ?? -1))},
        ${bigintArray(keys.map(k => k.badge_number))}) as k(format_id, facility, number)`;
const keyJoin = sql`b.card_format_id = k.format_id and coalesce(b.facility_code, -1) = k.facility and b.badge_number = k.number`;

/** The profiles of the account holding one of these badges. */
export const holdersOf = async (db: Db | Tx, accountId: number, keys: BadgeKey[]): Promise<number[]> => {
    if (!keys.length) return [];
    const found = await rows<{ profile_id: number }>(
        db,
        sql`select distinct b.profile_id from badges b join ${keyTable(keys)} on ${keyJoin} where b.account_id = ${accountId}`,
    );
    return found.map(r => Number(r.profile_id));
};

/** Adds many badges to a list in one statement; returns how many were new. */
export const insertListedMany = async (db: Db | Tx, accountId: number, list: CardList, keys: BadgeKey[], createdBy: string | null) => {
    if (!keys.length) return 0;
    const added = await rows<{ n: number }>(
        db,
        sql`with added as (
                insert into card_lists (account_id, list, card_format_id, facility_code, badge_number, created_by)
                select ${accountId}, ${list}, k.format_id, nullif(k.facility, -1), k.number, ${createdBy}
                from ${keyTable(keys)}
                on conflict do nothing returning 1
            ) select count(*)::int as n from added`,
    );
    return Number(added[0]?.n ?? 0);
};

// ---- visitor ranges ----

/** The range of the account that holds this badge, if any. */
export const rangeOf = async (db: Db | Tx, accountId: number, key: BadgeKey) =>
    (
        await db
            .select()
            .from(visitorRanges)
            .where(
                and(
                    eq(visitorRanges.account_id, accountId),
                    eq(visitorRanges.card_format_id, key.card_format_id),
                    sql`coalesce(${visitorRanges.facility_code}, -1) = ${key.facility_code ?? -1}`,
                    sql`${visitorRanges.first_number} <= ${key.badge_number} and ${visitorRanges.last_number} >= ${key.badge_number}`,
                ),
            )
            .limit(1)
    )[0];

export const listRanges = async (db: Db, scope: AccountScope): Promise<VisitorRange[]> => {
    const found = await rows<{
        id: number;
        account_id: number;
        card_format_id: number;
        card_format_name: string;
        facility_code: number | null;
        first_number: number;
        last_number: number;
        visitors: number;
        updated_at: string;
    }>(
        db,
        sql`select r.id, r.account_id, r.card_format_id, f.name as card_format_name, r.facility_code, r.first_number, r.last_number,
                r.updated_at,
                (select count(*)::int from badges b join profiles p on p.id = b.profile_id
                 where b.account_id = r.account_id and p.visitor and b.card_format_id = r.card_format_id
                   and coalesce(b.facility_code, -1) = coalesce(r.facility_code, -1)
                   and b.badge_number between r.first_number and r.last_number) as visitors
            from visitor_ranges r join card_formats f on f.id = r.card_format_id
            where ${inAccountScope(scope, sql`r.account_id`) ?? sql`true`} order by f.name, r.facility_code nulls first, r.id`,
    );
    return found.map(r => ({
        ...r,
        id: Number(r.id),
        first_number: Number(r.first_number),
        last_number: Number(r.last_number),
        facility_code: r.facility_code === null ? null : Number(r.facility_code),
        updated_at: iso(r.updated_at)!,
    }));
};

/** Sets the range of a format and facility code (one each): created, or its numbers replaced. */
export const upsertRange = async (db: Db, accountId: number, range: BadgeKey & { first_number: number; last_number: number }) => {
    const { card_format_id, facility_code, first_number, last_number } = range;
    const [row] = await rows<{ id: number }>(
        db,
        sql`insert into visitor_ranges (account_id, card_format_id, facility_code, first_number, last_number)
            values (${accountId}, ${card_format_id}, ${facility_code}, ${first_number}, ${last_number})
            on conflict (account_id, card_format_id, coalesce(facility_code, -1))
            do update set first_number = excluded.first_number, last_number = excluded.last_number, updated_at = now()
            returning id`,
    );
    return Number(row!.id);
};

export const findRange = async (db: Db, id: number) => (await db.select().from(visitorRanges).where(eq(visitorRanges.id, id)).limit(1))[0];

export const deleteRange = async (db: Db, accountId: number, id: number) =>
    (
        await db
            .delete(visitorRanges)
            .where(and(eq(visitorRanges.account_id, accountId), eq(visitorRanges.id, id)))
            .returning()
    )[0];

/** Whether a badge is a visitor's: in a range, or held by a visitor profile (SPEC 4.7 'visitor list'). */
export const isVisitorBadge = async (db: Db | Tx, accountId: number, key: BadgeKey) => {
    if (await rangeOf(db, accountId, key)) return true;
    const [held] = await db
        .select({ id: badges.id })
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .where(and(eq(badges.account_id, accountId), eq(profiles.visitor, true), sameCard(badges, key)))
        .limit(1);
    return !!held;
};

// ---- visitors ----

export interface VisitorFilters {
    scope: AccountScope;
    q?: string;
    card_format_id?: number;
}

const visitorWhere = (f: VisitorFilters) =>
    allOf([
        inAccountScope(f.scope, badges.account_id),
        eq(profiles.visitor, true),
        f.q ? (badgeMatches(badges, f.q) ?? sql`${profiles.acs_id} ilike ${likeText(f.q)}`) : undefined,
        f.card_format_id ? eq(badges.card_format_id, f.card_format_id) : undefined,
    ]);

const VISITOR_SORT = { id: badges.id, badge_number: badges.badge_number, created_at: badges.created_at, expires_at: profiles.expires_at };

export const listVisitors = async (db: Db, f: VisitorFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = visitorWhere(f);
    const query = db
        .select({ badge: badges, acs_id: profiles.acs_id, expires_at: profiles.expires_at, card_format_name: cardFormats.name })
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .innerJoin(cardFormats, eq(cardFormats.id, badges.card_format_id))
        .where(where)
        .orderBy(...orderBy(params.sort, VISITOR_SORT, { field: 'created_at', order: 'DESC' }, badges.id));
    const counted = db.select({ n: countAll }).from(badges).innerJoin(profiles, eq(profiles.id, badges.profile_id)).where(where);
    const { result, count } = await page<{
        badge: typeof badges.$inferSelect;
        acs_id: string | null;
        expires_at: Date | null;
        card_format_name: string;
    }>(query.$dynamic() as never, counted, params);
    return {
        result: result.map((r): VisitorRecord => ({
            id: r.badge.id,
            profile_id: r.badge.profile_id,
            acs_id: r.acs_id,
            account_id: r.badge.account_id,
            badge_number: r.badge.badge_number,
            facility_code: r.badge.facility_code,
            card_format_id: r.badge.card_format_id,
            card_format_name: r.card_format_name,
            created_at: r.badge.created_at.toISOString(),
            expires_at: iso(r.expires_at),
        })),
        count,
    };
};

/** The visitor whose badge this is (GET/DELETE /cards/visitors/{id}). */
export const findVisitorBadge = async (db: Db, id: number) =>
    (
        await db
            .select({ badge: badges, visitor: profiles.visitor })
            .from(badges)
            .innerJoin(profiles, eq(profiles.id, badges.profile_id))
            .where(eq(badges.id, id))
            .limit(1)
    )[0];

export const visitorsBefore = (db: Db, now: Date, limit: number) =>
    db
        .select({ id: profiles.id, account_id: profiles.account_id })
        .from(profiles)
        .where(and(eq(profiles.visitor, true), sql`${profiles.expires_at} <= ${now.toISOString()}`))
        .orderBy(asc(profiles.expires_at))
        .limit(limit);

// ---- every badge of the account (GET /cards, /cards/autocomplete) ----

export interface BadgeFilters {
    scope: AccountScope;
    q?: string;
    card_format_id?: number;
}

const BADGE_SORT = { id: badges.id, badge_number: badges.badge_number, created_at: badges.created_at, acs_id: profiles.acs_id };

/** The account's badges with their holder: q is a number or FC:NUMBER (an index hit), else part of the holder's ACS ID. */
export const listBadges = async (db: Db, f: BadgeFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = allOf([
        inAccountScope(f.scope, badges.account_id),
        f.q ? (badgeMatches(badges, f.q) ?? sql`${profiles.acs_id} ilike ${likeText(f.q)}`) : undefined,
        f.card_format_id ? eq(badges.card_format_id, f.card_format_id) : undefined,
    ]);
    const query = db
        .select({ badge: badges, acs_id: profiles.acs_id, visitor: profiles.visitor, card_format_name: cardFormats.name })
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .innerJoin(cardFormats, eq(cardFormats.id, badges.card_format_id))
        .where(where)
        .orderBy(...orderBy(params.sort, BADGE_SORT, { field: 'badge_number', order: 'ASC' }, badges.id));
    const counted = db.select({ n: countAll }).from(badges).innerJoin(profiles, eq(profiles.id, badges.profile_id)).where(where);
    const { result, count } = await page<{
        badge: typeof badges.$inferSelect;
        acs_id: string | null;
        visitor: boolean;
        card_format_name: string;
    }>(query.$dynamic() as never, counted, params);
    return {
        result: result.map((r): AccountBadge => ({
            id: r.badge.id,
            profile_id: r.badge.profile_id,
            acs_id: r.acs_id,
            visitor: r.visitor,
            account_id: r.badge.account_id,
            badge_number: r.badge.badge_number,
            facility_code: r.badge.facility_code,
            card_format_id: r.badge.card_format_id,
            card_format_name: r.card_format_name,
            status: r.badge.status,
            enabled: r.badge.enabled,
        })),
        count,
    };
};
