import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AggregateDimension, EventAggregateReply } from '../../../contract/events';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { allOf, inAccountScope } from '../../db/lists';
import { eventRollups, eventRollupsDaily, events } from '../../db/schema';
import { eventsWhere, type EventQuery, type EventScope } from './filters';

/**
 * Counts from the rollups (migration 0018: per account, type and UTC hour,
 * and per UTC day) instead of the events, for the queries they can answer
 * exactly. A range is cut into whole days (daily rollups), whole hours
 * (hourly rollups) and the partial hours at its two edges, counted from the
 * events themselves through the (account, timestamp) index; the pieces are
 * added up by the dimensions in one statement, so the reply is the direct
 * count's, to the row and its order.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;
const iso = (t: number) => new Date(t).toISOString();

/** What the rollups cannot tell apart: devices, profiles, badges, ids; and hours of a zone that is not a whole number of hours off UTC. */
export const rollupsAnswer = (query: EventQuery, dimensions: AggregateDimension[], timezoneOffset: number) =>
    !dimensions.includes('device') &&
    query.device_id === undefined &&
    query.profile_id === undefined &&
    query.badge_number === undefined &&
    query.after_id === undefined &&
    Number.isInteger(timezoneOffset / 60);

/** The type, group and types filters on a table with event and event_group columns. */
const typeFilters = (query: EventQuery, event: AnyColumn, group: AnyColumn): (SQL | undefined)[] => [
    query.group && query.group !== 'all' ? sql`${group} = ${query.group}` : undefined,
    query.event ? sql`${event} = ${query.event}` : undefined,
    query.types
        ? query.types.length
            ? sql`${event} in (${sql.join(
                  query.types.map(t => sql`${t}`),
                  sql`, `,
              )})`
            : sql`false`
        : undefined,
];

/** [from, to) in ms; undefined is unbounded on that side. */
type Range = { from?: number; to?: number };
const within = (column: AnyColumn, r: Range, cast: SQL) => [
    r.from !== undefined ? sql`${column} >= ${iso(r.from)}::${cast}` : undefined,
    r.to !== undefined ? sql`${column} < ${iso(r.to)}::${cast}` : undefined,
];

/**
 * The statement that adds up the pieces, or undefined when the rollups
 * cannot give the counts (see rollupsAnswer) or there is no whole hour in the
 * range (the direct count reads a single hour anyway).
 */
export const rollupStatement = (
    scope: EventScope,
    query: EventQuery,
    dimensions: AggregateDimension[],
    timezoneOffset: number,
): SQL | undefined => {
    if (!rollupsAnswer(query, dimensions, timezoneOffset)) return undefined;
    const from = query.from?.getTime();
    const to = query.to?.getTime();
    // The whole hours of the range.
    const hours: Range = {
        from: from === undefined ? undefined : ceilTo(from, HOUR),
        to: to === undefined ? undefined : floorTo(to, HOUR),
    };
    if (hours.from !== undefined && hours.to !== undefined && hours.from >= hours.to) return undefined;
    // Whole UTC days serve when the caller's days are UTC days and hours are not asked for.
    const days: Range | undefined =
        !dimensions.includes('hour') && timezoneOffset === 0
            ? {
                  from: hours.from === undefined ? undefined : ceilTo(hours.from, DAY),
                  to: hours.to === undefined ? undefined : floorTo(hours.to, DAY),
              }
            : undefined;
    const useDays = days && (days.from === undefined || days.to === undefined || days.from < days.to);
    const hourly: Range[] = useDays
        ? [
              ...(days.from !== undefined && hours.from! < days.from ? [{ from: hours.from, to: days.from }] : []),
              ...(days.to !== undefined && days.to < hours.to! ? [{ from: days.to, to: hours.to }] : []),
          ]
        : [hours];
    const edges: Range[] = [
        ...(from !== undefined && from < hours.from! ? [{ from, to: hours.from! }] : []),
        ...(to !== undefined && hours.to! < to ? [{ from: hours.to!, to }] : []),
    ];

    const hourlyTypes = typeFilters(query, eventRollups.event, eventRollups.event_group);
    const parts: SQL[] = [
        ...hourly.map(
            r =>
                sql`select ${eventRollups.event} as event, ${eventRollups.event_group} as event_group, ${eventRollups.hour} as t, ${eventRollups.count} as n
                    from ${eventRollups} where ${allOf([inAccountScope(scope, eventRollups.account_id), ...hourlyTypes, ...within(eventRollups.hour, r, sql`timestamptz`)]) ?? sql`true`}`,
        ),
        ...(useDays
            ? [
                  sql`select ${eventRollupsDaily.event} as event, ${eventRollupsDaily.event_group} as event_group,
                        (${eventRollupsDaily.day}::timestamp at time zone 'UTC') as t, ${eventRollupsDaily.count} as n
                      from ${eventRollupsDaily} where ${
                          allOf([
                              inAccountScope(scope, eventRollupsDaily.account_id),
                              ...typeFilters(query, eventRollupsDaily.event, eventRollupsDaily.event_group),
                              ...within(eventRollupsDaily.day, days, sql`date`),
                          ]) ?? sql`true`
                      }`,
              ]
            : []),
        // The partial hours at the edges, from the events: at most two hours' worth, found by (account, timestamp).
        ...edges.map(
            r =>
                sql`select ${events.event} as event, ${events.event_group} as event_group, date_trunc('hour', ${events.timestamp}, 'UTC') as t, count(*) as n
                    from ${events} where ${eventsWhere(scope, { group: query.group, event: query.event, types: query.types, from: new Date(r.from!), to: new Date(r.to!) })}
                    group by 1, 2, 3`,
        ),
    ];
    // As aggregateEvents writes them, over each piece's hour (or day) instead of each event's time: the same day and hour,
    // since the offset is whole hours.
    const local = sql`((t at time zone 'UTC') - make_interval(mins => ${sql.raw(String(Math.trunc(timezoneOffset)))}))`;
    const day = sql`(${local})::date`;
    const hour = sql`extract(hour from ${local})::int`;
    const dims: Record<Exclude<AggregateDimension, 'device'>, { select: SQL; group: SQL }> = {
        type: { select: sql`event as type`, group: sql`event` },
        group: { select: sql`event_group as "group"`, group: sql`event_group` },
        day: { select: sql`${day}::text as day`, group: day },
        hour: { select: sql`${hour} as hour`, group: hour },
    };
    const asked = dimensions as Exclude<AggregateDimension, 'device'>[];
    const group = sql.join(
        asked.map(d => dims[d].group),
        sql`, `,
    );
    return sql`select ${sql.join(
        asked.map(d => dims[d].select),
        sql`, `,
    )}, sum(n)::int as count
        from (${sql.join(parts, sql` union all `)}) pieces
        group by ${group} having sum(n) > 0 order by ${group}`;
};

/** The counts of aggregateEvents from the rollups, or undefined when rollupStatement has none. */
export const aggregateFromRollups = async (
    db: Db,
    scope: EventScope,
    query: EventQuery,
    dimensions: AggregateDimension[],
    timezoneOffset: number,
): Promise<EventAggregateReply['result'] | undefined> => {
    const statement = rollupStatement(scope, query, dimensions, timezoneOffset);
    if (!statement) return undefined;
    const found = await rows<{ type?: string; group?: string; day?: string; hour?: number; count: number }>(db, statement);
    return found.map(r => ({
        ...r,
        count: Number(r.count),
        ...(r.hour !== undefined ? { hour: Number(r.hour) } : {}),
    })) as EventAggregateReply['result'];
};
