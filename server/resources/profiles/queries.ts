import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
    type BadgeRecord,
    type ConsentMethod,
    type MemberProfile,
    type ProfileRecord,
    type ProfileStatus,
} from '../../../contract/profiles';
import { parseBadgeText } from '../../../contract/search';
import type { Db } from '../../db/database';
import { outer, rows } from '../../db/database';
import { accessGroups, badges, cardFormats, cardLists, profileAccessGroups, profileConsents, profiles } from '../../db/schema';
import { allOf, countAll, idsOfAccount, inAccountScope, likeText, textMatch, orderBy, page, type AccountScope } from '../../db/lists';
import { bumpAccessVersion } from '../../db/accessVersions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ProfileRow = typeof profiles.$inferSelect;
export type BadgeRow = typeof badges.$inferSelect;
/** A badge checked against its format, ready to store. */
export interface CheckedBadge {
    card_format_id: number;
    badge_number: number;
    facility_code: number | null;
    card_length: number;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// ---- badges ----

/** The badges of these profiles with their format's name, in the order they were added. */
export const badgesOf = async (db: Db | Tx, profileIds: number[]): Promise<Map<number, BadgeRecord[]>> => {
    const byProfile = new Map<number, BadgeRecord[]>();
    if (!profileIds.length) return byProfile;
    const listed = (list: 'adaptive' | 'exclusion') =>
        sql<boolean>`exists (select 1 from card_lists c where c.account_id = ${badges.account_id} and c.list = ${list}
            and c.card_format_id = ${badges.card_format_id} and coalesce(c.facility_code, -1) = coalesce(${badges.facility_code}, -1)
            and c.badge_number = ${badges.badge_number})`;
    const found = await db
        .select({ badge: badges, format_name: cardFormats.name, adaptive: listed('adaptive'), excluded: listed('exclusion') })
        .from(badges)
        .innerJoin(cardFormats, eq(cardFormats.id, badges.card_format_id))
        .where(inArray(badges.profile_id, profileIds))
        .orderBy(asc(badges.id));
    for (const { badge: b, format_name, adaptive, excluded } of found) {
        const record: BadgeRecord = {
            id: b.id,
            profile_id: b.profile_id,
            badge_number: b.badge_number,
            facility_code: b.facility_code,
            card_format_id: b.card_format_id,
            card_format_name: format_name,
            card_length: b.card_length,
            status: b.status,
            enabled: b.enabled,
            created_at: b.created_at.toISOString(),
            adaptive,
            excluded,
        };
        byProfile.set(b.profile_id, [...(byProfile.get(b.profile_id) ?? []), record]);
    }
    return byProfile;
};

/** A badge of the account with the same format, facility code and number, if any (a card opens for one person). */
export const badgeTaken = async (db: Db | Tx, accountId: number, badge: CheckedBadge) =>
    (
        await db
            .select({ id: badges.id })
            .from(badges)
            .where(
                and(
                    eq(badges.account_id, accountId),
                    eq(badges.card_format_id, badge.card_format_id),
                    eq(badges.badge_number, badge.badge_number),
                    sql`coalesce(${badges.facility_code}, -1) = ${badge.facility_code ?? -1}`,
                ),
            )
            .limit(1)
    ).length > 0;

export const insertBadges = async (db: Db | Tx, profile: { id: number; account_id: number }, list: CheckedBadge[]) => {
    if (list.length) await db.insert(badges).values(list.map(b => ({ ...b, profile_id: profile.id, account_id: profile.account_id })));
};

export const deleteBadge = async (db: Db, profile: { id: number; account_id: number }, badgeId: number) =>
    db.transaction(async tx => {
        const gone = await tx
            .delete(badges)
            .where(and(eq(badges.id, badgeId), eq(badges.profile_id, profile.id)))
            .returning({ id: badges.id });
        if (gone.length) await bumpAccessVersion(tx, profile.account_id);
        return gone.length > 0;
    });

/** How many badges use the card format (visitors' too, unless told): SPEC 4.8 refuses to delete a format still in use. */
export const badgesUsingFormat = async (db: Db, formatId: number, options: { visitors: boolean } = { visitors: true }) =>
    (
        await db
            .select({ n: countAll })
            .from(badges)
            .innerJoin(profiles, eq(profiles.id, badges.profile_id))
            .where(and(eq(badges.card_format_id, formatId), options.visitors ? undefined : eq(profiles.visitor, false)))
    )[0]?.n ?? 0;

/** The visitor profiles holding a badge of the format, by account. */
export const visitorsWithFormat = async (db: Db, formatId: number) => {
    const found = await db
        .selectDistinct({ id: profiles.id, account_id: profiles.account_id })
        .from(badges)
        .innerJoin(profiles, eq(profiles.id, badges.profile_id))
        .where(and(eq(badges.card_format_id, formatId), eq(profiles.visitor, true)));
    const byAccount = new Map<number, number[]>();
    for (const p of found) byAccount.set(p.account_id, [...(byAccount.get(p.account_id) ?? []), p.id]);
    return byAccount;
};

// ---- access groups of profiles ----

type GroupRef = { id: number; description: string; default_group: boolean };

export const groupsOfProfiles = async (db: Db | Tx, profileIds: number[]): Promise<Map<number, GroupRef[]>> => {
    const byProfile = new Map<number, GroupRef[]>();
    if (!profileIds.length) return byProfile;
    const found = await db
        .select({
            profile_id: profileAccessGroups.profile_id,
            id: accessGroups.id,
            description: accessGroups.description,
            default_group: accessGroups.default_group,
        })
        .from(profileAccessGroups)
        .innerJoin(accessGroups, eq(accessGroups.id, profileAccessGroups.access_group_id))
        .where(inArray(profileAccessGroups.profile_id, profileIds))
        .orderBy(asc(sql`lower(${accessGroups.description})`), asc(accessGroups.id));
    for (const { profile_id, ...group } of found) byProfile.set(profile_id, [...(byProfile.get(profile_id) ?? []), group]);
    return byProfile;
};

/** Puts profiles into a group (those already in it stay); readers pull the change. */
export const addProfilesToGroup = (db: Db, accountId: number, groupId: number, profileIds: number[]) =>
    db.transaction(async tx => {
        const added = await tx
            .insert(profileAccessGroups)
            .values(profileIds.map(profile_id => ({ profile_id, access_group_id: groupId })))
            .onConflictDoNothing()
            .returning({ id: profileAccessGroups.profile_id });
        await bumpAccessVersion(tx, accountId);
        return added.length;
    });

export const removeProfileFromGroup = (db: Db, accountId: number, groupId: number, profileId: number) =>
    db.transaction(async tx => {
        const removed = await tx
            .delete(profileAccessGroups)
            .where(and(eq(profileAccessGroups.access_group_id, groupId), eq(profileAccessGroups.profile_id, profileId)))
            .returning({ id: profileAccessGroups.profile_id });
        if (removed.length) await bumpAccessVersion(tx, accountId);
        return removed.length > 0;
    });

/** The ids among these that are profiles of the account. */
export const profilesOfAccount = (db: Db, accountId: number, ids: number[]) => idsOfAccount(db, profiles, accountId, ids);

/** A page of a group's members with their badges, by ACS ID. */
export const groupMembers = async (
    db: Db,
    groupId: number,
    params: { page: number; per_page: number; q?: string },
): Promise<{ result: MemberProfile[]; count: number }> => {
    const where = allOf([eq(profileAccessGroups.access_group_id, groupId), textMatch(params.q, profiles.acs_id)]);
    const query = db
        .select({ profile: profiles })
        .from(profileAccessGroups)
        .innerJoin(profiles, eq(profiles.id, profileAccessGroups.profile_id))
        .where(where)
        .orderBy(sql`${profiles.acs_id} asc nulls last`, asc(profiles.id));
    const counted = db
        .select({ n: countAll })
        .from(profileAccessGroups)
        .innerJoin(profiles, eq(profiles.id, profileAccessGroups.profile_id))
        .where(where);
    const { result, count } = await page<{ profile: ProfileRow }>(query.$dynamic() as never, counted, params);
    const cards = await badgesOf(
        db,
        result.map(r => r.profile.id),
    );
    return { result: result.map(({ profile: p }) => toMember(p, cards.get(p.id) ?? [])), count };
};

// ---- profiles ----

const toMember = (p: ProfileRow, cards: BadgeRecord[]): MemberProfile => ({
    id: p.id,
    acs_id: p.acs_id,
    status: p.status,
    enabled: p.enabled,
    expires_at: iso(p.expires_at),
    visitor: p.visitor,
    badges: cards,
});

/** Profiles as the API returns them: badges, groups, last event and device in three queries for the whole page. */
export const toProfiles = async (db: Db, list: ProfileRow[]): Promise<ProfileRecord[]> => {
    const ids = list.map(p => p.id);
    const [cards, groups, lasts, consents] = await Promise.all([
        badgesOf(db, ids),
        groupsOfProfiles(db, ids),
        lastSeen(db, list),
        ids.length ? db.select().from(profileConsents).where(inArray(profileConsents.profile_id, ids)) : [],
    ]);
    const consentOf = new Map(consents.map(c => [c.profile_id, c]));
    return list.map(p => {
        const own = groups.get(p.id) ?? [];
        const last = lasts.get(p.id);
        return {
            ...toMember(p, cards.get(p.id) ?? []),
            account_id: p.account_id,
            access_groups: own,
            access_group_ids: own.map(g => g.id),
            created_at: p.created_at.toISOString(),
            updated_at: p.updated_at.toISOString(),
            last_activity_at: iso(p.last_activity_at),
            last_event:
                p.last_event_id === null
                    ? null
                    : { id: p.last_event_id, event: last?.event ?? null, timestamp: iso(last?.timestamp ?? null) },
            last_device: p.last_device_id === null ? null : { id: p.last_device_id, description: last?.device_description ?? null },
            consent: toConsent(consentOf.get(p.id)),
        };
    });
};

const toConsent = (c: typeof profileConsents.$inferSelect | undefined): ProfileRecord['consent'] =>
    c
        ? {
              accepted_at: c.accepted_at.toISOString(),
              method: c.method,
              document_version: c.document_version,
              document: c.file_key !== null,
          }
        : null;

/** The last event's type and time and the last device's description; null where the row is gone. */
const lastSeen = async (db: Db, list: ProfileRow[]) => {
    const seen = new Map<number, { event: string | null; timestamp: Date | string | null; device_description: string | null }>();
    const wanted = list.filter(p => p.last_event_id !== null || p.last_device_id !== null);
    if (!wanted.length) return seen;
    const found = await rows<{ id: number; event: string | null; timestamp: string | null; device_description: string | null }>(
        db,
        sql`select p.id, e.event, e.timestamp, d.description as device_description
            from profiles p
            left join events e on e.id = p.last_event_id
            left join devices d on d.id = p.last_device_id
            where p.id in (${sql.join(
                wanted.map(p => sql`${p.id}`),
                sql`, `,
            )})`,
    );
    for (const r of found) seen.set(Number(r.id), r);
    return seen;
};

export interface ProfileFilters {
    scope: AccountScope;
    q?: string;
    acs_id?: string;
    status?: ProfileStatus;
    enabled?: boolean;
    access_group_id?: number;
    badge_number?: number;
    card_format_id?: number;
    last_activity_from?: string;
    last_activity_to?: string;
    consent_accepted?: boolean;
    visitor?: boolean;
    ids?: number[];
}

const SORTABLE = {
    id: profiles.id,
    acs_id: profiles.acs_id,
    status: profiles.status,
    enabled: profiles.enabled,
    created_at: profiles.created_at,
    last_activity_at: profiles.last_activity_at,
    expires_at: profiles.expires_at,
};

/** q: a badge number or FC:NUMBER finds its holder; any text finds ACS IDs containing it. */
const searchProfiles = (scope: AccountScope, q: string): SQL => {
    const byAcsId = ilike(profiles.acs_id, likeText(q));
    const badge = parseBadgeText(q);
    if (!badge) return byAcsId;
    const holders = sql`${profiles.id} in (select ${badges.profile_id} from ${badges} where ${inAccountScope(scope, badges.account_id) ?? sql`true`} and ${badges.badge_number} = ${badge.badge_number}${
        badge.facility_code === undefined ? sql`` : sql` and ${badges.facility_code} = ${badge.facility_code}`
    })`;
    return badge.facility_code === undefined ? sql`(${holders} or ${byAcsId})` : holders;
};

const profileWhere = (f: ProfileFilters): SQL | undefined =>
    allOf([
        inAccountScope(f.scope, profiles.account_id),
        f.q ? searchProfiles(f.scope, f.q) : undefined,
        f.acs_id ? eq(profiles.acs_id, f.acs_id) : undefined,
        f.status ? eq(profiles.status, f.status) : undefined,
        f.enabled !== undefined ? eq(profiles.enabled, f.enabled) : undefined,
        f.access_group_id !== undefined
            ? sql`exists (select 1 from ${profileAccessGroups} where ${profileAccessGroups.profile_id} = ${outer(profiles.id)} and ${profileAccessGroups.access_group_id} = ${f.access_group_id})`
            : undefined,
        f.badge_number !== undefined
            ? sql`${profiles.id} in (select ${badges.profile_id} from ${badges} where ${inAccountScope(f.scope, badges.account_id) ?? sql`true`} and ${badges.badge_number} = ${f.badge_number})`
            : undefined,
        f.card_format_id !== undefined
            ? sql`${profiles.id} in (select ${badges.profile_id} from ${badges} where ${inAccountScope(f.scope, badges.account_id) ?? sql`true`} and ${badges.card_format_id} = ${f.card_format_id})`
            : undefined,
        f.last_activity_from ? sql`${profiles.last_activity_at} >= ${f.last_activity_from}` : undefined,
        f.last_activity_to ? sql`${profiles.last_activity_at} < ${f.last_activity_to}` : undefined,
        f.consent_accepted !== undefined
            ? sql`${f.consent_accepted ? sql`` : sql`not `}exists (select 1 from ${profileConsents} where ${profileConsents.profile_id} = ${outer(profiles.id)})`
            : undefined,
        f.visitor !== undefined ? eq(profiles.visitor, f.visitor) : undefined,
        f.ids ? inArray(profiles.id, f.ids) : undefined,
    ]);

export const listProfiles = (db: Db, f: ProfileFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = profileWhere(f);
    const query = db
        .select()
        .from(profiles)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'acs_id', order: 'ASC' }, profiles.id));
    return page<ProfileRow>(query.$dynamic() as never, db.select({ n: countAll }).from(profiles).where(where), params);
};

/** Every profile of the filter, a thousand at a time by id (the export): each batch is one indexed read, however deep. */
export async function* profileRows(db: Db, f: ProfileFilters, batch = 1000) {
    for (let after = 0; ;) {
        const found = await db
            .select()
            .from(profiles)
            .where(allOf([profileWhere(f), sql`${profiles.id} > ${after}`]))
            .orderBy(asc(profiles.id))
            .limit(batch);
        if (found.length) yield await toProfiles(db, found);
        if (found.length < batch) return;
        after = found[found.length - 1]!.id;
    }
}

/** GET /profiles/aggregate/status: the account's profiles by status, and how many are disabled, visitors, consented. */
export const profileStatusCounts = async (db: Db, scope: AccountScope) => {
    const within = inAccountScope(scope, sql`account_id`) ?? sql`true`;
    const [counts] = await rows<Record<'total' | 'active' | 'enrollment' | 'inactive' | 'disabled' | 'visitors' | 'consented', number>>(
        db,
        sql`select count(*)::int as total,
                count(*) filter (where status = 'active')::int as active,
                count(*) filter (where status = 'enrollment')::int as enrollment,
                count(*) filter (where status = 'inactive')::int as inactive,
                count(*) filter (where not enabled)::int as disabled,
                count(*) filter (where visitor)::int as visitors,
                count(*) filter (where exists (select 1 from profile_consents c where c.profile_id = profiles.id))::int as consented
            from profiles where ${within}`,
    );
    return counts!;
};

/** A profile's consent: recorded (or replaced) with the signed file's key; the previous file's key comes back, to remove. */
export const recordConsent = async (
    db: Db,
    profileId: number,
    consent: { accepted_at: Date; method: ConsentMethod; document_version: string | null; file_key: string | null; recorded_by: string },
) =>
    db.transaction(async tx => {
        const [previous] = await tx
            .select({ file_key: profileConsents.file_key })
            .from(profileConsents)
            .where(eq(profileConsents.profile_id, profileId));
        await tx
            .insert(profileConsents)
            .values({ profile_id: profileId, ...consent })
            .onConflictDoUpdate({ target: profileConsents.profile_id, set: consent });
        return previous?.file_key ?? null;
    });

export const consentOfProfile = async (db: Db, profileId: number) =>
    (await db.select().from(profileConsents).where(eq(profileConsents.profile_id, profileId)).limit(1))[0];

export const findProfile = async (db: Db, id: number): Promise<ProfileRow | undefined> =>
    (await db.select().from(profiles).where(eq(profiles.id, id)).limit(1))[0];

export interface ProfileValues {
    acs_id?: string | null;
    visitor?: boolean;
    status?: ProfileStatus;
    enabled?: boolean;
    expires_at?: Date | null;
}

export const insertProfile = (db: Db, accountId: number, values: ProfileValues, groupIds: number[], cards: CheckedBadge[]) =>
    db.transaction(async tx => {
        const [row] = await tx
            .insert(profiles)
            .values({ account_id: accountId, ...values })
            .returning();
        await tx
            .insert(profileAccessGroups)
            .values(groupIds.map(access_group_id => ({ profile_id: row!.id, access_group_id })))
            .onConflictDoNothing();
        await insertBadges(tx, row!, cards);
        await bumpAccessVersion(tx, accountId);
        return row!;
    });

export const updateProfile = (db: Db, profile: ProfileRow, values: ProfileValues, groupIds?: number[]) =>
    db.transaction(async tx => {
        await tx
            .update(profiles)
            .set({ ...values, updated_at: sql`now()` })
            .where(eq(profiles.id, profile.id));
        if (groupIds) {
            await tx.delete(profileAccessGroups).where(eq(profileAccessGroups.profile_id, profile.id));
            await tx
                .insert(profileAccessGroups)
                .values(groupIds.map(access_group_id => ({ profile_id: profile.id, access_group_id })))
                .onConflictDoNothing();
        }
        await bumpAccessVersion(tx, profile.account_id);
    });

/** POST /profiles/{id}/access: into the group, with the new badge if any, in one transaction. */
export const grantAccess = (db: Db, profile: ProfileRow, groupId: number, card?: CheckedBadge) =>
    db.transaction(async tx => {
        await tx.insert(profileAccessGroups).values({ profile_id: profile.id, access_group_id: groupId }).onConflictDoNothing();
        if (card) await insertBadges(tx, profile, [card]);
        await tx
            .update(profiles)
            .set({ updated_at: sql`now()` })
            .where(eq(profiles.id, profile.id));
        await bumpAccessVersion(tx, profile.account_id);
    });

/** Which of these access groups are the account's own: a profile, a visitor or an enrollment is given those only. */
export const accessGroupsOfAccount = (db: Db | Tx, accountId: number, ids: number[]) => idsOfAccount(db, accessGroups, accountId, ids);

/** How many badges the account's exclusion list holds (the cards feature's list, read here). */
export const exclusionCount = async (db: Db, accountId: number) =>
    (
        await db
            .select({ n: countAll })
            .from(cardLists)
            .where(and(eq(cardLists.account_id, accountId), eq(cardLists.list, 'exclusion')))
    )[0]!.n;
