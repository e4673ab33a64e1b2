import { sql, type SQL } from 'drizzle-orm';
import type { EventFilters } from '../../../contract/events';
import { events } from '../../db/schema';
import { allOf, inAccountScope, type AccountScope } from '../../db/lists';

/**
 * Whose events a request sees: one account, or (cross_account=true) every
 * account whose path starts with the prefix; '/' is every account (admin).
 */
export type EventScope = AccountScope;

/** The list filters of contract/events.ts, parsed (dates as Date). */
export interface EventQuery extends Omit<EventFilters, 'from' | 'to'> {
    from?: Date;
    to?: Date;
    /** any of these types (the dashboard's incidents) */
    types?: readonly string[];
}

export const toEventQuery = (f: EventFilters): EventQuery => ({
    ...f,
    from: f.from ? new Date(f.from) : undefined,
    to: f.to ? new Date(f.to) : undefined,
});

export const scopeCondition = (scope: EventScope): SQL | undefined => inAccountScope(scope, events.account_id);

/**
 * The WHERE of every events query (list, count, export, aggregate). Each
 * filter has an index that serves it with the default sort (schema/events.ts):
 * group by (account, group, time), device by (device, time), profile and
 * badge by their GIN indexes.
 */
export const eventsWhere = (scope: EventScope, f: EventQuery): SQL | undefined =>
    allOf([
        scopeCondition(scope),
        f.group && f.group !== 'all' ? sql`${events.event_group} = ${f.group}` : undefined,
        f.event ? sql`${events.event} = ${f.event}` : undefined,
        f.types
            ? f.types.length
                ? sql`${events.event} in (${sql.join(
                      f.types.map(t => sql`${t}`),
                      sql`, `,
                  )})`
                : sql`false`
            : undefined,
        f.device_id ? sql`${events.device_id} = ${f.device_id}` : undefined,
        f.profile_id ? sql`${events.profile_ids} @> array[${f.profile_id}]::integer[]` : undefined,
        f.badge_number !== undefined ? sql`${events.badge_numbers} @> array[${f.badge_number}]::bigint[]` : undefined,
        f.from ? sql`${events.timestamp} >= ${f.from.toISOString()}` : undefined,
        f.to ? sql`${events.timestamp} < ${f.to.toISOString()}` : undefined,
        f.after_id !== undefined ? sql`${events.id} > ${f.after_id}` : undefined,
    ]);

/** What the live feed needs of a new event to decide who receives it. */
export interface LiveCandidate {
    id: number;
    account_id: number;
    account_path: string;
    event: string;
    group: string;
    timestamp: Date;
    device_id: number | null;
    profile_ids: number[];
    badge_numbers: number[];
}

/** The same filters as eventsWhere, for one event already loaded (the live feed decides per subscriber without a query each). */
export const matchesEvent = (scope: EventScope, f: EventQuery, e: LiveCandidate): boolean =>
    ('accountId' in scope ? e.account_id === scope.accountId : e.account_path.startsWith(scope.pathPrefix)) &&
    (!f.group || f.group === 'all' || e.group === f.group) &&
    (!f.event || e.event === f.event) &&
    (!f.types || f.types.includes(e.event)) &&
    (!f.device_id || e.device_id === f.device_id) &&
    (!f.profile_id || e.profile_ids.includes(f.profile_id)) &&
    (f.badge_number === undefined || e.badge_numbers.includes(f.badge_number)) &&
    (!f.from || e.timestamp >= f.from) &&
    (!f.to || e.timestamp < f.to) &&
    (f.after_id === undefined || e.id > f.after_id);
