import { sql } from 'drizzle-orm';
import { PREDEFINED_CARD_FORMATS } from '../../../contract/card-formats';
import { CARD_MESSAGES } from '../../../contract/cards';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accessGroups, profiles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { cardFormatsOfAccount, type CardFormatRow } from '../card-formats';
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
 * Applies the ACS's cardholders to the account's profiles (docs/decisions.md "ACS synchronisation"):
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
    const formats = await cardFormatsOfAccount(tx, accountId);
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

/** One run of applyIn: what it tells (counts, changes) and whether it wrote anything (then readers' access version goes up). */
interface SyncRun {
    tx: Tx;
    accountId: number;
    options: AcsSyncOptions;
    counts: AcsSyncCounts;
    changes: AcsChange[];
    wrote: boolean;
    q: <T>(query: ReturnType<typeof sql>) => Promise<T[]>;
    /** a line of the log for what is skipped */
    warn: (acs_id: string | null, profile_id: number | null, message: string, details?: object) => void;
}

const applyIn = async (
    tx: Tx,
    accountId: number,
    cardholders: AcsCardholder[],
    options: AcsSyncOptions,
): Promise<{ result: AcsSyncResult; files: string[] }> => {
    const changes: AcsChange[] = [];
    const run: SyncRun = {
        tx,
        accountId,
        options,
        counts: noCounts(),
        changes,
        wrote: false,
        q: query => rows(tx as unknown as Db, query),
        warn: (acs_id, profile_id, message, details) =>
            changes.push({
                action: 'skipped',
                acs_id,
                profile_id,
                level: 'warning',
                message: noNul(message),
                ...(details ? { details } : {}),
            }),
    };

    await lockAccount(tx, accountId);
    // Past the grace first: a cardholder back after it gets a new profile.
    const files = await expireIn(tx, accountId, options.now, options.graceDays, run.counts, run.changes);
    run.wrote = run.counts.deleted > 0;

    const stored = await readStored(run);
    const present = readCardholders(run, stored, cardholders);
    const badges = assignBadges(run, stored, present);
    const plan = decide(run, stored, present, badges);

    await createGroups(run, stored, plan.neededGroups);
    await deleteBadges(run, badges.removed);
    const newIds = await insertProfiles(run, plan, badges.finalBadges);
    await insertBadges(run, present, badges.finalBadges, newIds);
    await updateProfiles(run, plan);
    await writeMemberships(run, stored, plan);
    if (run.wrote) await bumpAccessVersion(tx, accountId);
    return { result: { counts: run.counts, changes: run.changes }, files };
};

// ---- what is stored: a few reads for the whole account ----

type CardFormats = Awaited<ReturnType<typeof cardFormatsOf>>;
interface Stored {
    formats: CardFormats;
    /** a badge as the log names it: its format, facility code and number */
    labelOf: (b: BadgeKey) => string;
    groupByName: Map<string, { id: number; description: string }>;
    groupName: Map<number, string>;
    hasDefault: boolean;
    /** profiles linked to a cardholder, by ACS ID and by id */
    linked: Map<string, LinkedProfile>;
    linkedById: Map<number, LinkedProfile>;
    /** every badge of the account by its key, and the linked profiles' badges */
    holderOf: Map<string, StoredBadge>;
    badgesOf: Map<number, StoredBadge[]>;
    /** the access groups of the linked profiles */
    groupsOf: Map<number, Set<number>>;
    optedOut: Set<string>;
}

const readStored = async (run: SyncRun): Promise<Stored> => {
    const formats = await cardFormatsOf(run.tx, run.accountId, run.options.defaultCardFormat, run.changes);
    const formatName = new Map([...formats.byName.values()].map(f => [f.id, f.name]));
    const groupRows = await run.q<{ id: number; description: string; default_group: boolean }>(
        sql`select id, description, default_group from access_groups where account_id = ${run.accountId} order by id`,
    );
    const linked = await readLinked(run);
    const linkedIds = new Set([...linked.values()].map(p => p.id));
    const { holderOf, badgesOf } = await readBadges(run, linkedIds);
    return {
        formats,
        labelOf: b =>
            `${formatName.get(b.card_format_id) ?? 'card format ' + b.card_format_id} ${b.facility_code === null ? '' : b.facility_code + ':'}${b.badge_number}`,
        groupByName: new Map(groupRows.map(g => [g.description.trim().toLowerCase(), { id: Number(g.id), description: g.description }])),
        groupName: new Map(groupRows.map(g => [Number(g.id), g.description])),
        hasDefault: groupRows.some(g => g.default_group),
        linked,
        linkedById: new Map([...linked.values()].map(p => [p.id, p])),
        holderOf,
        badgesOf,
        groupsOf: await readGroupsOf(run, linkedIds),
        optedOut: new Set(
            (
                await run.q<BadgeKey>(
                    sql`select card_format_id, facility_code, badge_number from card_lists where account_id = ${run.accountId} and list = 'opt_out'`,
                )
            ).map(keyOf),
        ),
    };
};

/** The account's profiles linked to a cardholder, by ACS ID. */
const readLinked = async (run: SyncRun) => {
    const linkedRows = await run.q<{ id: number; acs_id: string; enabled: boolean; acs_suspended_at: string | Date | null }>(
        sql`select id, acs_id, enabled, acs_suspended_at from profiles
            where account_id = ${run.accountId} and acs_id is not null and not visitor order by id`,
    );
    const linked = new Map<string, LinkedProfile>();
    for (const r of linkedRows) {
        const p = { id: Number(r.id), acs_id: r.acs_id, enabled: r.enabled, suspended: r.acs_suspended_at !== null };
        // Two profiles with one ACS ID (typed in the console): the older is the cardholder's, the other is left alone.
        if (linked.has(p.acs_id))
            run.warn(
                p.acs_id,
                p.id,
                `Profile ${p.id} is left as it is: profile ${linked.get(p.acs_id)!.id} already has ACS ID ${p.acs_id}.`,
            );
        else linked.set(p.acs_id, p);
    }
    return linked;
};

/** Every badge of the account by its key, and the badges of each linked profile. */
const readBadges = async (run: SyncRun, linkedIds: Set<number>) => {
    const stored = (
        await run.q<StoredBadge>(
            sql`select id, profile_id, card_format_id, facility_code, badge_number from badges where account_id = ${run.accountId}`,
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
    return { holderOf, badgesOf };
};

/** The access groups of each linked profile. */
const readGroupsOf = async (run: SyncRun, linkedIds: Set<number>) => {
    const groupsOf = new Map<number, Set<number>>();
    for (const m of await run.q<{ profile_id: number; access_group_id: number }>(
        sql`select pag.profile_id, pag.access_group_id from profile_access_groups pag join profiles p on p.id = pag.profile_id
            where p.account_id = ${run.accountId} and p.acs_id is not null and not p.visitor`,
    )) {
        const id = Number(m.profile_id);
        if (linkedIds.has(id)) groupsOf.set(id, (groupsOf.get(id) ?? new Set()).add(Number(m.access_group_id)));
    }
    return groupsOf;
};

// ---- what the ACS says, checked ----

interface Present {
    holder: AcsCardholder;
    acs_id: string;
    profile?: LinkedProfile;
    badges: WantedBadge[];
    groups: string[];
}

/** A badge of a cardholder as the platform stores it, or null (and a warning) when it cannot be one. */
const checkBadge = (run: SyncRun, stored: Stored, acsId: string, b: AcsBadge, profileId: number | null): WantedBadge | null => {
    const { formats, labelOf } = stored;
    const text = noNul(String(b.badge_number ?? '')).trim();
    const number = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(number)) {
        run.warn(acsId, profileId, `Badge "${text}" of cardholder ${acsId} is skipped: a badge number is a whole number.`);
        return null;
    }
    const named = b.card_format ? noNul(String(b.card_format)).trim() : undefined;
    let format = named ? formats.byName.get(named.toLowerCase()) : formats.fallback;
    if (!format) {
        format = formats.fallback;
        run.warn(acsId, profileId, `Card format "${named}" of badge ${text} of cardholder ${acsId} is unknown: ${format.name} is used.`, {
            card_format: named,
            used: format.name,
        });
    }
    try {
        const checked = checkBadgeWith(format, run.accountId, {
            badge_number: number,
            facility_code: b.facility_code ?? null,
            card_format_id: format.id,
        });
        return { ...checked, key: keyOf(checked), label: labelOf(checked) };
    } catch (e) {
        const reason = e instanceof HttpError && e.fields ? Object.values(e.fields).join('; ') : (e as Error).message;
        run.warn(acsId, profileId, `Badge ${text} of cardholder ${acsId} is skipped: ${reason}.`);
        return null;
    }
};

/** The cardholders the ACS lists, by ACS ID, with their badges and access groups checked. */
const readCardholders = (run: SyncRun, stored: Stored, cardholders: AcsCardholder[]) => {
    const present = new Map<string, Present>();
    for (const holder of cardholders) {
        const acsId = String(holder.acs_id ?? '').trim();
        // PostgreSQL text holds no NUL: one such ID would fail the whole run.
        if (!acsId || acsId.length > 100 || acsId.includes('\u0000')) {
            const why = !acsId ? 'empty' : acsId.length > 100 ? 'longer than 100 characters' : 'not text';
            run.warn(noNul(acsId) || null, null, `A cardholder is skipped: its ACS ID is ${why}.`);
            continue;
        }
        if (present.has(acsId)) {
            run.warn(acsId, null, `Cardholder ${acsId} is listed twice by the ACS: the first one is applied.`);
            continue;
        }
        const profile = stored.linked.get(acsId);
        const wanted = new Map<string, WantedBadge>();
        for (const b of holder.badges ?? []) {
            const checked = checkBadge(run, stored, acsId, b, profile?.id ?? null);
            if (checked && !wanted.has(checked.key)) wanted.set(checked.key, checked);
        }
        const groups = new Map<string, string>();
        for (const name of holder.access_groups ?? []) {
            const trimmed = String(name ?? '').trim();
            if (!trimmed || trimmed.includes('\u0000')) continue;
            if (trimmed.length > 255)
                run.warn(acsId, profile?.id ?? null, `Access group "${trimmed.slice(0, 40)}…" is skipped: longer than 255 characters.`);
            else if (!groups.has(trimmed.toLowerCase())) groups.set(trimmed.toLowerCase(), trimmed);
        }
        present.set(acsId, { holder, acs_id: acsId, profile, badges: [...wanted.values()], groups: [...groups.values()] });
    }
    return present;
};

// ---- badges: who keeps, who loses, who gets ----

interface BadgeOutcome {
    /** the linked profiles' badges their cardholder no longer lists */
    removed: StoredBadge[];
    /** each cardholder's badges, by ACS ID: those its profile keeps and those it gets */
    finalBadges: Map<string, { kept: WantedBadge[]; added: WantedBadge[] }>;
}

const assignBadges = (run: SyncRun, stored: Stored, present: Map<string, Present>): BadgeOutcome => {
    const { badgesOf, holderOf, linked, linkedById, optedOut } = stored;
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
                run.warn(
                    c.acs_id,
                    profileId,
                    `Badge ${b.label} of cardholder ${c.acs_id} is skipped: it already belongs to profile ${holder.profile_id}${owner ? ` (ACS ID ${owner.acs_id})` : ''}.`,
                    { badge: b.label, holder_profile_id: holder.profile_id, holder_acs_id: owner?.acs_id ?? null },
                );
            } else if (other) {
                run.warn(c.acs_id, profileId, `Badge ${b.label} of cardholder ${c.acs_id} is skipped: cardholder ${other} has it too.`, {
                    badge: b.label,
                    holder_acs_id: other,
                });
            } else if (optedOut.has(b.key)) {
                run.warn(c.acs_id, profileId, `Badge ${b.label} of cardholder ${c.acs_id} is skipped: ${CARD_MESSAGES.optedOut}`);
            } else {
                claimed.set(b.key, c.acs_id);
                mine.added.push(b);
            }
        }
        finalBadges.set(c.acs_id, mine);
    }
    return { removed, finalBadges };
};

// ---- profiles: the decisions, in memory ----

interface Plan {
    newProfiles: Present[];
    suspend: number[];
    reactivate: number[];
    enable: number[];
    disable: number[];
    joins: { profile_id: number; group: string }[];
    leaves: { profile_id: number; access_group_id: number }[];
    /** profiles whose updated_at moves */
    touched: Set<number>;
    /** access groups named by the cardholders, by lower-case name */
    neededGroups: Map<string, string>;
    /** ACS IDs of new cardholders without a badge */
    badgeless: string[];
    /** the badges each linked profile loses */
    removedBy: Map<number, StoredBadge[]>;
}

const decide = (run: SyncRun, stored: Stored, present: Map<string, Present>, badges: BadgeOutcome): Plan => {
    const plan: Plan = {
        newProfiles: [],
        suspend: [],
        reactivate: [],
        enable: [],
        disable: [],
        joins: [],
        leaves: [],
        touched: new Set<number>(),
        neededGroups: new Map<string, string>(),
        badgeless: [],
        removedBy: new Map<number, StoredBadge[]>(),
    };
    for (const b of badges.removed) plan.removedBy.set(b.profile_id, [...(plan.removedBy.get(b.profile_id) ?? []), b]);

    for (const c of present.values()) {
        const mine = badges.finalBadges.get(c.acs_id)!;
        const badgeCount = mine.kept.length + mine.added.length;
        if (!c.profile) {
            if (!badgeCount) {
                plan.badgeless.push(c.acs_id);
                continue;
            }
            plan.newProfiles.push(c);
            for (const g of c.groups) plan.neededGroups.set(g.toLowerCase(), plan.neededGroups.get(g.toLowerCase()) ?? g);
            continue;
        }
        decideLinked(run, stored, plan, c, c.profile, mine.added, badgeCount);
    }
    // Cardholders the ACS no longer lists: suspended (their badges go, their groups stay for a return).
    for (const p of stored.linked.values()) {
        if (present.has(p.acs_id)) continue;
        noteBadgesRemoved(run, stored, plan, p);
        if (!p.suspended) suspendProfile(run, plan, p, 'the cardholder is no longer in the ACS');
        if (!plan.touched.has(p.id)) run.counts.unchanged++;
    }

    // One line, not one per cardholder: an ACS may hold many people without a card, run after run.
    const { badgeless } = plan;
    if (badgeless.length)
        run.changes.push({
            action: 'skipped',
            acs_id: null,
            profile_id: null,
            level: 'info',
            message: `${badgeless.length} new cardholder${badgeless.length > 1 ? 's have' : ' has'} no badge: no profile is made until one is added.`,
            details: { acs_ids: badgeless.slice(0, 100) },
        });
    return plan;
};

/** A linked profile whose cardholder the ACS still lists: its badges, its suspension, its enabled flag and groups. */
const decideLinked = (run: SyncRun, stored: Stored, plan: Plan, c: Present, p: LinkedProfile, added: WantedBadge[], badgeCount: number) => {
    const { counts, changes } = run;
    noteBadgesRemoved(run, stored, plan, p);
    for (const b of added) {
        counts.badges_added++;
        plan.touched.add(p.id);
        changes.push({
            action: 'badge_added',
            acs_id: p.acs_id,
            profile_id: p.id,
            level: 'info',
            message: `Badge ${b.label} added to profile ${p.id} (ACS ID ${p.acs_id}).`,
        });
    }
    if (p.suspended && badgeCount) {
        plan.reactivate.push(p.id);
        counts.reactivated++;
        plan.touched.add(p.id);
        changes.push({
            action: 'reactivated',
            acs_id: p.acs_id,
            profile_id: p.id,
            level: 'info',
            message: `Profile ${p.id} (ACS ID ${p.acs_id}) reactivated: the cardholder has a badge again.`,
        });
    } else if (!p.suspended && !badgeCount) suspendProfile(run, plan, p, 'the cardholder has no badge left');

    const details = profileChanges(stored, plan, c, p);
    if (Object.keys(details).length) {
        counts.changed++;
        plan.touched.add(p.id);
        changes.push({
            action: 'changed',
            acs_id: p.acs_id,
            profile_id: p.id,
            level: 'info',
            message: `Profile ${p.id} (ACS ID ${p.acs_id}) changed: ${describe(details)}.`,
            details,
        });
    }
    if (!plan.touched.has(p.id)) counts.unchanged++;
};

/** The enabled flag and the access groups a linked profile takes from its cardholder, planned, and what changes. */
const profileChanges = (stored: Stored, plan: Plan, c: Present, p: LinkedProfile) => {
    const details: Record<string, unknown> = {};
    if (p.enabled !== (c.holder.enabled !== false)) {
        (c.holder.enabled !== false ? plan.enable : plan.disable).push(p.id);
        details.enabled = { from: p.enabled, to: c.holder.enabled !== false };
    }
    const current = stored.groupsOf.get(p.id) ?? new Set<number>();
    const wantedIds = new Set<number>();
    const joined: string[] = [];
    for (const g of c.groups) {
        const existing = stored.groupByName.get(g.toLowerCase());
        if (existing) wantedIds.add(existing.id);
        if (!existing || !current.has(existing.id)) {
            plan.joins.push({ profile_id: p.id, group: g });
            joined.push(existing?.description ?? g);
            plan.neededGroups.set(g.toLowerCase(), plan.neededGroups.get(g.toLowerCase()) ?? g);
        }
    }
    const left = [...current].filter(id => !wantedIds.has(id));
    for (const id of left) plan.leaves.push({ profile_id: p.id, access_group_id: id });
    if (joined.length) details.groups_added = joined;
    if (left.length) details.groups_removed = left.map(id => stored.groupName.get(id) ?? id);
    return details;
};

const noteBadgesRemoved = (run: SyncRun, stored: Stored, plan: Plan, p: LinkedProfile) => {
    for (const b of plan.removedBy.get(p.id) ?? []) {
        run.counts.badges_removed++;
        plan.touched.add(p.id);
        run.changes.push({
            action: 'badge_removed',
            acs_id: p.acs_id,
            profile_id: p.id,
            level: 'info',
            message: `Badge ${stored.labelOf(b)} removed from profile ${p.id} (ACS ID ${p.acs_id}).`,
        });
    }
};

const suspendProfile = (run: SyncRun, plan: Plan, p: LinkedProfile, why: string) => {
    plan.suspend.push(p.id);
    run.counts.suspended++;
    plan.touched.add(p.id);
    run.changes.push({
        action: 'suspended',
        acs_id: p.acs_id,
        profile_id: p.id,
        level: 'info',
        message: `Profile ${p.id} (ACS ID ${p.acs_id}) suspended: ${why}. It is deleted after ${run.options.graceDays} days unless the cardholder is back with a badge.`,
    });
};

// ---- writes, a batch per statement ----

/** The access groups the cardholders name that the account lacks. */
const createGroups = async (run: SyncRun, stored: Stored, neededGroups: Map<string, string>) => {
    let hasDefault = stored.hasDefault;
    for (const [lower, name] of neededGroups) {
        if (stored.groupByName.has(lower)) continue;
        // SPEC 4.8: an account has one default group; the first group it gets is it, as in the console.
        const [row] = await run.tx
            .insert(accessGroups)
            .values({ account_id: run.accountId, description: name, default_group: !hasDefault })
            .returning({ id: accessGroups.id });
        hasDefault = true;
        stored.groupByName.set(lower, { id: row!.id, description: name });
        run.counts.groups_created++;
        run.wrote = true;
        run.changes.push({
            action: 'group_created',
            acs_id: null,
            profile_id: null,
            level: 'info',
            message: `Access group "${name}" created.`,
        });
    }
};

const deleteBadges = async (run: SyncRun, removed: StoredBadge[]) => {
    for (const part of chunks(removed)) {
        await run.tx.execute(sql`delete from badges where id = any(${intArray(part.map(b => b.id))})`);
        run.wrote = true;
    }
};

/** The profiles of new cardholders, and their groups to join; their ids by ACS ID. */
const insertProfiles = async (run: SyncRun, plan: Plan, finalBadges: BadgeOutcome['finalBadges']) => {
    const newIds = new Map<string, number>();
    for (const part of chunks(plan.newProfiles)) {
        const made = await run.q<{ id: number; acs_id: string }>(
            sql`insert into profiles (account_id, acs_id, status, enabled)
                select ${run.accountId}, t.acs_id, 'active', t.enabled
                from unnest(${textArray(part.map(c => c.acs_id))}, ${boolArray(part.map(c => c.holder.enabled !== false))}) as t(acs_id, enabled)
                returning id, acs_id`,
        );
        for (const m of made) newIds.set(m.acs_id, Number(m.id));
        run.wrote = true;
    }
    for (const c of plan.newProfiles) {
        const id = newIds.get(c.acs_id)!;
        const mine = finalBadges.get(c.acs_id)!;
        for (const g of c.groups) plan.joins.push({ profile_id: id, group: g });
        run.counts.added++;
        run.counts.badges_added += mine.added.length;
        run.changes.push({
            action: 'added',
            acs_id: c.acs_id,
            profile_id: id,
            level: 'info',
            message: `Profile ${id} added for cardholder ${c.acs_id}${c.holder.enabled === false ? ' (disabled)' : ''}.`,
            details: { badges: mine.added.map(b => b.label), access_groups: c.groups },
        });
    }
    return newIds;
};

/** The badges the cardholders get, on their linked or new profiles. */
const insertBadges = async (
    run: SyncRun,
    present: Map<string, Present>,
    finalBadges: BadgeOutcome['finalBadges'],
    newIds: Map<string, number>,
) => {
    const newBadges = [...present.values()].flatMap(c => {
        const id = c.profile?.id ?? newIds.get(c.acs_id);
        return id === undefined ? [] : finalBadges.get(c.acs_id)!.added.map(b => ({ b, id }));
    });
    for (const part of chunks(newBadges)) {
        await run.tx.execute(
            sql`insert into badges (profile_id, account_id, card_format_id, badge_number, facility_code, card_length)
                select t.profile_id, ${run.accountId}, t.format_id, t.number, nullif(t.facility, -1), t.bits
                from unnest(${intArray(part.map(n => n.id))}, ${intArray(part.map(n => n.b.card_format_id))},
                    ${bigintArray(part.map(n => n.b.badge_number))}, ${bigintArray(part.map(n => n.b.facility_code ?? -1))},
                    ${intArray(part.map(n => n.b.card_length))}) as t(profile_id, format_id, number, facility, bits)`,
        );
        run.wrote = true;
    }
};

/** Suspensions, reactivations, enabled flags, and updated_at of every profile touched. */
const updateProfiles = async (run: SyncRun, plan: Plan) => {
    const setProfiles = async (ids: number[], values: Partial<typeof profiles.$inferInsert>) => {
        for (const part of chunks(ids)) {
            await run.tx
                .update(profiles)
                .set({ ...values, updated_at: sql`now()` })
                .where(sql`${profiles.id} = any(${intArray(part)})`);
            run.wrote = true;
        }
    };
    // Suspension: status inactive keeps readers from letting the profile through while `enabled` stays the ACS's own flag.
    await setProfiles(plan.suspend, { status: 'inactive', acs_suspended_at: run.options.now });
    await setProfiles(plan.reactivate, { status: 'active', acs_suspended_at: null });
    await setProfiles(plan.enable, { enabled: true });
    await setProfiles(plan.disable, { enabled: false });
    const statusSet = new Set([...plan.suspend, ...plan.reactivate]);
    const plainlyTouched = [...plan.touched].filter(id => !statusSet.has(id));
    await setProfiles(plainlyTouched, {});
};

/** The access groups profiles leave, then those they join. */
const writeMemberships = async (run: SyncRun, stored: Stored, plan: Plan) => {
    for (const part of chunks(plan.leaves)) {
        await run.tx.execute(
            sql`delete from profile_access_groups pag
                using unnest(${intArray(part.map(l => l.profile_id))}, ${intArray(part.map(l => l.access_group_id))}) as gone(profile_id, group_id)
                where pag.profile_id = gone.profile_id and pag.access_group_id = gone.group_id`,
        );
        run.wrote = true;
    }
    const groupId = (name: string) => stored.groupByName.get(name.toLowerCase())!.id;
    for (const part of chunks(plan.joins)) {
        await run.tx.execute(
            sql`insert into profile_access_groups (profile_id, access_group_id)
                select * from unnest(${intArray(part.map(j => j.profile_id))}, ${intArray(part.map(j => groupId(j.group)))})
                on conflict do nothing`,
        );
        run.wrote = true;
    }
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
