import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '../../../contract/api';
import { EVENTS_EXACT_COUNT_LIMIT, type EventGroup } from '../../../contract/events';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { accounts, devices, events, profiles, type EventProfile } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { eventsWhere, type EventQuery, type EventScope, type LiveCandidate } from './filters';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type EventInsert = typeof events.$inferInsert;

/** Every column the API shows; never anything heavy (images are files). */
const columns = {
    id: events.id,
    account_id: events.account_id,
    event: events.event,
    event_group: events.event_group,
    timestamp: events.timestamp,
    device_id: events.device_id,
    device_description: events.device_description,
    device_mode: events.device_mode,
    tailgated: events.tailgated,
    profiles: events.profiles,
    identity: events.identity,
    sip_remote_station: events.sip_remote_station,
    image_key: events.image_key,
    image_reason: events.image_reason,
};
export interface EventRow {
    id: number;
    account_id: number;
    event: string;
    event_group: EventGroup | null;
    timestamp: Date;
    device_id: number | null;
    device_description: string | null;
    device_mode: string | null;
    tailgated: boolean;
    profiles: EventProfile[];
    identity: Record<string, unknown> | null;
    sip_remote_station: string | null;
    image_key: string | null;
    image_reason: 'retention' | 'full disk' | null;
}

/** Newest first unless +timestamp; the id breaks ties so pages never overlap. Other sorts would not be served by an index at scale. */
const ordering = (sort: string | undefined): SQL[] => {
    const wanted = parseSort(sort) ?? { field: 'timestamp', order: 'DESC' };
    if (wanted.field !== 'timestamp' && wanted.field !== 'id') throw badRequest(`Cannot sort by "${wanted.field}": events sort by timestamp`);
    const direction = wanted.order === 'DESC' ? desc : asc;
    return wanted.field === 'id' ? [direction(events.id)] : [direction(events.timestamp), direction(events.id)];
};

/** The number of matching events, counting no further than `limit`. */
export const countUpTo = async (db: Db, where: SQL | undefined, limit: number) => {
    const [found] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${events} where ${where ?? sql`true`} limit ${limit}) bounded`);
    return Number(found?.n ?? 0);
};

/**
 * The count of a list: exact up to EVENTS_EXACT_COUNT_LIMIT (counting stops
 * there), above it the planner's estimate, flagged, so a page of millions
 * of events never counts them all (DESIGN.md Lists at scale).
 */
export const countEvents = async (db: Db, where: SQL | undefined): Promise<{ count: number; count_is_estimate: boolean }> => {
    const condition = where ?? sql`true`;
    const n = await countUpTo(db, where, EVENTS_EXACT_COUNT_LIMIT + 1);
    if (n <= EVENTS_EXACT_COUNT_LIMIT) return { count: n, count_is_estimate: false };
    const [plan] = await rows<Record<string, unknown>>(db, sql`explain (format json) select 1 from ${events} where ${condition}`);
    const raw = plan ? Object.values(plan)[0] : undefined;
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    const estimate = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
    return { count: Math.max(estimate, EVENTS_EXACT_COUNT_LIMIT + 1), count_is_estimate: true };
};

export const listEvents = async (db: Db, scope: EventScope, query: EventQuery, params: { page: number; per_page: number; sort?: string }) => {
    const where = eventsWhere(scope, query);
    const page = db
        .select(columns)
        .from(events)
        .where(where)
        .orderBy(...ordering(params.sort))
        .limit(params.per_page)
        .offset((params.page - 1) * params.per_page);
    const [result, counted] = await Promise.all([page as unknown as Promise<EventRow[]>, countEvents(db, where)]);
    return { result, ...counted };
};

/** The newest matching events, without a count (the dashboard's latest incidents). */
export const latestEvents = async (db: Db, scope: EventScope, query: EventQuery, limit: number) =>
    (await db
        .select(columns)
        .from(events)
        .where(eventsWhere(scope, query))
        .orderBy(desc(events.timestamp), desc(events.id))
        .limit(limit)) as EventRow[];

export const findEvent = async (db: Db, id: number): Promise<(EventRow & { account_path: string }) | undefined> =>
    (await db.select({ ...columns, account_path: accounts.path }).from(events).innerJoin(accounts, eq(accounts.id, events.account_id)).where(eq(events.id, id)).limit(1))[0] as
        | (EventRow & { account_path: string })
        | undefined;

/** Which of the devices and profiles these events link to still exist ('Device deleted' / 'Profile deleted' otherwise). */
export const existingLinks = async (db: Db, found: Pick<EventRow, 'device_id' | 'profiles'>[]) => {
    const deviceIds = [...new Set(found.map(e => e.device_id).filter((d): d is number => d !== null))];
    const profileIds = [...new Set(found.flatMap(e => e.profiles.map(p => p.profile_id)).filter((p): p is number => typeof p === 'number'))];
    const [d, p] = await Promise.all([
        deviceIds.length ? db.select({ id: devices.id }).from(devices).where(inArray(devices.id, deviceIds)) : [],
        profileIds.length ? db.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, profileIds)) : [],
    ]);
    return { devices: new Set(d.map(r => r.id)), profiles: new Set(p.map(r => r.id)) };
};

// ---- ingestion ----

/** The reader as its events record it: its account, description and mode now. */
export const readerForEvents = async (db: Db, deviceId: number) =>
    (await db.select({ id: devices.id, account_id: devices.account_id, description: devices.description, device_mode: devices.device_mode }).from(devices).where(eq(devices.id, deviceId)).limit(1))[0];

/** The profiles of an account among these ids, with what an event copies of them. */
export const accountProfiles = async (db: Db, accountId: number, ids: number[]) => {
    if (!ids.length) return new Map<number, { status: string; enabled: boolean }>();
    const found = await db
        .select({ id: profiles.id, status: profiles.status, enabled: profiles.enabled })
        .from(profiles)
        .where(and(eq(profiles.account_id, accountId), inArray(profiles.id, ids)));
    return new Map(found.map(p => [p.id, { status: p.status, enabled: p.enabled }]));
};

/** One multi-row INSERT; rows a reader already sent (same device, device_event_id and timestamp) are skipped. */
export const insertEvents = (db: Db | Tx, values: EventInsert[]) =>
    db
        .insert(events)
        .values(values)
        .onConflictDoNothing({ target: [events.device_id, events.device_event_id, events.timestamp] })
        .returning({ id: events.id, device_event_id: events.device_event_id });

/** The ids stored earlier for events a reader sent again. */
export const storedDeviceEvents = async (db: Db | Tx, deviceId: number, deviceEventIds: string[]) =>
    deviceEventIds.length
        ? db
              .select({ id: events.id, device_event_id: events.device_event_id, timestamp: events.timestamp })
              .from(events)
              .where(and(eq(events.device_id, deviceId), inArray(events.device_event_id, deviceEventIds)))
        : [];

/**
 * Profiles' last activity, last event and last reader from authentication
 * events (SPEC 3 Profile). Rows are taken in id order so that two batches
 * touching the same profiles never deadlock; an older event never overwrites
 * a newer one.
 */
export const recordProfileActivity = async (db: Db | Tx, seen: { profile_id: number; timestamp: Date; event_id: number; device_id: number }[]) => {
    const newest = new Map<number, (typeof seen)[number]>();
    for (const s of seen) if (!newest.has(s.profile_id) || newest.get(s.profile_id)!.timestamp < s.timestamp) newest.set(s.profile_id, s);
    if (!newest.size) return;
    const values = [...newest.values()]
        .sort((a, b) => a.profile_id - b.profile_id)
        .map(s => sql`(${s.profile_id}::int, ${s.timestamp.toISOString()}::timestamptz, ${s.event_id}::bigint, ${s.device_id}::int)`);
    await db.execute(sql`update ${profiles} p set last_activity_at = v.ts, last_event_id = v.event_id, last_device_id = v.device_id
        from (values ${sql.join(values, sql`, `)}) as v(profile_id, ts, event_id, device_id)
        where p.id = v.profile_id and (p.last_activity_at is null or p.last_activity_at < v.ts)`);
};

// ---- live feed ----

/** New events by id with their account's path, for the live feed to route them. */
export const loadLiveEvents = async (db: Db, ids: number[]) =>
    ids.length
        ? ((await db
              .select({ ...columns, account_path: accounts.path, profile_ids: events.profile_ids, badge_numbers: events.badge_numbers })
              .from(events)
              .innerJoin(accounts, eq(accounts.id, events.account_id))
              .where(inArray(events.id, ids))
              .orderBy(asc(events.id))) as (EventRow & Omit<LiveCandidate, 'group'>)[])
        : [];

/** Events after an id, oldest first: a subscriber's catch-up. */
export const eventsAfter = async (db: Db, scope: EventScope, query: EventQuery, afterId: number, limit: number) =>
    (await db
        .select({ ...columns, account_path: accounts.path, profile_ids: events.profile_ids, badge_numbers: events.badge_numbers })
        .from(events)
        .innerJoin(accounts, eq(accounts.id, events.account_id))
        .where(eventsWhere(scope, { ...query, after_id: afterId }))
        .orderBy(asc(events.id))
        .limit(limit)) as (EventRow & Omit<LiveCandidate, 'group'>)[];

// ---- export and deletion ----

/**
 * Every matching event, newest first, in pages read by keyset (timestamp, id)
 * rather than offset, so a long export stays as fast at its end as at its start.
 */
export async function* exportEvents(db: Db, scope: EventScope, query: EventQuery, limit: number, batch = 500) {
    let after: { timestamp: Date; id: number } | undefined;
    let sent = 0;
    while (sent < limit) {
        const page = (await db
            .select(columns)
            .from(events)
            .where(
                and(
                    eventsWhere(scope, query),
                    after ? sql`(${events.timestamp}, ${events.id}) < (${after.timestamp.toISOString()}::timestamptz, ${after.id})` : undefined,
                ),
            )
            .orderBy(desc(events.timestamp), desc(events.id))
            .limit(Math.min(batch, limit - sent))) as EventRow[];
        if (!page.length) return;
        yield page;
        sent += page.length;
        const last = page[page.length - 1]!;
        after = { timestamp: last.timestamp, id: last.id };
        if (page.length < batch) return;
    }
}

/** Deletes these events of the scope; returns their image keys for the files to go too. */
export const deleteEvents = async (db: Db, scope: EventScope, ids: number[]) =>
    ids.length
        ? db
              .delete(events)
              .where(and(inArray(events.id, ids), eventsWhere(scope, {})))
              .returning({ id: events.id, image_key: events.image_key })
        : [];
