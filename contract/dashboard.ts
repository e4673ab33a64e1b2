import { z } from 'zod';
import { ROLES } from './roles';

/**
 * GET /dashboard for the current account and what lies below it (SPEC leaves
 * the dashboard's content open; issue 2 shows what exists so far, later
 * features add their tiles: devices by state, events...).
 */
export const dashboardReply = z.object({
    account: z.object({ id: z.number().int(), name: z.string(), type: z.enum(['platform', 'dealer', 'customer']) }),
    accounts: z.object({ dealers: z.number().int(), customers: z.number().int() }),
    users: z.object({ total: z.number().int(), by_role: z.record(z.enum(ROLES), z.number().int()), with_tfa: z.number().int() }),
    /** sign-ins over the last 30 days, per day (YYYY-MM-DD) */
    sign_ins: z.array(z.object({ day: z.string(), count: z.number().int() })),
    recent_activity: z.array(
        z.object({
            id: z.number().int(),
            timestamp: z.string(),
            user_name: z.string().nullable(),
            action: z.string(),
            resource: z.string(),
            entity: z.string(),
            entity_id: z.string().nullable(),
        }),
    ),
});
export type DashboardReply = z.infer<typeof dashboardReply>;
