import { z } from 'zod';
import { DEVICE_STATUSES } from './devices';
import { EVENT_GROUPS, eventRecord } from './events';
import { ROLES } from './roles';

/**
 * GET /dashboard for the rows its tiles' lists show: the current account, or with cross_account every account in
 * reach (SPEC leaves the dashboard's content open): accounts and users, devices by state and the
 * offline ones, events by group over 24 hours and per day over 30 days, the
 * latest incidents, profile counts; each tile leads to its filtered list.
 */
export const dashboardReply = z.object({
    account: z.object({ id: z.number().int(), name: z.string(), type: z.enum(['platform', 'dealer', 'customer']) }),
    accounts: z.object({ dealers: z.number().int(), customers: z.number().int() }),
    users: z.object({ total: z.number().int(), by_role: z.record(z.enum(ROLES), z.number().int()), with_tfa: z.number().int() }),
    /** sign-ins over the last 30 days, per day (YYYY-MM-DD) */
    /** sign-ins and recent activity come from the audit log: only for roles that read it (SPEC 6.2) */
    sign_ins: z.array(z.object({ day: z.string(), count: z.number().int() })).optional(),
    devices: z.object({
        by_state: z.record(z.enum(DEVICE_STATUSES), z.number().int()),
        /** offline readers, the most recently gone first (at most 10) */
        offline: z.array(
            z.object({ id: z.number().int(), description: z.string(), account_name: z.string(), last_seen_at: z.string().nullable() }),
        ),
    }),
    events: z.object({
        /** every group but 'all', with its count over the last 24 hours */
        last_24h: z.array(z.object({ group: z.enum(EVENT_GROUPS), count: z.number().int() })),
        /** every event of the last 24 hours, those of no group (Unsupported) too: what the events list shows from then */
        total_24h: z.number().int(),
        /** the last 30 days (YYYY-MM-DD, UTC) by group; days and groups without events are left out */
        per_day: z.array(z.object({ day: z.string(), group: z.enum(EVENT_GROUPS), count: z.number().int() })),
        /** the newest incident events with their images (at most 6) */
        latest_incidents: z.array(eventRecord),
    }),
    profiles: z.object({
        total: z.number().int(),
        by_status: z.object({ active: z.number().int(), enrollment: z.number().int(), inactive: z.number().int() }),
        with_badges: z.number().int(),
    }),
    recent_activity: z
        .array(
            z.object({
                id: z.number().int(),
                timestamp: z.string(),
                user_name: z.string().nullable(),
                action: z.string(),
                resource: z.string(),
                entity: z.string(),
                entity_id: z.string().nullable(),
                // absent from a server older than the column: the console names the thing by its number
                target_name: z.string().nullish(),
            }),
        )
        .optional(),
});
export type DashboardReply = z.infer<typeof dashboardReply>;
