import { and, count, desc, eq, like, ne, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../../contract/roles';
import { DEVICE_STATUSES, type DeviceStatus } from '../../../contract/devices';
import { EVENT_GROUPS, INCIDENT_EVENTS, type EventGroup, type EventRecord } from '../../../contract/events';
import type { Db } from '../../db/database';
import { accounts, devices, profiles, users } from '../../db/schema';
import { inAccountScope, type AccountScope } from '../../db/lists';
import { devicesByState } from '../devices';
import { aggregateEvents } from '../events';
import { existingLinks, latestEvents } from '../events';
import { toEventRecord } from '../events';

/** The dashboard's reach: one account, or an account and everything below it. */
export type DashboardScope = AccountScope;

/** Accounts below the scope's own account, by type (the account itself left out). */
export const accountTiles = async (db: Db, scope: DashboardScope, accountId: number) => {
    const below = 'accountId' in scope ? eq(accounts.id, scope.accountId) : like(accounts.path, `${scope.pathPrefix}%`);
    const types = await db
        .select({ type: accounts.type, n: count() })
        .from(accounts)
        .where(and(below, ne(accounts.id, accountId)))
        .groupBy(accounts.type);
    return { dealers: types.find(t => t.type === 'dealer')?.n ?? 0, customers: types.find(t => t.type === 'customer')?.n ?? 0 };
};

/** Users in the scope: how many, by role, and how many with a second factor. */
export const userTiles = async (db: Db, scope: DashboardScope) => {
    const within = 'accountId' in scope ? eq(accounts.id, scope.accountId) : like(accounts.path, `${scope.pathPrefix}%`);
    const roles = await db
        .select({ role: users.role, n: count(), tfa: count(users.tfa_secret) })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.account_id))
        .where(within)
        .groupBy(users.role);
    const by_role = Object.fromEntries(ROLES.map(r => [r, 0])) as Record<Role, number>;
    for (const r of roles) by_role[r.role] = r.n;
    return { total: roles.reduce((s, r) => s + r.n, 0), by_role, with_tfa: roles.reduce((s, r) => s + r.tfa, 0) };
};

/** Devices by state, and the offline readers that went silent most recently. */
export const deviceTiles = async (db: Db, scope: DashboardScope) => {
    const counts = await devicesByState(db, { scope });
    const by_state = Object.fromEntries(DEVICE_STATUSES.map(s => [s, counts.find(c => c.status === s)?.count ?? 0])) as Record<
        DeviceStatus,
        number
    >;
    const offline = await db
        .select({ id: devices.id, description: devices.description, account_name: accounts.name, last_seen_at: devices.last_seen_at })
        .from(devices)
        .innerJoin(accounts, eq(accounts.id, devices.account_id))
        .where(and(eq(devices.status, 'offline'), inAccountScope(scope, devices.account_id)))
        .orderBy(sql`${devices.last_seen_at} desc nulls last`, desc(devices.id))
        .limit(10);
    return { by_state, offline: offline.map(d => ({ ...d, last_seen_at: d.last_seen_at?.toISOString() ?? null })) };
};

export const profileTiles = async (db: Db, scope: DashboardScope) => {
    const found = await db
        .select({
            status: profiles.status,
            n: count(),
            with_badges: sql<number>`count(*) filter (where exists (select 1 from badges b where b.profile_id = ${profiles.id}))::int`,
        })
        .from(profiles)
        .where(inAccountScope(scope, profiles.account_id))
        .groupBy(profiles.status);
    const of = (status: string) => found.find(f => f.status === status)?.n ?? 0;
    return {
        total: found.reduce((n, f) => n + f.n, 0),
        by_status: { active: of('active'), enrollment: of('enrollment'), inactive: of('inactive') },
        with_badges: found.reduce((n, f) => n + Number(f.with_badges), 0),
    };
};

const GROUPS = EVENT_GROUPS.filter((g): g is Exclude<EventGroup, 'all'> => g !== 'all');

/** Events by group over the last 24 hours and per UTC day over the last 30, and the newest incidents. */
export const eventTiles = async (
    db: Db,
    scope: DashboardScope,
    now: Date,
): Promise<{
    last_24h: { group: EventGroup; count: number }[];
    total_24h: number;
    per_day: { day: string; group: EventGroup; count: number }[];
    latest_incidents: EventRecord[];
}> => {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
    const [recent, daily, incidents] = await Promise.all([
        aggregateEvents(db, scope, { from: new Date(now.getTime() - 24 * 3600_000) }, ['group'], 0),
        aggregateEvents(db, scope, { from: dayStart }, ['day', 'group'], 0),
        latestEvents(db, scope, { types: INCIDENT_EVENTS }, 6),
    ]);
    const existing = await existingLinks(db, incidents);
    return {
        last_24h: GROUPS.map(group => ({ group, count: recent.find(r => r.group === group)?.count ?? 0 })),
        total_24h: recent.reduce((sum, r) => sum + r.count, 0),
        // Unsupported events belong to no group: they are counted in the list, not on the tiles.
        per_day: daily.filter(d => d.group && d.group !== 'all').map(d => ({ day: d.day!, group: d.group!, count: d.count })),
        latest_incidents: incidents.map(r => toEventRecord(r, existing)),
    };
};
