import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertRule } from '../../../contract/alertRules';
import type { Db } from '../../db/database';
import { rows } from '../../db/database';
import { countAll, inAccountScope, type AccountScope } from '../../db/lists';
import {
    accessGroups,
    accounts,
    alertCursor,
    alertNotifications,
    alertRules,
    devices,
    events,
    profileAccessGroups,
    profiles,
    users,
    webhookDeliveries,
    webhooks,
    type AlertEventSummary,
    type EventProfile,
} from '../../db/schema';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRuleValues = Omit<typeof alertRules.$inferInsert, 'id'>;

export const toAlertRule = (row: AlertRuleRow): AlertRule => ({
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    enabled: row.enabled,
    event_types: row.event_types,
    event_groups: row.event_groups,
    device_ids: row.device_ids,
    access_group_ids: row.access_group_ids,
    user_ids: row.user_ids,
    emails: row.emails,
    webhook_ids: row.webhook_ids,
    delivery: row.delivery,
    digest_period: row.digest_period ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
});

// ---- the routes ----

export const listAlertRules = async (db: Db, scope: AccountScope, params: { page: number; per_page: number; q?: string }) => {
    const where = and(
        inAccountScope(scope, alertRules.account_id),
        params.q ? sql`${alertRules.name} ilike ${`%${params.q}%`}` : undefined,
    );
    const [result, counted] = await Promise.all([
        db
            .select()
            .from(alertRules)
            .where(where)
            .orderBy(asc(alertRules.name), asc(alertRules.id))
            .limit(params.per_page)
            .offset((params.page - 1) * params.per_page),
        db.select({ n: countAll }).from(alertRules).where(where),
    ]);
    return { result, count: counted[0]?.n ?? 0 };
};

export const findAlertRule = async (db: Db, id: number) => (await db.select().from(alertRules).where(eq(alertRules.id, id)).limit(1))[0];

/**
 * Creates a rule; the first rule of the platform also starts the job's
 * cursor at the newest event, so nothing from before is mailed.
 */
export const insertAlertRule = async (db: Db, values: AlertRuleValues) =>
    db.transaction(async tx => {
        await tx.execute(
            sql`insert into ${alertCursor} (id, last_event_id) select 1, coalesce(max(${events.id}), 0) from ${events} on conflict (id) do nothing`,
        );
        return (await tx.insert(alertRules).values(values).returning())[0]!;
    });

export const updateAlertRule = async (db: Db, id: number, values: Partial<AlertRuleValues>) =>
    (await db.update(alertRules).set(values).where(eq(alertRules.id, id)).returning())[0]!;

export const deleteAlertRule = (db: Db, id: number) => db.delete(alertRules).where(eq(alertRules.id, id));

/** Which of these ids are rows of the account (users, devices, access groups, webhooks): the routes refuse the others. */
export const idsOfAccount = async (db: Db, table: 'users' | 'devices' | 'accessGroups' | 'webhooks', accountId: number, ids: number[]) => {
    if (!ids.length) return [];
    const t = { users, devices, accessGroups, webhooks }[table];
    return (
        await db
            .select({ id: t.id })
            .from(t)
            .where(and(eq(t.account_id, accountId), inArray(t.id, ids)))
    ).map(r => r.id);
};

// ---- the job: matching ----

export interface AlertCandidate {
    id: number;
    account_id: number;
    account_path: string;
    account_name: string;
    event: string;
    event_group: string | null;
    timestamp: Date;
    device_id: number | null;
    device_description: string | null;
    profiles: EventProfile[];
    profile_ids: number[];
}

export interface ActiveRule {
    id: number;
    account_id: number;
    /** the accounts whose events the rule sees: its own, or for a dealer every account below it (by path) */
    scope: AccountScope;
    event_types: string[];
    event_groups: string[];
    device_ids: number[];
    access_group_ids: number[];
    /** whether anyone gets a mail: a rule may go to webhooks only */
    mails: boolean;
    webhook_ids: number[];
}

/** The cursor, locked for this transaction; undefined when no rule was ever made or another instance holds it. */
export const claimCursor = async (tx: Db) =>
    (await rows<{ last_event_id: string }>(tx, sql`select last_event_id::text from ${alertCursor} where id = 1 for update skip locked`))[0]
        ?.last_event_id;

export const readCursor = async (db: Db) =>
    (await db.select({ last: alertCursor.last_event_id }).from(alertCursor).where(eq(alertCursor.id, 1)))[0]?.last;

export const moveCursor = (tx: Db, to: number, now: Date) =>
    tx.update(alertCursor).set({ last_event_id: to, updated_at: now }).where(eq(alertCursor.id, 1));

/** Events after `after` up to `upTo`, oldest first, at most `limit`, with what a rule and a mail need. */
export const eventsToMatch = async (tx: Db, after: number, upTo: number, limit: number) =>
    (await tx
        .select({
            id: events.id,
            account_id: events.account_id,
            account_path: accounts.path,
            account_name: accounts.name,
            event: events.event,
            event_group: events.event_group,
            timestamp: events.timestamp,
            device_id: events.device_id,
            device_description: events.device_description,
            profiles: events.profiles,
            profile_ids: events.profile_ids,
        })
        .from(events)
        .innerJoin(accounts, eq(accounts.id, events.account_id))
        .where(sql`${events.id} > ${after} and ${events.id} <= ${upTo}`)
        .orderBy(asc(events.id))
        .limit(limit)) as AlertCandidate[];

/** The enabled rules, each with the reach of its account. */
export const activeRules = async (tx: Db): Promise<ActiveRule[]> =>
    (
        await tx
            .select({
                id: alertRules.id,
                account_id: alertRules.account_id,
                account_type: accounts.type,
                account_path: accounts.path,
                event_types: alertRules.event_types,
                event_groups: alertRules.event_groups,
                device_ids: alertRules.device_ids,
                access_group_ids: alertRules.access_group_ids,
                user_ids: alertRules.user_ids,
                emails: alertRules.emails,
                webhook_ids: alertRules.webhook_ids,
            })
            .from(alertRules)
            .innerJoin(accounts, eq(accounts.id, alertRules.account_id))
            .where(eq(alertRules.enabled, true))
    ).map(({ user_ids, emails, ...r }) => ({
        ...r,
        mails: user_ids.length + emails.length > 0,
        // A dealer (or the platform account) sees its customers' events as its events list does with cross_account.
        scope: r.account_type === 'customer' ? { accountId: r.account_id } : { pathPrefix: r.account_path },
    }));

/** "group:profile" for each membership among these groups and profiles. */
export const memberships = async (tx: Db, groupIds: number[], profileIds: number[]) =>
    new Set(
        groupIds.length && profileIds.length
            ? (
                  await tx
                      .select({ g: profileAccessGroups.access_group_id, p: profileAccessGroups.profile_id })
                      .from(profileAccessGroups)
                      .where(
                          and(inArray(profileAccessGroups.access_group_id, groupIds), inArray(profileAccessGroups.profile_id, profileIds)),
                      )
              ).map(r => `${r.g}:${r.p}`)
            : [],
    );

/** How each profile is called in a mail: its ACS id when it has one. */
export const profileLabels = async (tx: Db, ids: number[]) =>
    new Map(
        ids.length
            ? (await tx.select({ id: profiles.id, acs_id: profiles.acs_id }).from(profiles).where(inArray(profiles.id, ids))).map(r => [
                  r.id,
                  r.acs_id,
              ])
            : [],
    );

/** Queues what matched, 5,000 rows a statement passed as one JSON parameter (a backlog of events can match hundreds of thousands). */
export const insertNotifications = async (
    tx: Db,
    values: { rule_id: number; event_id: number; summary: AlertEventSummary }[],
    now: Date,
) => {
    for (let i = 0; i < values.length; i += 5000)
        await tx.execute(
            sql`insert into ${alertNotifications} (rule_id, event_id, summary, matched_at)
                select rule_id, event_id, summary, ${now.toISOString()}::timestamptz
                from jsonb_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::jsonb) as x(rule_id integer, event_id bigint, summary jsonb)
                on conflict do nothing`,
        );
};

/**
 * What a rule matched, for its webhooks: a delivery each, as the events
 * trigger queues them (migration 0020), in the transaction that moves the
 * cursor; none twice for one webhook and event, whether the webhook's own
 * event types or another rule queued it first. Paused webhooks take none.
 */
export const queueRuleDeliveries = async (
    tx: Db,
    values: { webhook_id: number; event_id: number; event_timestamp: Date; event_type: string }[],
) => {
    for (let i = 0; i < values.length; i += 5000)
        await tx.execute(
            sql`insert into ${webhookDeliveries} (webhook_id, event_id, event_timestamp, event_type)
                select distinct x.webhook_id, x.event_id, x.event_timestamp, x.event_type
                from jsonb_to_recordset(${JSON.stringify(values.slice(i, i + 5000))}::jsonb)
                    as x(webhook_id integer, event_id bigint, event_timestamp timestamptz, event_type text)
                join ${webhooks} w on w.id = x.webhook_id and w.status = 'active'
                where not exists (select 1 from ${webhookDeliveries} d where d.event_id = x.event_id and d.webhook_id = x.webhook_id)`,
        );
};

// ---- the job: sending ----

export interface PendingRule {
    rule_id: number;
    name: string;
    delivery: 'immediate' | 'digest';
    digest_period: 'hourly' | 'daily' | null;
    user_ids: number[];
    emails: string[];
    oldest: Date;
}

/** The rules with unsent notifications no sender holds (a lease older than ten minutes is a sender that stopped). */
export const rulesWithPending = async (db: Db, now: Date) =>
    (
        await rows<{
            rule_id: number;
            name: string;
            delivery: string;
            digest_period: string | null;
            user_ids: number[];
            emails: string[];
            oldest: string;
        }>(
            db,
            sql`select r.id as rule_id, r.name, r.delivery, r.digest_period, r.user_ids, r.emails, min(n.matched_at)::text as oldest
            from ${alertNotifications} n join ${alertRules} r on r.id = n.rule_id
            where n.sent_at is null and (n.claimed_at is null or n.claimed_at < ${now.toISOString()}::timestamptz - interval '10 minutes')
            group by r.id`,
        )
    ).map(r => ({ ...r, oldest: new Date(r.oldest) }) as PendingRule);

/**
 * Leases the unsent notifications of a rule matched before `before`, oldest
 * first, in one statement: two instances never take the same row.
 */
export const claimNotifications = (db: Db, ruleId: number, before: Date, now: Date, limit: number) =>
    rows<{ id: string; summary: AlertEventSummary }>(
        db,
        sql`with due as (
                select id from ${alertNotifications}
                where rule_id = ${ruleId} and sent_at is null and matched_at < ${before.toISOString()}::timestamptz
                  and (claimed_at is null or claimed_at < ${now.toISOString()}::timestamptz - interval '10 minutes')
                order by id limit ${limit} for update skip locked
            )
            update ${alertNotifications} n set claimed_at = ${now.toISOString()} from due where n.id = due.id
            returning n.id::text as id, n.summary`,
    );

export const markSent = (db: Db, ids: number[], now: Date) =>
    db.update(alertNotifications).set({ sent_at: now }).where(inArray(alertNotifications.id, ids));

/** A failed send gives its rows back to the next run at once. */
export const release = (db: Db, ids: number[]) =>
    db.update(alertNotifications).set({ claimed_at: null }).where(inArray(alertNotifications.id, ids));

/** The addresses of the rule's users as they are now (a user who changed address gets it at the new one). */
export const userAddresses = async (db: Db, ids: number[]) =>
    ids.length ? (await db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map(u => u.email) : [];

/** Sent notifications are kept a while for the record, then removed. */
export const forgetSent = (db: Db, before: Date) =>
    db.execute(sql`delete from ${alertNotifications} where sent_at < ${before.toISOString()}::timestamptz`);
