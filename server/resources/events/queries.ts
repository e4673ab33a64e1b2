import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { parseSort } from '../../../contract/api';
import { EVENT_GROUP_TYPES, EVENTS_EXACT_COUNT_LIMIT, type EventGroup } from '../../../contract/events';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { runAgainOnConflict } from '../../db/errors';
import { accounts, devices, events, profiles, type EventProfile } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { eventsWhere, type EventQuery, type EventScope, type LiveCandidate } from './filters';
import { numberArrayLiteral, textArray, textArrayLiteral } from '../../db/arrays';

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
    if (wanted.field !== 'timestamp' && wanted.field !== 'id')
        throw badRequest(`Cannot sort by "${wanted.field}": events sort by timestamp`);
    const direction = wanted.order === 'DESC' ? desc : asc;
    return wanted.field === 'id' ? [direction(events.id)] : [direction(events.timestamp), direction(events.id)];
};

/** The number of matching events, counting no further than `limit`. */
export const countUpTo = async (db: Db, where: SQL | undefined, limit: number) => {
    const [found] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from ${events} where ${where ?? sql`true`} limit ${limit}) bounded`,
    );
    return Number(found?.n ?? 0);
};

/** The planner's estimate of the matching rows: one planning, no reading. */
const plannedRows = async (db: Db, condition: SQL) => {
    const [plan] = await rows<Record<string, unknown>>(db, sql`explain (format json) select 1 from ${events} where ${condition}`);
    const raw = plan ? Object.values(plan)[0] : undefined;
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
};

/**
 * The count of a list: exact up to EVENTS_EXACT_COUNT_LIMIT (counting stops
 * there), above it the planner's estimate, flagged, so a page of millions
 * of events never counts them all (DESIGN.md Lists at scale). When the
 * planner already expects ten times the limit, the bounded count is skipped:
 * it could only say "more than the limit" too.
 */
export const countEvents = async (db: Db, where: SQL | undefined): Promise<{ count: number; count_is_estimate: boolean }> => {
    const condition = where ?? sql`true`;
    const estimate = await plannedRows(db, condition);
    if (estimate > EVENTS_EXACT_COUNT_LIMIT * 10) return { count: estimate, count_is_estimate: true };
    const n = await countUpTo(db, where, EVENTS_EXACT_COUNT_LIMIT + 1);
    if (n <= EVENTS_EXACT_COUNT_LIMIT) return { count: n, count_is_estimate: false };
    return { count: Math.max(estimate, EVENTS_EXACT_COUNT_LIMIT + 1), count_is_estimate: true };
};

export const listEvents = async (
    db: Db,
    scope: EventScope,
    query: EventQuery,
    params: { page: number; per_page: number; sort?: string },
) => {
    const where = eventsWhere(scope, query);
    const [result, counted] = await Promise.all([eventsPage(db, where, params), countEvents(db, where)]);
    return { result, ...counted };
};

/** A page of the list alone, read from the index in the list's order (bench/events.ts: the least a page can cost). */
export const eventsPage = (db: Db, where: SQL | undefined, params: { page: number; per_page: number; sort?: string }) =>
    db
        .select(columns)
        .from(events)
        .where(where)
        .orderBy(...ordering(params.sort))
        .limit(params.per_page)
        .offset((params.page - 1) * params.per_page) as unknown as Promise<EventRow[]>;

/** The newest matching events, without a count (the dashboard's latest incidents). */
export const latestEvents = async (db: Db, scope: EventScope, query: EventQuery, limit: number) =>
    (await db
        .select(columns)
        .from(events)
        .where(eventsWhere(scope, query))
        .orderBy(desc(events.timestamp), desc(events.id))
        .limit(limit)) as EventRow[];

export const findEvent = async (db: Db, id: number): Promise<(EventRow & { account_path: string }) | undefined> =>
    (
        await db
            .select({ ...columns, account_path: accounts.path })
            .from(events)
            .innerJoin(accounts, eq(accounts.id, events.account_id))
            .where(eq(events.id, id))
            .limit(1)
    )[0] as (EventRow & { account_path: string }) | undefined;

/** Which of the devices and profiles these events link to still exist ('Device deleted' / 'Profile deleted' otherwise). */
export const existingLinks = async (db: Db, found: Pick<EventRow, 'device_id' | 'profiles'>[]) => {
    const deviceIds = [...new Set(found.map(e => e.device_id).filter((d): d is number => d !== null))];
    const profileIds = [
        ...new Set(found.flatMap(e => e.profiles.map(p => p.profile_id)).filter((p): p is number => typeof p === 'number')),
    ];
    // profiles: each existing one's ACS ID, what people know it by (the event names it so)
    const existing = { devices: new Set<number>(), profiles: new Map<number, string | null>() };
    if (!deviceIds.length && !profileIds.length) return existing;
    // One round trip for both.
    const links = await rows<{ kind: 'device' | 'profile'; id: number; acs_id: string | null }>(
        db,
        sql`select 'device' as kind, id, null as acs_id from ${devices} where id = any(${numberArrayLiteral(deviceIds)}::integer[])
            union all select 'profile' as kind, id, acs_id from ${profiles} where id = any(${numberArrayLiteral(profileIds)}::integer[])`,
    );
    for (const link of links)
        if (link.kind === 'device') existing.devices.add(Number(link.id));
        else existing.profiles.set(Number(link.id), link.acs_id);
    return existing;
};

// ---- ingestion ----

/**
 * What storing a reader's batch needs, in one round trip: the reader as its
 * events record it (account, description, mode now) and which of the named
 * profiles are its account's, with what an event copies of them.
 */
export const ingestionContext = async (db: Db, deviceId: number, profileIds: number[]) => {
    const [found] = await rows<{
        id: number;
        account_id: number;
        description: string;
        device_mode: string | null;
        profiles: { id: number; status: string; enabled: boolean }[] | string;
    }>(
        db,
        sql`select d.id, d.account_id, d.description, d.device_mode,
                coalesce((select json_agg(json_build_object('id', p.id, 'status', p.status, 'enabled', p.enabled)) from ${profiles} p
                          where p.account_id = d.account_id and p.id = any(${`{${profileIds.join(',')}}`}::integer[])), '[]'::json) as profiles
            from ${devices} d where d.id = ${deviceId}`,
    );
    if (!found) return undefined;
    const own = (typeof found.profiles === 'string' ? JSON.parse(found.profiles) : found.profiles) as {
        id: number;
        status: string;
        enabled: boolean;
    }[];
    return {
        reader: {
            id: Number(found.id),
            account_id: Number(found.account_id),
            description: found.description,
            device_mode: found.device_mode,
        },
        profiles: new Map(own.map(p => [p.id, { status: p.status, enabled: p.enabled }])),
    };
};

const AUTHENTICATED_TYPES = sql.join(
    EVENT_GROUP_TYPES.authenticated.map(t => sql`${t}`),
    sql`, `,
);
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** A column of rows as one text array, for unnest(): each value as PostgreSQL reads it from text, null as NULL. */
const rowsColumn = (values: readonly EventInsert[], text: (r: EventInsert) => string | number | boolean | null | undefined) =>
    sql`${textArrayLiteral(
        values.map(r => {
            const value = text(r);
            return value === null || value === undefined ? null : String(value);
        }),
    )}::text[]`;

/**
 * `insert into events (…) select …`: the rows as one array a column,
 * unnested, not as a VALUES list of 15 parameters a row: 15 parameters for a
 * batch of 100 instead of 1,500 to build, send and parse (docs/performance.md
 * "Events as columns"). The benchmark's bare insert is this too.
 */
export const insertEventRows = (values: readonly EventInsert[]) => {
    const column = (text: (r: EventInsert) => string | number | boolean | null | undefined) => rowsColumn(values, text);
    return sql`insert into ${events} (account_id, event, timestamp, device_id, device_description, device_mode, tailgated, profiles, profile_ids, badge_numbers,
            identity, sip_remote_station, image_key, image_reason, device_event_id)
        select account_id::int, event, timestamp::timestamptz, device_id::int, device_description, device_mode, tailgated::bool, profiles::jsonb,
            profile_ids::integer[], badge_numbers::bigint[], identity::jsonb, sip_remote_station, image_key, image_reason, device_event_id
        from unnest(${column(r => r.account_id)}, ${column(r => r.event)}, ${column(r => (r.timestamp as Date).toISOString())},
            ${column(r => r.device_id)}, ${column(r => r.device_description)}, ${column(r => r.device_mode)}, ${column(r => r.tailgated ?? false)},
            ${column(r => json(r.profiles ?? []))}, ${column(r => numberArrayLiteral(r.profile_ids))}, ${column(r => numberArrayLiteral(r.badge_numbers))},
            ${column(r => json(r.identity))}, ${column(r => r.sip_remote_station)}, ${column(r => r.image_key)}, ${column(r => r.image_reason)},
            ${column(r => r.device_event_id)})
            as v(account_id, event, timestamp, device_id, device_description, device_mode, tailgated, profiles, profile_ids, badge_numbers, identity,
                sip_remote_station, image_key, image_reason, device_event_id)`;
};

/**
 * Stores rows in one statement (insertEventRows) that skips what a reader
 * already sent (same reader, device_event_id and timestamp), and, from the
 * authentication events among them, sets the profiles' last activity, last
 * event and last reader (SPEC 3 Profile); an older event never overwrites a
 * newer one. One statement is one transaction: all of it or nothing.
 */
export const storeEvents = async (db: Db, values: EventInsert[]): Promise<{ id: number; device_event_id: string | null }[]> => {
    if (!values.length) return [];
    const statement = sql`with inserted as (
            ${insertEventRows(values)}
            on conflict (device_id, device_event_id, timestamp) do nothing
            returning id, device_event_id, timestamp, device_id, profile_ids, event
        ), latest as (
            select distinct on (pid) pid, timestamp, id, device_id from inserted, unnest(profile_ids) pid
            where event in (${AUTHENTICATED_TYPES}) order by pid, timestamp desc, id desc
        ), locked as (
            -- in id order, whatever order the update's join takes them in: batches naming the same people wait, never deadlock
            select p.id from ${profiles} p where p.id in (select pid from latest) order by p.id for update of p
        ), activity as (
            update ${profiles} p set last_activity_at = v.timestamp, last_event_id = v.id, last_device_id = v.device_id
            from latest v, locked l
            where p.id = v.pid and l.id = p.id and (p.last_activity_at is null or p.last_activity_at < v.timestamp)
        )
        select id::text as id, device_event_id from inserted`;
    // The profiles are locked in order (tests/server/events/activity.pg.test.ts); a deadlock elsewhere rolls the statement back whole, and it is run again (up to three times).
    const stored = await runAgainOnConflict(() => rows<{ id: string; device_event_id: string | null }>(db, statement));
    return stored.map(r => ({ id: Number(r.id), device_event_id: r.device_event_id }));
};

/** The ids stored earlier for events a reader sent again (same device_event_id and timestamp). */
export const storedDeviceEvents = async (db: Db, deviceId: number, sent: { device_event_id: string; timestamp: string }[]) =>
    sent.length
        ? db
              .select({ id: events.id, device_event_id: events.device_event_id, timestamp: events.timestamp })
              .from(events)
              .where(
                  and(
                      eq(events.device_id, deviceId),
                      inArray(
                          events.device_event_id,
                          sent.map(s => s.device_event_id),
                      ),
                  ),
              )
        : [];

// ---- live feed ----

/** New events by id with their account's path, for the live feed to route them. */
/** The live feed's new rows: those notified, and every row after `after` up to `upTo` (one notified late or lost is not skipped). */
export const loadLiveEvents = async (db: Db, ids: number[], after: number, upTo: number) =>
    ids.length
        ? ((await db
              .select({ ...columns, account_path: accounts.path, profile_ids: events.profile_ids, badge_numbers: events.badge_numbers })
              .from(events)
              .innerJoin(accounts, eq(accounts.id, events.account_id))
              .where(sql`((${events.id} > ${after} and ${events.id} <= ${upTo}) or ${inArray(events.id, ids)})`)
              .orderBy(asc(events.id))) as (EventRow & Omit<LiveCandidate, 'group'>)[])
        : [];

/** Events after an id and up to another, oldest first: a subscriber's catch-up. */
export const eventsAfter = async (db: Db, scope: EventScope, query: EventQuery, afterId: number, upTo: number, limit: number) =>
    (await db
        .select({ ...columns, account_path: accounts.path, profile_ids: events.profile_ids, badge_numbers: events.badge_numbers })
        .from(events)
        .innerJoin(accounts, eq(accounts.id, events.account_id))
        .where(and(eventsWhere(scope, { ...query, after_id: afterId }), sql`${events.id} <= ${upTo}`))
        .orderBy(asc(events.id))
        .limit(limit)) as (EventRow & Omit<LiveCandidate, 'group'>)[];

/** The highest id of a committed event. */
export const lastEventId = async (db: Db) =>
    Number((await rows<{ id: string }>(db, sql`select coalesce(max(${events.id}), 0)::text as id from ${events}`))[0]!.id);

const eventWriters = (db: Db, among?: string[]) =>
    rows<{ vxid: string }>(
        db,
        sql`select distinct virtualtransaction as vxid from pg_locks
            where locktype = 'relation' and relation = 'events'::regclass and mode = 'RowExclusiveLock' and pid <> pg_backend_pid()
            ${
                among
                    ? sql`and virtualtransaction in (${sql.join(
                          among.map(v => sql`${v}`),
                          sql`, `,
                      )})`
                    : sql``
            }`,
    );

/**
 * Waits (at most maxMs) until the transactions writing to the events table
 * now have ended. Ids come from a sequence when a row is inserted, but
 * transactions commit in their own order: one holding id 100 may commit
 * after another's 101 was notified. A writer locks the table (ROW
 * EXCLUSIVE, until it ends) before it takes an id, so once those seen here
 * have ended, every id handed out before is committed or never will be.
 * True when they all ended in time.
 */
export const eventWritersEnded = async (db: Db, maxMs: number) => {
    let waiting = (await eventWriters(db)).map(w => w.vxid);
    const deadline = Date.now() + maxMs;
    while (waiting.length) {
        if (Date.now() > deadline) return false;
        await new Promise(r => setTimeout(r, 5));
        waiting = (await eventWriters(db, waiting)).map(w => w.vxid);
    }
    return true;
};

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
                    after
                        ? sql`(${events.timestamp}, ${events.id}) < (${after.timestamp.toISOString()}::timestamptz, ${after.id})`
                        : undefined,
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

/**
 * Which of these packs (FileStorage.pack) a row names a member of: keys from
 * `<pack>.` up to `<pack>/` ('/' follows '.'), compared byte by byte, which the
 * image key index's pattern ops answer by a range.
 */
export const referencedImagePacks = async (db: Db, packs: string[]): Promise<Set<string>> =>
    new Set(packs.length ? (await rows<{ pack: string }>(db, packsNamedByRows(packs))).map(r => r.pack) : []);

/** The statement of referencedImagePacks (its plan is checked by tests/server/storage/sweep.test.ts). */
export const packsNamedByRows = (packs: string[]) =>
    sql`select pack from unnest(${textArray(packs)}) as p(pack)
        where exists (select 1 from events where image_key ~>=~ (pack || '.') and image_key ~<~ (pack || '/'))`;

/** Which of these storage keys an event still names as its image (the storage sweep). */
export const referencedImageKeys = async (db: Db, keys: string[]): Promise<Set<string>> =>
    new Set(
        keys.length
            ? (await db.select({ key: events.image_key }).from(events).where(inArray(events.image_key, keys))).map(r => r.key!)
            : [],
    );
