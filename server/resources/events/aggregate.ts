import { sql, type SQL } from 'drizzle-orm';
import { AGGREGATE_DIMENSIONS, type AggregateDimension, type EventAggregateReply, type EventGroup } from '../../../contract/events';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { events } from '../../db/schema';
import { eventsWhere, type EventQuery, type EventScope } from './filters';
import { aggregateFromRollups } from './rollups';

/** group_by=type,day → ['type', 'day']; undefined when a name is not a dimension. */
export const parseDimensions = (groupBy: string): AggregateDimension[] | undefined => {
    const names = [
        ...new Set(
            groupBy
                .split(',')
                .map(s => s.trim())
                .filter(Boolean),
        ),
    ];
    return names.length && names.every(n => (AGGREGATE_DIMENSIONS as readonly string[]).includes(n))
        ? (names as AggregateDimension[])
        : undefined;
};

/**
 * Counts of the filtered events by the asked dimensions. Days and hours are
 * those of the caller's clock: timezone_offset is minutes west of UTC, as the
 * browser's getTimezoneOffset gives (UTC+2 is -120).
 */
export const aggregateEvents = async (
    db: Db,
    scope: EventScope,
    query: EventQuery,
    dimensions: AggregateDimension[],
    timezoneOffset: number,
): Promise<EventAggregateReply['result']> => {
    // Scope, time and types only (the dashboard, most statistics): the hourly and daily rollups, not the events.
    const fromRollups = await aggregateFromRollups(db, scope, query, dimensions, timezoneOffset);
    if (fromRollups) return fromRollups;
    return countEvents(db, scope, query, dimensions, timezoneOffset);
};

/** The same counts from the events themselves: any filter, any dimension. */
export const countEvents = async (
    db: Db,
    scope: EventScope,
    query: EventQuery,
    dimensions: AggregateDimension[],
    timezoneOffset: number,
): Promise<EventAggregateReply['result']> => {
    // Written as a literal (a checked integer): as a parameter, the select and the group by would be different expressions to PostgreSQL.
    const local = sql`((${events.timestamp} at time zone 'UTC') - make_interval(mins => ${sql.raw(String(Math.trunc(timezoneOffset)))}))`;
    // Grouped by date, written as text once per group rather than per row.
    const day = sql`(${local})::date`;
    const hour = sql`extract(hour from ${local})::int`;
    const parts: Record<AggregateDimension, { select: SQL; group: SQL }> = {
        type: { select: sql`${events.event} as type`, group: sql`${events.event}` },
        group: { select: sql`${events.event_group} as "group"`, group: sql`${events.event_group}` },
        day: { select: sql`${day}::text as day`, group: day },
        hour: { select: sql`${hour} as hour`, group: hour },
        device: {
            select: sql`${events.device_id} as device_id, max(${events.device_description}) as device_description`,
            group: sql`${events.device_id}`,
        },
    };
    const select = dimensions.map(d => parts[d].select);
    const group = dimensions.map(d => parts[d].group);
    const where = eventsWhere(scope, query) ?? sql`true`;
    const found = await rows<{
        type?: string;
        group?: EventGroup;
        day?: string;
        hour?: number;
        device_id?: number | null;
        device_description?: string | null;
        count: number;
    }>(
        db,
        sql`select ${sql.join(select, sql`, `)}, count(*)::int as count from ${events} where ${where}
            group by ${sql.join(group, sql`, `)} order by ${sql.join(group, sql`, `)}`,
    );
    return found.map(r => ({
        ...r,
        count: Number(r.count),
        ...(r.hour !== undefined ? { hour: Number(r.hour) } : {}),
        ...(r.device_id !== undefined && r.device_id !== null ? { device_id: Number(r.device_id) } : {}),
    }));
};
