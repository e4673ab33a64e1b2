import { and, eq, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Delivery, Webhook } from '../../../contract/webhooks';
import { rows, type Db } from '../../db/database';
import type { GaugeSample } from '../../metrics';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';
import { accounts, users, webhookDeliveries, webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookListRow = WebhookRow & { account_name: string };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What replies show: never the secret. */
export const toWebhook = (row: WebhookListRow): Webhook => ({
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    status: row.status,
    failing_since: iso(row.failing_since),
    paused_at: iso(row.paused_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

export const toDelivery = (row: DeliveryRow): Delivery => ({
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: row.created_at.toISOString(),
});

const selectWebhooks = (db: Db) =>
    db.select({ webhook: webhooks, account_name: accounts.name }).from(webhooks).innerJoin(accounts, eq(accounts.id, webhooks.account_id));
const flatten = (r: { webhook: WebhookRow; account_name: string }): WebhookListRow => ({ ...r.webhook, account_name: r.account_name });

const SORTABLE: Record<string, SQL | AnyColumn> = {
    id: webhooks.id,
    url: webhooks.url,
    description: sql`lower(${webhooks.description})`,
    status: webhooks.status,
    created_at: webhooks.created_at,
    account: accounts.name,
};

export interface WebhookFilters {
    scope: AccountScope;
    q?: string;
    ids?: number[];
    status?: WebhookRow['status'];
}

export const listWebhooks = async (db: Db, f: WebhookFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = allOf([
        inAccountScope(f.scope, webhooks.account_id),
        textMatch(f.q, webhooks.url, webhooks.description),
        f.ids ? inArray(webhooks.id, f.ids) : undefined,
        f.status ? eq(webhooks.status, f.status) : undefined,
    ]);
    const query = selectWebhooks(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'created_at', order: 'DESC' }, webhooks.id));
    const counted = db.select({ n: countAll }).from(webhooks).where(where);
    const { result, count } = await page<{ webhook: WebhookRow; account_name: string }>(query.$dynamic() as never, counted, params);
    return { result: result.map(flatten), count };
};

export const findWebhook = async (db: Db, id: number): Promise<WebhookListRow | undefined> => {
    const [row] = await selectWebhooks(db).where(eq(webhooks.id, id)).limit(1);
    return row ? flatten(row) : undefined;
};

export const insertWebhook = async (db: Db, values: typeof webhooks.$inferInsert) =>
    (await db.insert(webhooks).values(values).returning())[0]!;

export const updateWebhook = async (db: Db, id: number, values: Partial<typeof webhooks.$inferInsert>) =>
    (await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning())[0];

/** Resumed: its waiting deliveries are due at once (they were held while it was paused). */
export const resumeWebhook = (db: Db, id: number, now: Date) =>
    db.transaction(async tx => {
        await tx
            .update(webhooks)
            .set({ status: 'active', paused_at: null, failing_since: null, updated_at: now })
            .where(eq(webhooks.id, id));
        await tx
            .update(webhookDeliveries)
            .set({ next_attempt_at: now, queued_at: now })
            .where(and(eq(webhookDeliveries.webhook_id, id), eq(webhookDeliveries.status, 'pending')));
    });

export const deleteWebhook = (db: Db, id: number) => db.delete(webhooks).where(eq(webhooks.id, id));

const DELIVERY_SORTABLE: Record<string, SQL | AnyColumn> = {
    id: webhookDeliveries.id,
    created_at: webhookDeliveries.created_at,
    status: webhookDeliveries.status,
    attempts: webhookDeliveries.attempts,
    next_attempt_at: webhookDeliveries.next_attempt_at,
};

export const listDeliveries = async (
    db: Db,
    webhookId: number,
    f: { status?: DeliveryRow['status'] },
    params: { page: number; per_page: number; sort?: string },
) => {
    const where = allOf([eq(webhookDeliveries.webhook_id, webhookId), f.status ? eq(webhookDeliveries.status, f.status) : undefined]);
    const query = db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(...orderBy(params.sort, DELIVERY_SORTABLE, { field: 'created_at', order: 'DESC' }, webhookDeliveries.id));
    const counted = db.select({ n: countAll }).from(webhookDeliveries).where(where);
    return page<DeliveryRow>(query.$dynamic() as never, counted, params);
};

export const findDelivery = async (db: Db, webhookId: number, id: number) =>
    (
        await db
            .select()
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.webhook_id, webhookId)))
            .limit(1)
    )[0];

/** Sent again, under the same X-Delivery-Id, with a fresh retry window. */
export const replayDelivery = async (db: Db, id: number, now: Date) =>
    (
        await db
            .update(webhookDeliveries)
            .set({ status: 'pending', next_attempt_at: now, queued_at: now, delivered_at: null })
            .where(eq(webhookDeliveries.id, id))
            .returning()
    )[0]!;

export interface ClaimedDelivery {
    id: number;
    webhook_id: number;
    event_id: number;
    event_timestamp: Date;
    attempts: number;
    queued_at: Date;
    url: string;
    secret: string;
    account_id: number;
}

/**
 * Takes up to `limit` due deliveries of active webhooks for this instance:
 * SKIP LOCKED so instances take different rows, and the lease (next try
 * moved past the send's timeout) so no other instance takes them while they
 * are sent. A crash mid-send leaves the delivery to be taken again when the
 * lease ends: at least once, under the same X-Delivery-Id.
 */
export const claimDeliveries = async (db: Db, now: Date, leaseUntil: Date, limit: number) =>
    (
        await rows<{
            id: string;
            webhook_id: number;
            event_id: string;
            event_timestamp: string;
            attempts: number;
            queued_at: string;
            url: string;
            secret: string;
            account_id: number;
        }>(
            db,
            sql`update webhook_deliveries d
                set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}, last_attempt_at = ${now.toISOString()}
                from webhooks w
                where w.id = d.webhook_id and d.id in (
                    select c.id from webhook_deliveries c join webhooks cw on cw.id = c.webhook_id
                    where c.status = 'pending' and c.next_attempt_at <= ${now.toISOString()} and cw.status = 'active'
                    order by c.next_attempt_at
                    limit ${limit}
                    for update of c skip locked)
                returning d.id, d.webhook_id, d.event_id, d.event_timestamp, d.attempts, d.queued_at, w.url, w.secret, w.account_id`,
        )
    ).map((r): ClaimedDelivery => ({
        ...r,
        id: Number(r.id),
        event_id: Number(r.event_id),
        event_timestamp: new Date(r.event_timestamp),
        queued_at: new Date(r.queued_at),
    }));

export const deliverySucceeded = (db: Db, d: ClaimedDelivery, now: Date, statusCode: number) =>
    db.transaction(async tx => {
        await tx
            .update(webhookDeliveries)
            .set({ status: 'delivered', delivered_at: now, next_attempt_at: null, last_status_code: statusCode, last_error: null })
            .where(eq(webhookDeliveries.id, d.id));
        await tx
            .update(webhooks)
            .set({ failing_since: null })
            .where(and(eq(webhooks.id, d.webhook_id), sql`${webhooks.failing_since} is not null`));
    });

/** A failed try: the next one at `next`, or none (failed) once the retry window is over. */
export const deliveryFailed = (
    db: Db,
    d: ClaimedDelivery,
    next: Date | null,
    outcome: { statusCode: number | null; error: string | null },
) =>
    db
        .update(webhookDeliveries)
        .set({
            status: next ? 'pending' : 'failed',
            next_attempt_at: next,
            last_status_code: outcome.statusCode,
            last_error: outcome.error,
        })
        .where(eq(webhookDeliveries.id, d.id));

/**
 * Notes the failure on the webhook and pauses it once it has failed for the
 * whole window. The pause is one conditional update: of several instances,
 * one gets the row back and sends the notice.
 */
export const webhookFailed = async (db: Db, d: ClaimedDelivery, now: Date, windowMs: number) => {
    const webhookId = d.webhook_id;
    // Failing since the failed event was queued: a delivery that fails to its window's end has failed the whole window.
    await db
        .update(webhooks)
        .set({ failing_since: d.queued_at })
        .where(and(eq(webhooks.id, webhookId), sql`${webhooks.failing_since} is null`));
    return (
        await db
            .update(webhooks)
            .set({ status: 'paused', paused_at: now, updated_at: now })
            .where(
                and(
                    eq(webhooks.id, webhookId),
                    eq(webhooks.status, 'active'),
                    lte(webhooks.failing_since, new Date(now.getTime() - windowMs)),
                ),
            )
            .returning()
    )[0];
};

/** The account's moderators who get mail: the notice of a paused webhook goes to them. */
export const moderatorsOf = (db: Db, accountId: number) =>
    db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(eq(users.account_id, accountId), eq(users.role, 'moderator'), eq(users.disabled, false)));

/**
 * Delivered and failed deliveries older than the cut-off go; waiting ones
 * stay whatever their age. One webhook at a time, on its (webhook_id,
 * created_at) index: no index of its own for this hourly sweep to slow the
 * writes of every delivery.
 */
export const removeOldDeliveries = async (db: Db, before: Date) => {
    for (const { id } of await db.select({ id: webhooks.id }).from(webhooks))
        await db.execute(
            sql`delete from webhook_deliveries where webhook_id = ${id} and created_at < ${before.toISOString()} and status <> 'pending'`,
        );
};

/** The webhook_deliveries gauge of the platform's metrics (server/metrics): deliveries waiting, and failed ones still listed. */
export const deliveryCountsByState = async (db: Db): Promise<GaugeSample[]> => {
    const [counts] = await rows<{ waiting: number; failed: number }>(
        db,
        sql`select count(*) filter (where status = 'pending')::int as waiting,
                   count(*) filter (where status = 'failed')::int as failed
            from webhook_deliveries`,
    );
    return (['waiting', 'failed'] as const).map(state => ({ labels: { state }, value: counts?.[state] ?? 0 }));
};
