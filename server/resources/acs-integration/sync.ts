import { eq, isNull, or, sql } from 'drizzle-orm';
import { PREDEFINED_CARD_FORMATS } from '../../../contract/card-formats';
import { CARD_MESSAGES } from '../../../contract/cards';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accessGroups, cardFormats, profiles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage';
import type { CardFormatRow } from '../card-formats';
import { removeImages } from '../../storage/images';
import { bumpAccessVersion } from '../../db/accessVersions';
import { checkBadgeWith } from '../profiles';
import { deleteProfilesIn, type Tx } from '../profiles';
import type { CheckedBadge } from '../profiles';
import type { AcsBadge, AcsCardholder } from './connector';
import { bigintArray, boolArray, intArray, textArray } from '../../db/arrays';

export type AcsChangeAction =
    'added' | 'changed' | 'suspended' | 'reactivated' | 'deleted' | 'badge_added' | 'badge_removed' | 'group_created' | 'skipped';

/** One line of the integration log. */
export interface AcsChange {
    action: AcsChangeAction;
    acs_id: string | null;
    profile_id: number | null;
    message: string;
    level: 'info' | 'warning' | 'error';
    details?: object;
}

/** Profiles (added … unchanged), badges and groups a run touched; `changed`: enabled flag or groups; `unchanged`: linked profiles left as they were. */
export interface AcsSyncCounts {
    added: number;
    changed: number;
    suspended: number;
    reactivated: number;
    deleted: number;
    badges_added: number;
    badges_removed: number;
    groups_created: number;
    unchanged: number;
}

export interface AcsSyncResult {
    counts: AcsSyncCounts;
    changes: AcsChange[];
}

export interface AcsSyncOptions {
    now: Date;
    /** days a suspended profile waits for its cardholder (or a badge) to come back before it is deleted */
    graceDays: number;
    /** the card format (name or predefined key) of badges whose format the ACS does not say or the platform does not know; 26-bit H10301 otherwise */
    defaultCardFormat?: string;
    /** where the deleted profiles' consent files go from (the deletion path removes them after the commit) */
    storage: FileStorage;
}

/**
 * Rows per statement. Each column goes as one array parameter (unnest), so a
 * statement costs a few parameters however many rows: 50,000 new cardholders
 * are five inserts of profiles, not fifty of 4,000 parameters each.
 */
const BATCH = 10_000;
const DEFAULT_FORMAT_KEY = 'h10301';
const DAY_MS = 86_400_000;

const noCounts = (): AcsSyncCounts => ({
    added: 0,
    changed: 0,
    suspended: 0,
    reactivated: 0,
    deleted: 0,
    badges_added: 0,
    badges_removed: 0,
    groups_created: 0,
    unchanged: 0,
});

type BadgeKey = Pick<CheckedBadge, 'card_format_id' | 'facility_code' | 'badge_number'>;
const keyOf = (b: BadgeKey) => `${b.card_format_id}/${b.facility_code === null ? -1 : Number(b.facility_code)}/${Number(b.badge_number)}`;

/** What the ACS sent, made storable in the log: PostgreSQL text holds no NUL. */
const noNul = (text: string) => text.replaceAll('\u0000', '');
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / BATCH) }, (_, i) => list.slice(i * BATCH, (i + 1) * BATCH));

interface LinkedProfile {
    id: number;
    acs_id: string;
    enabled: boolean;
    suspended: boolean;
}
interface StoredBadge extends BadgeKey {
    id: number;
    profile_id: number;
}
interface WantedBadge extends CheckedBadge {
    key: string;
    label: string;
}

/**
 * Applies the ACS's cardholders to the account's profiles (issue 12; docs/decisions.md "ACS synchronisation"):
 * profiles are linked to cardholders by ACS ID and kept, never recreated, so their face stays. Badges and
 * access groups of linked profiles mirror the ACS; a profile whose cardholder is gone or has no badge left is
 * suspended, reactivated if it comes back within the grace, deleted after it. Profiles without an ACS ID and
 * visitors are never touched. One transaction under the account's lock: a run lands whole or not at all, and
 * the next one starts again from what is stored. Readers' access version goes up once if anything changed.
 */
export const applyCardholders = async (
    db: Db,
    accountId: number,
    cardholders: AcsCardholder[],
    options: AcsSyncOptions,
): Promise<AcsSyncResult> => {
    const { result, files } = await db.transaction(tx => applyIn(tx, accountId, cardholders, options));
    await removeImages(options.storage, files);
    return result;
};

/**
 * Deletes the account's profiles suspended by the synchronisation for more than graceDays, through the
 * profile-deletion path (badges, consent and its file, a ProfileDeleted event). For the scheduled job;
 * applyCardholders does the same first.
 */
export const expireSuspensions = async (
    db: Db,
    storage: FileStorage,
    accountId: number,
    now: Date,
    graceDays: number,
): Promise<AcsSyncResult> => {
    const { result, files } = await db.transaction(async tx => {
        await lockAccount(tx, accountId);
        const counts = noCounts();
        const changes: AcsChange[] = [];
        const files = await expireIn(tx, accountId, now, graceDays, counts, changes);
        return { result: { counts, changes }, files };
    });
    await removeImages(storage, files);
    return result;
};

/** Two runs for one account (the schedule and the console's "synchronise now") wait for each other. */
const lockAccount = (tx: Tx, accountId: number) => tx.execute(sql`select id from accounts where id = ${accountId} for update`);

const expireIn = async (tx: Tx, accountId: number, now: Date, graceDays: number, counts: AcsSyncCounts, changes: AcsChange[]) => {
    // A grace that is not a number of days would delete every suspended profile, or none, silently.
    if (!Number.isFinite(graceDays) || graceDays < 0) throw new Error(`The suspension grace must be a number of days, not ${graceDays}`);
    const cutoff = new Date(now.getTime() - graceDays * DAY_MS);
    const due = await rows<{ id: number }>(
        tx as unknown as Db,
        sql`select id from profiles where account_id = ${accountId} and acs_id is not null and not visitor
              and acs_suspended_at is not null and acs_suspended_at <= ${cutoff.toISOString()} order by id`,
    );
    const files: string[] = [];
    for (const ids of chunks(due.map(d => Number(d.id)))) {
        const deleted = await deleteProfilesIn(tx, accountId, ids, 'deleted');
        files.push(...deleted.files);
        for (const p of deleted.gone) {
            counts.deleted++;
            changes.push({
                action: 'deleted',
                acs_id: p.acs_id,
                profile_id: Number(p.id),
                level: 'info',
                message: `Profile ${p.id} (ACS ID ${p.acs_id}) deleted: suspended for ${graceDays} days.`,
            });
        }
    }
    return files;
};

/** The account's card formats by lower-case name and predefined key, and the one used when the ACS's is unknown. */
const cardFormatsOf = async (tx: Tx, accountId: number, wanted: string | undefined, changes: AcsChange[]) => {
    const formats = await tx
        .select()
        .from(cardFormats)
        .where(or(isNull(cardFormats.account_id), eq(cardFormats.account_id, accountId)))
        .orderBy(sql`${cardFormats.account_id} nulls first`, cardFormats.id);
    // Predefined names first: an account's own format cannot take a predefined one's name.
    const byName = new Map<string, CardFormatRow>();
    for (const f of formats)
        for (const name of [f.name, f.key]) if (name && !byName.has(name.trim().toLowerCase())) byName.set(name.trim().toLowerCase(), f);
    const standard = byName.get(DEFAULT_FORMAT_KEY)!;
    let fallback = standard;
    if (wanted) {
        const found = byName.get(wanted.trim().toLowerCase());
        if (found) fallback = found;
        else
            changes.push({
                action: 'skipped',
                acs_id: null,
                profile_id: null,
                level: 'warning',
                message: `The default card format "${wanted}" is not a card format of the account: ${PREDEFINED_CARD_FORMATS.h10301} is used instead.`,
            });
    }
    return { byName, fallback };
};

const applyIn = async (
    tx: Tx,
    accountId: number,
    cardholders: AcsCardholder[],
    options: AcsSyncOptions,
): Promise<{ result: AcsSyncResult; files: string[] }> => {
    const q = <T>(query: ReturnType<typeof sql>) => rows<T>(tx as unknown as Db, query);
    const counts = noCounts();
    const changes: AcsChange[] = [];
    const warn = (acs_id: string | null, profile_id: number | null, message: string, details?: object) =>
        changes.push({ action: 'skipped', acs_id, profile_id, level: 'warning', message: noNul(message), ...(details ? { details } : {}) });

    await lockAccount(tx, accountId);
    // Past the grace first: a cardholder back after it gets a new profile.
    const files = await expireIn(tx, accountId, options.now, options.graceDays, counts, changes);
    let wrote = counts.deleted > 0;

    // ---- what is stored: a few reads for the whole account ----
    const formats = await cardFormatsOf(tx, accountId, options.defaultCardFormat, changes);
    const formatName = new Map([...formats.byName.values()].map(f => [f.id, f.name]));
    const groupRows = await q<{ id: number; description: string; default_group: boolean }>(
        sql`select id, description, default_group from access_groups where account_id = ${accountId} order by id`,
    );
    const groupByName = new Map(groupRows.map(g => [g.description.trim().toLowerCase(), { id: Number(g.id), description: g.description }]));
    const groupName = new Map(groupRows.map(g => [Number(g.id), g.description]));
    let hasDefault = groupRows.some(g => g.default_group);

    const linkedRows = await q<{ id: number; acs_id: string; enabled: boolean; acs_suspended_at: string | Date | null }>(
        sql`select id, acs_id, enabled, acs_suspended_at from profiles
            where account_id = ${accountId} and acs_id is not null and not visitor order by id`,
    );
    const linked = new Map<string, LinkedProfile>();
    for (const r of linkedRows) {
        const p = { id: Number(r.id), acs_id: r.acs_id, enabled: r.enabled, suspended: r.acs_suspended_at !== null };
        // Two profiles with one ACS ID (typed in the console): the older is the cardholder's, the other is left alone.
        if (linked.has(p.acs_id))
            warn(p.acs_id, p.id, `Profile ${p.id} is left as it is: profile ${linked.get(p.acs_id)!.id} already has ACS ID ${p.acs_id}.`);
        else linked.set(p.acs_id, p);
    }
    const linkedById = new Map([...linked.values()].map(p => [p.id, p]));
    const linkedIds = new Set(linkedById.keys());

    const stored = (
        await q<StoredBadge>(
            sql`select id, profile_id, card_format_id, facility_code, badge_number from badges where account_id = ${accountId}`,
        )
    ).map(b => ({
        id: Number(b.id),
        profile_id: Number(b.profile_id),
        card_format_id: Number(b.card_format_id),
        facility_code: b.facility_code === null ? null : Number(b.facility_code),
        badge_number: Number(b.badge_number),
    }));
    const holderOf = new Map(stored.map(b => [keyOf(b), b]));
    const badgesOf = new Map<number, StoredBadge[]>();
    for (const b of stored) if (linkedIds.has(b.profile_id)) badgesOf.set(b.profile_id, [...(badgesOf.get(b.profile_id) ?? []), b]);

    const groupsOf = new Map<number, Set<number>>();
    for (const m of await q<{ profile_id: number; access_group_id: number }>(
        sql`select pag.profile_id, pag.access_group_id from profile_access_groups pag join profiles p on p.id = pag.profile_id
            where p.account_id = ${accountId} and p.acs_id is not null and not p.visitor`,
    )) {
        const id = Number(m.profile_id);
        if (linkedIds.has(id)) groupsOf.set(id, (groupsOf.get(id) ?? new Set()).add(Number(m.access_group_id)));
    }
    const optedOut = new Set(
        (
            await q<BadgeKey>(
                sql`select card_format_id, facility_code, badge_number from card_lists where account_id = ${accountId} and list = 'opt_out'`,
            )
        ).map(keyOf),
    );

    // ---- what the ACS says, checked ----
    const badgeLabel = (b: BadgeKey) =>
        `${formatName.get(b.card_format_id) ?? 'card format ' + b.card_format_id} ${b.facility_code === null ? '' : b.facility_code + ':'}${b.badge_number}`;
    const checkBadge = (acsId: string, b: AcsBadge, profileId: number | null): WantedBadge | null => {
        const text = noNul(String(b.badge_number ?? '')).trim();
        const number = Number(text);
        if (!/^\d+$/.test(text) || !Number.isSafeInteger(number)) {
            warn(acsId, profileId, `Badge "${text}" of cardholder ${acsId} is skipped: a badge number is a whole number.`);
            return null;
        }
        const named = b.card_format ? noNul(String(b.card_format)).trim() : undefined;
        let format = named ? formats.byName.get(named.toLowerCase()) : formats.fallback;
        if (!format) {
            format = formats.fallback;
            warn(acsId, profileId, `Card format "${named}" of badge ${text} of cardholder ${acsId} is unknown: ${format.name} is used.`, {
                card_format: named,
                used: format.name,
            });
        }
        try {
            const checked = checkBadgeWith(format, accountId, {
                badge_number: number,
                facility_code: b.facility_code ?? null,
                card_format_id: format.id,
            });
            return { ...checked, key: keyOf(checked), label: badgeLabel(checked) };
        } catch (e) {
            const reason = e instanceof HttpError && e.fields ? Object.values(e.fields).join('; ') : (e as Error).message;
            warn(acsId, profileId, `Badge ${text} of cardholder ${acsId} is skipped: ${reason}.`);
            return null;
        }
    };

    interface Present {
        holder: AcsCardholder;
        acs_id: string;
        profile?: LinkedProfile;
        badges: WantedBadge[];
        groups: string[];
    }
    const present = new Map<string, Present>();
    for (const holder of cardholders) {
        const acsId = String(holder.acs_id ?? '').trim();
        // PostgreSQL text holds no NUL: one such ID would fail the whole run.
        if (!acsId || acsId.length > 100 || acsId.includes('\u0000')) {
            const why = !acsId ? 'empty' : acsId.length > 100 ? 'longer than 100 characters' : 'not text';
            warn(noNul(acsId) || null, null, `A cardholder is skipped: its ACS ID is ${why}.`);
            continue;
        }
        if (present.has(acsId)) {
            warn(acsId, null, `Cardholder ${acsId} is listed twice by the ACS: the first one is applied.`);
            continue;
        }
        const profile = linked.get(acsId);
        const wanted = new Map<string, WantedBadge>();
        for (const b of holder.badges ?? []) {
            const checked = checkBadge(acsId, b, profile?.id ?? null);
            if (checked && !wanted.has(checked.key)) wanted.set(checked.key, checked);
        }
        const groups = new Map<string, string>();
        for (const name of holder.access_groups ?? []) {
            const trimmed = String(name ?? '').trim();
            if (!trimmed || trimmed.includes('\u0000')) continue;
            if (trimmed.length > 255)
                warn(acsId, profile?.id ?? null, `Access group "${trimmed.slice(0, 40)}…" is skipped: longer than 255 characters.`);
            else if (!groups.has(trimmed.toLowerCase())) groups.set(trimmed.toLowerCase(), trimmed);
        }
        present.set(acsId, { holder, acs_id: acsId, profile, badges: [...wanted.values()], groups: [...groups.values()] });
    }

    // ---- badges: who keeps, who loses, who gets ----
    const keeps = new Set<string>(); // keys a linked profile holds and its cardholder still lists
    for (const c of present.values()) {
        if (!c.profile) continue;
        const own = new Set((badgesOf.get(c.profile.id) ?? []).map(keyOf));
        for (const b of c.badges) if (own.has(b.key)) keeps.add(b.key);
    }
    const removed: StoredBadge[] = [];
    for (const p of linked.values()) for (const b of badgesOf.get(p.id) ?? []) if (!keeps.has(keyOf(b))) removed.push(b);
    const freed = new Set(removed.map(keyOf));
    const claimed = new Map<string, string>(); // key → acs_id of the cardholder that gets it in this run
    const finalBadges = new Map<string, { kept: WantedBadge[]; added: WantedBadge[] }>();
    for (const c of present.values()) {
        const own = new Set(c.profile ? (badgesOf.get(c.profile.id) ?? []).map(keyOf) : []);
        const mine = { kept: [] as WantedBadge[], added: [] as WantedBadge[] };
        for (const b of c.badges) {
            if (own.has(b.key)) {
                mine.kept.push(b);
                continue;
            }
            const holder = holderOf.get(b.key);
            const other = claimed.get(b.key);
            const profileId = c.profile?.id ?? null;
            if (holder && !freed.has(b.key)) {
                const owner = linkedById.get(holder.profile_id);
                warn(
                    c.acs_id,
                    profileId,
                    `Badge ${b.label} of cardholder ${c.acs_id} is skipped: it already belongs to profile ${holder.profile_id}${owner ? ` (ACS ID ${owner.acs_id})` : ''}.`,
                    { badge: b.label, holder_profile_id: holder.profile_id, holder_acs_id: owner?.acs_id ?? null },
                );
            } else if (other) {
                warn(c.acs_id, profileId, `Badge ${b.label} of cardholder ${c.acs_id} is skipped: cardholder ${other} has it too.`, {
                    badge: b.label,
                    holder_acs_id: other,
                });
            } else if (optedOut.has(b.key)) {
                warn(c.acs_id, profileId, `Badge ${b.label} of cardholder ${c.acs_id} is skipped: ${CARD_MESSAGES.optedOut}`);
            } else {
                claimed.set(b.key, c.acs_id);
                mine.added.push(b);
            }
        }
        finalBadges.set(c.acs_id, mine);
    }

    // ---- profiles: the decisions, in memory ----
    const newProfiles: Present[] = [];
    const suspend: number[] = [];
    const reactivate: number[] = [];
    const enable: number[] = [];
    const disable: number[] = [];
    const joins: { profile_id: number; group: string }[] = [];
    const leaves: { profile_id: number; access_group_id: number }[] = [];
    const touched = new Set<number>();
    const neededGroups = new Map<string, string>();
    const removedBy = new Map<number, StoredBadge[]>();
    for (const b of removed) removedBy.set(b.profile_id, [...(removedBy.get(b.profile_id) ?? []), b]);

    const noteBadgesRemoved = (p: LinkedProfile) => {
        for (const b of removedBy.get(p.id) ?? []) {
            counts.badges_removed++;
            touched.add(p.id);
            changes.push({
                action: 'badge_removed',
                acs_id: p.acs_id,
                profile_id: p.id,
                level: 'info',
                message: `Badge ${badgeLabel(b)} removed from profile ${p.id} (ACS ID ${p.acs_id}).`,
            });
        }
    };

    const suspendProfile = (p: LinkedProfile, why: string) => {
        suspend.push(p.id);
        counts.suspended++;
        touched.add(p.id);
        changes.push({
            action: 'suspended',
            acs_id: p.acs_id,
            profile_id: p.id,
            level: 'info',
            message: `Profile ${p.id} (ACS ID ${p.acs_id}) suspended: ${why}. It is deleted after ${options.graceDays} days unless the cardholder is back with a badge.`,
        });
    };

    const badgeless: string[] = [];
    for (const c of present.values()) {
        const mine = finalBadges.get(c.acs_id)!;
        const badgeCount = mine.kept.length + mine.added.length;
        if (!c.profile) {
            if (!badgeCount) {
                badgeless.push(c.acs_id);
                continue;
            }
            newProfiles.push(c);
            for (const g of c.groups) neededGroups.set(g.toLowerCase(), neededGroups.get(g.toLowerCase()) ?? g);
            continue;
        }
        const p = c.profile;
        noteBadgesRemoved(p);
        for (const b of mine.added) {
            counts.badges_added++;
            touched.add(p.id);
            changes.push({
                action: 'badge_added',
                acs_id: p.acs_id,
                profile_id: p.id,
                level: 'info',
                message: `Badge ${b.label} added to profile ${p.id} (ACS ID ${p.acs_id}).`,
            });
        }
        if (p.suspended && badgeCount) {
            reactivate.push(p.id);
            counts.reactivated++;
            touched.add(p.id);
            changes.push({
                action: 'reactivated',
                acs_id: p.acs_id,
                profile_id: p.id,
                level: 'info',
                message: `Profile ${p.id} (ACS ID ${p.acs_id}) reactivated: the cardholder has a badge again.`,
            });
        } else if (!p.suspended && !badgeCount) suspendProfile(p, 'the cardholder has no badge left');

        const details: Record<string, unknown> = {};
        if (p.enabled !== (c.holder.enabled !== false)) {
            (c.holder.enabled !== false ? enable : disable).push(p.id);
            details.enabled = { from: p.enabled, to: c.holder.enabled !== false };
        }
        const current = groupsOf.get(p.id) ?? new Set<number>();
        const wantedIds = new Set<number>();
        const joined: string[] = [];
        for (const g of c.groups) {
            const existing = groupByName.get(g.toLowerCase());
            if (existing) wantedIds.add(existing.id);
            if (!existing || !current.has(existing.id)) {
                joins.push({ profile_id: p.id, group: g });
                joined.push(existing?.description ?? g);
                neededGroups.set(g.toLowerCase(), neededGroups.get(g.toLowerCase()) ?? g);
            }
        }
        const left = [...current].filter(id => !wantedIds.has(id));
        for (const id of left) leaves.push({ profile_id: p.id, access_group_id: id });
        if (joined.length) details.groups_added = joined;
        if (left.length) details.groups_removed = left.map(id => groupName.get(id) ?? id);
        if (Object.keys(details).length) {
            counts.changed++;
            touched.add(p.id);
            changes.push({
                action: 'changed',
                acs_id: p.acs_id,
                profile_id: p.id,
                level: 'info',
                message: `Profile ${p.id} (ACS ID ${p.acs_id}) changed: ${describe(details)}.`,
                details,
            });
        }
        if (!touched.has(p.id)) counts.unchanged++;
    }
    // Cardholders the ACS no longer lists: suspended (their badges go, their groups stay for a return).
    for (const p of linked.values()) {
        if (present.has(p.acs_id)) continue;
        noteBadgesRemoved(p);
        if (!p.suspended) suspendProfile(p, 'the cardholder is no longer in the ACS');
        if (!touched.has(p.id)) counts.unchanged++;
    }

    // One line, not one per cardholder: an ACS may hold many people without a card, run after run.
    if (badgeless.length)
        changes.push({
            action: 'skipped',
            acs_id: null,
            profile_id: null,
            level: 'info',
            message: `${badgeless.length} new cardholder${badgeless.length > 1 ? 's have' : ' has'} no badge: no profile is made until one is added.`,
            details: { acs_ids: badgeless.slice(0, 100) },
        });

    // ---- writes, a batch per statement ----
    for (const [lower, name] of neededGroups) {
        if (groupByName.has(lower)) continue;
        // SPEC 4.8: an account has one default group; the first group it gets is it, as in the console.
        const [row] = await tx
            .insert(accessGroups)
            .values({ account_id: accountId, description: name, default_group: !hasDefault })
            .returning({ id: accessGroups.id });
        hasDefault = true;
        groupByName.set(lower, { id: row!.id, description: name });
        counts.groups_created++;
        wrote = true;
        changes.push({
            action: 'group_created',
            acs_id: null,
            profile_id: null,
            level: 'info',
            message: `Access group "${name}" created.`,
        });
    }
    const groupId = (name: string) => groupByName.get(name.toLowerCase())!.id;

    for (const part of chunks(removed)) {
        await tx.execute(sql`delete from badges where id = any(${intArray(part.map(b => b.id))})`);
        wrote = true;
    }
    const newIds = new Map<string, number>();
    for (const part of chunks(newProfiles)) {
        const made = await q<{ id: number; acs_id: string }>(
            sql`insert into profiles (account_id, acs_id, status, enabled)
                select ${accountId}, t.acs_id, 'active', t.enabled
                from unnest(${textArray(part.map(c => c.acs_id))}, ${boolArray(part.map(c => c.holder.enabled !== false))}) as t(acs_id, enabled)
                returning id, acs_id`,
        );
        for (const m of made) newIds.set(m.acs_id, Number(m.id));
        wrote = true;
    }
    for (const c of newProfiles) {
        const id = newIds.get(c.acs_id)!;
        const mine = finalBadges.get(c.acs_id)!;
        for (const g of c.groups) joins.push({ profile_id: id, group: g });
        counts.added++;
        counts.badges_added += mine.added.length;
        changes.push({
            action: 'added',
            acs_id: c.acs_id,
            profile_id: id,
            level: 'info',
            message: `Profile ${id} added for cardholder ${c.acs_id}${c.holder.enabled === false ? ' (disabled)' : ''}.`,
            details: { badges: mine.added.map(b => b.label), access_groups: c.groups },
        });
    }
    const newBadges = [...present.values()].flatMap(c => {
        const id = c.profile?.id ?? newIds.get(c.acs_id);
        return id === undefined ? [] : finalBadges.get(c.acs_id)!.added.map(b => ({ b, id }));
    });
    for (const part of chunks(newBadges)) {
        await tx.execute(
            sql`insert into badges (profile_id, account_id, card_format_id, badge_number, facility_code, card_length)
                select t.profile_id, ${accountId}, t.format_id, t.number, nullif(t.facility, -1), t.bits
                from unnest(${intArray(part.map(n => n.id))}, ${intArray(part.map(n => n.b.card_format_id))},
                    ${bigintArray(part.map(n => n.b.badge_number))}, ${bigintArray(part.map(n => n.b.facility_code ?? -1))},
                    ${intArray(part.map(n => n.b.card_length))}) as t(profile_id, format_id, number, facility, bits)`,
        );
        wrote = true;
    }
    const setProfiles = async (ids: number[], values: Partial<typeof profiles.$inferInsert>) => {
        for (const part of chunks(ids)) {
            await tx
                .update(profiles)
                .set({ ...values, updated_at: sql`now()` })
                .where(sql`${profiles.id} = any(${intArray(part)})`);
            wrote = true;
        }
    };
    // Suspension: status inactive keeps readers from letting the profile through while `enabled` stays the ACS's own flag.
    await setProfiles(suspend, { status: 'inactive', acs_suspended_at: options.now });
    await setProfiles(reactivate, { status: 'active', acs_suspended_at: null });
    await setProfiles(enable, { enabled: true });
    await setProfiles(disable, { enabled: false });
    const statusSet = new Set([...suspend, ...reactivate]);
    const plainlyTouched = [...touched].filter(id => !statusSet.has(id));
    await setProfiles(plainlyTouched, {});

    for (const part of chunks(leaves)) {
        await tx.execute(
            sql`delete from profile_access_groups pag
                using unnest(${intArray(part.map(l => l.profile_id))}, ${intArray(part.map(l => l.access_group_id))}) as gone(profile_id, group_id)
                where pag.profile_id = gone.profile_id and pag.access_group_id = gone.group_id`,
        );
        wrote = true;
    }
    for (const part of chunks(joins)) {
        await tx.execute(
            sql`insert into profile_access_groups (profile_id, access_group_id)
                select * from unnest(${intArray(part.map(j => j.profile_id))}, ${intArray(part.map(j => groupId(j.group)))})
                on conflict do nothing`,
        );
        wrote = true;
    }
    if (wrote) await bumpAccessVersion(tx, accountId);
    return { result: { counts, changes }, files };
};

const describe = (details: Record<string, unknown>) =>
    Object.entries(details)
        .map(([field, value]) =>
            field === 'enabled'
                ? (value as { to: boolean }).to
                    ? 'enabled'
                    : 'disabled'
                : `${field === 'groups_added' ? 'into' : 'out of'} ${(value as string[]).join(', ')}`,
        )
        .join('; ');
