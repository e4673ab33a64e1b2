import { EVENT_GROUP_TYPES, EVENT_GROUPS, isIncident, type EventAggregateReply, type EventGroup } from '../../../contract/events';

type Row = EventAggregateReply['result'][number];

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local days (YYYY-MM-DD, as the server counts them with timezone_offset) from `from` to `to` (or now), oldest first. */
export const daysBetween = (from: string | undefined, to: string | undefined, rows: Row[], now = new Date()): string[] => {
    const seen = rows
        .map(r => r.day)
        .filter((d): d is string => !!d)
        .sort();
    const start = from ? new Date(from) : seen[0] ? new Date(`${seen[0]}T00:00:00`) : now;
    // `to` is exclusive: an end at midnight does not show the next day
    const end = to ? new Date(new Date(to).getTime() - 1) : now;
    const days: string[] = [];
    const cursor = new Date(start.getFullYear(), start.getMonth(), start.getDate());
    while (cursor <= end && days.length < 400) {
        days.push(localDay(cursor));
        cursor.setDate(cursor.getDate() + 1);
    }
    return days;
};

const authenticated = new Set<string>(EVENT_GROUP_TYPES.authenticated);
const groupOfType = (type: string): EventGroup =>
    (Object.entries(EVENT_GROUP_TYPES).find(([, types]) => (types as readonly string[]).includes(type))?.[0] as EventGroup | undefined) ??
    'all';

/** Per day, stacked by group, from rows by day and type. */
export const perDayByGroup = (rows: Row[], days: string[]) => {
    const counts = new Map<string, number>();
    for (const r of rows) {
        const key = `${r.day}|${groupOfType(r.type ?? '')}`;
        counts.set(key, (counts.get(key) ?? 0) + r.count);
    }
    const groups = EVENT_GROUPS.filter(g => days.some(d => counts.get(`${d}|${g}`)));
    return groups.map(group => ({ group, data: days.map(d => counts.get(`${d}|${group}`) ?? 0) }));
};

/** Totals per type over the period, largest first. */
export const byType = (rows: Row[]) => {
    const totals = new Map<string, number>();
    for (const r of rows) if (r.type) totals.set(r.type, (totals.get(r.type) ?? 0) + r.count);
    return [...totals].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
};

/** Authentications (SPEC 2.7 authenticated group) and incidents (SPEC 2.7 incident types) per day. */
export const authVsIncidents = (rows: Row[], days: string[]) => {
    const auth = new Map<string, number>();
    const incidents = new Map<string, number>();
    for (const r of rows) {
        if (!r.day || !r.type) continue;
        if (authenticated.has(r.type)) auth.set(r.day, (auth.get(r.day) ?? 0) + r.count);
        if (isIncident(r.type)) incidents.set(r.day, (incidents.get(r.day) ?? 0) + r.count);
    }
    return { authentications: days.map(d => auth.get(d) ?? 0), incidents: days.map(d => incidents.get(d) ?? 0) };
};

/** Counts for each hour 0-23. */
export const perHour = (rows: Row[]) => {
    const counts = Array.from({ length: 24 }, () => 0);
    for (const r of rows) if (r.hour !== undefined && r.hour >= 0 && r.hour < 24) counts[r.hour]! += r.count;
    return counts;
};

/** Readers by their total, largest first (at most `limit`), each with its counts by group. */
export const perReader = (rows: Row[], limit = 15) => {
    const readers = new Map<string, { device_id: number | null; label: string | null; total: number; groups: Map<EventGroup, number> }>();
    for (const r of rows) {
        const key = String(r.device_id ?? 'none');
        const reader = readers.get(key) ?? {
            device_id: r.device_id ?? null,
            label: r.device_description ?? null,
            total: 0,
            groups: new Map(),
        };
        reader.total += r.count;
        if (r.group) reader.groups.set(r.group, (reader.groups.get(r.group) ?? 0) + r.count);
        readers.set(key, reader);
    }
    const top = [...readers.values()].sort((a, b) => b.total - a.total).slice(0, limit);
    const groups = EVENT_GROUPS.filter(g => top.some(r => r.groups.get(g)));
    return { readers: top, series: groups.map(group => ({ group, data: top.map(r => r.groups.get(group) ?? 0) })) };
};
