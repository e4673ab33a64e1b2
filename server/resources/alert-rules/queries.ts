import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { AlertAddress, AlertRule } from '../../../contract/alertRules';
import type { Db } from '../../db/database';
import type { GaugeSample } from '../../metrics';
import { rows } from '../../db/database';
import { countAll, inAccountScope, type AccountScope } from '../../db/lists';
import {
    accessGroups,
    accounts,
    alertCursor,
    alertMailDeliveries,
    alertNotifications,
    alertRuleAddresses,
    alertRules,
    devices,
    events,
    profileAccessGroups,
    profiles,
    users,
    webhookDeliveries,
    webhooks,
    type AlertEventSummary,
    type AlertMailContent,
    type EventProfile,
} from '../../db/schema';
import { newAddressNonce } from './tokens';

export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertRuleValues = Omit<typeof alertRules.$inferInsert, 'id'>;

export type AlertAddressRow = typeof alertRuleAddresses.$inferSelect;
/** What a record shows of its recipients besides the rule's row (recipientsOf). */
export interface RuleRecipients {
    addresses: AlertAddressRow[];
    userMailErrors: AlertRule['user_mail_errors'];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toAlertRule = (row: AlertRuleRow, recipients: RuleRecipients): AlertRule => ({
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
    addresses: row.emails.map((email): AlertAddress => {
        const a = recipients.addresses.find(x => x.rule_id === row.id && x.email === email);
        return {
            email,
            // a row is made with the address (saveAlertRule, and migration 0027 for older rules)
            state: a?.state ?? 'waiting',
            asked_at: iso(a?.asked_at ?? null),
            answered_at: iso(a?.answered_at ?? null),
            last_error: a?.last_error ?? null,
            last_error_at: iso(a?.last_error_at ?? null),
        };
    }),
    user_mail_errors: recipients.userMailErrors,
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
 * The addresses of these rules and their users whose last alert failed (a
 * later one that went clears it), for the records the routes return.
 */
export const recipientsOf = async (db: Db, rules: AlertRuleRow[]): Promise<(row: AlertRuleRow) => RuleRecipients> => {
    const ids = rules.map(r => r.id);
    if (!ids.length) return () => ({ addresses: [], userMailErrors: [] });
    const [addresses, errors] = await Promise.all([
        db.select().from(alertRuleAddresses).where(inArray(alertRuleAddresses.rule_id, ids)),
        rows<{ rule_id: number; user_id: number; to: string; last_error: string; at: string }>(
            db,
            sql`select * from (
                    select distinct on (rule_id, user_id) rule_id, user_id, "to", status, last_error, last_attempt_at::text as at
                    from ${alertMailDeliveries}
                    where rule_id in ${ids} and user_id is not null and kind = 'alert' and status in ('sent', 'failed')
                    order by rule_id, user_id, last_attempt_at desc nulls last, id desc
                ) last where status = 'failed'`,
        ),
    ]);
    return row => ({
        addresses: addresses.filter(a => a.rule_id === row.id),
        userMailErrors: errors
            .filter(e => e.rule_id === row.id)
            .map(e => ({ user_id: e.user_id, email: e.to, error: e.last_error ?? '', at: new Date(e.at).toISOString() })),
    });
};

/** Thrown inside saveAlertRule's transaction to undo it: the account's confirmation mails of the day would pass the cap. */
class OverDailyCap extends Error {}

/**
 * Creates (no id) or changes a rule with its outside addresses: an address
 * that stays keeps its state, one taken off is forgotten unless it refused
 * (adding it again asks nobody), a new one, or one never asked (migration
 * 0027), waits for the confirmation mail queued here. The first rule of the
 * platform also starts the job's cursor at the newest event, so nothing from
 * before is mailed. Undefined, with nothing written, when the confirmation
 * mails would pass the account's `perDay` in 24 hours.
 */
export const saveAlertRule = async (
    db: Db,
    o: { id?: number; values: Partial<AlertRuleValues> & { account_id: number; emails: string[] }; now: Date; perDay: number },
) => {
    try {
        return await db.transaction(async t => {
            const tx = t as unknown as Db;
            let row: AlertRuleRow;
            if (o.id === undefined) {
                await tx.execute(
                    sql`insert into ${alertCursor} (id, last_event_id) select 1, coalesce(max(${events.id}), 0) from ${events} on conflict (id) do nothing`,
                );
                row = (
                    await tx
                        .insert(alertRules)
                        .values(o.values as AlertRuleValues)
                        .returning()
                )[0]!;
            } else row = (await tx.update(alertRules).set(o.values).where(eq(alertRules.id, o.id)).returning())[0]!;
            await tx
                .delete(alertRuleAddresses)
                .where(
                    and(
                        eq(alertRuleAddresses.rule_id, row.id),
                        sql`${alertRuleAddresses.state} <> 'refused'`,
                        row.emails.length ? notInArray(alertRuleAddresses.email, row.emails) : undefined,
                    ),
                );
            if (row.emails.length)
                await tx
                    .insert(alertRuleAddresses)
                    .values(row.emails.map(email => ({ rule_id: row.id, email })))
                    .onConflictDoNothing();
            const toAsk = await tx
                .select({ id: alertRuleAddresses.id, email: alertRuleAddresses.email })
                .from(alertRuleAddresses)
                .where(
                    and(
                        eq(alertRuleAddresses.rule_id, row.id),
                        eq(alertRuleAddresses.state, 'waiting'),
                        sql`${alertRuleAddresses.asked_at} is null`,
                    ),
                );
            if (toAsk.length) {
                if ((await confirmationsSince(tx, row.account_id, new Date(o.now.getTime() - DAY))) + toAsk.length > o.perDay)
                    throw new OverDailyCap();
                for (const a of toAsk) await askAddress(tx, row, a, o.now);
            }
            return row;
        });
    } catch (error) {
        if (error instanceof OverDailyCap) return undefined;
        throw error;
    }
};

const DAY = 24 * 3600_000;

/** Confirmation mails queued for the account's rules since then, sent or not, whether the rule is still there or not. */
export const confirmationsSince = async (db: Db, accountId: number, since: Date) =>
    (
        await db
            .select({ n: countAll })
            .from(alertMailDeliveries)
            .where(
                and(
                    eq(alertMailDeliveries.account_id, accountId),
                    eq(alertMailDeliveries.kind, 'confirmation'),
                    sql`${alertMailDeliveries.queued_at} > ${since.toISOString()}::timestamptz`,
                ),
            )
    )[0]?.n ?? 0;

/** A new nonce for the address (the last mail's links stop working) and a confirmation mail queued to it. */
const askAddress = async (tx: Db, rule: { id: number; account_id: number }, address: { id: number; email: string }, now: Date) => {
    await tx.update(alertRuleAddresses).set({ nonce: newAddressNonce(), asked_at: now }).where(eq(alertRuleAddresses.id, address.id));
    // a confirmation not sent yet is replaced: one mail, with the new links
    await tx
        .delete(alertMailDeliveries)
        .where(
            and(
                eq(alertMailDeliveries.address_id, address.id),
                eq(alertMailDeliveries.kind, 'confirmation'),
                eq(alertMailDeliveries.status, 'waiting'),
            ),
        );
    await tx.insert(alertMailDeliveries).values({
        account_id: rule.account_id,
        rule_id: rule.id,
        kind: 'confirmation',
        address_id: address.id,
        to: address.email,
        queued_at: now,
        next_attempt_at: now,
    });
};

/**
 * Sends an address waiting for its confirmation the mail again: 'tooSoon'
 * within `againAfterMs` of the last, 'overCap' past the account's daily cap.
 */
export const askAgain = (
    db: Db,
    o: { rule: AlertRuleRow; email: string; now: Date; againAfterMs: number; perDay: number },
): Promise<'unknown' | 'notWaiting' | 'tooSoon' | 'overCap' | 'asked'> =>
    db.transaction(async t => {
        const tx = t as unknown as Db;
        const address = (
            await rows<{ id: number; email: string; state: string; asked_at: string | null }>(
                tx,
                sql`select id, email, state, asked_at::text from ${alertRuleAddresses}
                    where rule_id = ${o.rule.id} and email = ${o.email} for update`,
            )
        )[0];
        if (!address || !o.rule.emails.includes(address.email)) return 'unknown';
        if (address.state !== 'waiting') return 'notWaiting';
        if (address.asked_at && new Date(address.asked_at).getTime() > o.now.getTime() - o.againAfterMs) return 'tooSoon';
        if ((await confirmationsSince(tx, o.rule.account_id, new Date(o.now.getTime() - DAY))) >= o.perDay) return 'overCap';
        await askAddress(tx, o.rule, address, o.now);
        return 'asked';
    });

/** Deletes a rule with what it had not mailed yet; its confirmation mails stay counted against the account's daily cap. */
export const deleteAlertRule = (db: Db, id: number) =>
    db.transaction(async tx => {
        await tx
            .delete(alertMailDeliveries)
            .where(
                and(
                    eq(alertMailDeliveries.rule_id, id),
                    or(eq(alertMailDeliveries.status, 'waiting'), eq(alertMailDeliveries.kind, 'alert')),
                ),
            );
        await tx.delete(alertRules).where(eq(alertRules.id, id));
    });

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
    account_id: number;
    delivery: 'immediate' | 'digest';
    digest_period: 'hourly' | 'daily' | null;
    user_ids: number[];
    oldest: Date;
}

/** The rules with unsent notifications no sender holds (a lease older than ten minutes is a sender that stopped). */
export const rulesWithPending = async (db: Db, now: Date) =>
    (
        await rows<{
            rule_id: number;
            account_id: number;
            delivery: string;
            digest_period: string | null;
            user_ids: number[];
            oldest: string;
        }>(
            db,
            sql`select r.id as rule_id, r.account_id, r.delivery, r.digest_period, r.user_ids, min(n.matched_at)::text as oldest
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

/** Notifications handed to their recipients' deliveries (or to nobody: a rule left without recipients). */
export const markSent = (db: Db, ids: number[], now: Date) =>
    db.update(alertNotifications).set({ sent_at: now }).where(inArray(alertNotifications.id, ids));

export interface AlertRecipient {
    to: string;
    user_id: number | null;
    address_id: number | null;
}

/**
 * Who gets a rule's alert now: its users at their address of the moment (a
 * user who changed address gets it at the new one), then its confirmed
 * outside addresses, each address once.
 */
export const recipientsNow = async (db: Db, ruleId: number, userIds: number[]): Promise<AlertRecipient[]> => {
    const [people, confirmed] = await Promise.all([
        userIds.length
            ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id))
            : [],
        db
            .select({ id: alertRuleAddresses.id, email: alertRuleAddresses.email })
            .from(alertRuleAddresses)
            .innerJoin(alertRules, eq(alertRules.id, alertRuleAddresses.rule_id))
            .where(
                and(
                    eq(alertRuleAddresses.rule_id, ruleId),
                    eq(alertRuleAddresses.state, 'confirmed'),
                    sql`${alertRuleAddresses.email} = any(${alertRules.emails})`,
                ),
            )
            .orderBy(asc(alertRuleAddresses.id)),
    ]);
    const all = [
        ...people.map(u => ({ to: u.email, user_id: u.id, address_id: null })),
        ...confirmed.map(a => ({ to: a.email, user_id: null, address_id: a.id })),
    ];
    return all.filter((r, i) => all.findIndex(o => o.to.toLowerCase() === r.to.toLowerCase()) === i);
};

/** One alert delivery per recipient, due at once. */
export const queueAlerts = (
    db: Db,
    rule: { rule_id: number; account_id: number },
    recipients: AlertRecipient[],
    content: AlertMailContent,
    now: Date,
) =>
    db.insert(alertMailDeliveries).values(
        recipients.map(r => ({
            account_id: rule.account_id,
            rule_id: rule.rule_id,
            kind: 'alert' as const,
            user_id: r.user_id,
            address_id: r.address_id,
            to: r.to,
            content,
            queued_at: now,
            next_attempt_at: now,
        })),
    );

export interface ClaimedMail {
    id: number;
    kind: 'alert' | 'confirmation';
    rule_id: number | null;
    user_id: number | null;
    address_id: number | null;
    to: string;
    content: AlertMailContent | null;
    attempts: number;
    queued_at: Date;
    rule_name: string | null;
    /** the rule's users as they are now (one taken off since the alert was queued is no longer mailed) */
    rule_user_ids: number[] | null;
    account_id: number;
    account_path: string;
    account_name: string;
    /** the address's state and links' nonce as they are now (it may have refused since the alert was queued) */
    address_state: string | null;
    address_nonce: string | null;
    address_asked_at: Date | null;
    /** the language the recipient user chose in the console; null: none chosen, or an outside address */
    user_locale: string | null;
}

/**
 * Takes the due deliveries, oldest due first, in one statement: each is
 * leased to this sender until `leaseUntil` (its next_attempt_at), so two
 * instances never send one mail, and a sender that died leaves it due again
 * when the lease ends.
 */
export const claimMails = async (db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> =>
    (
        await rows<
            Omit<ClaimedMail, 'id' | 'queued_at' | 'address_asked_at'> & { id: string; queued_at: string; address_asked_at: string | null }
        >(
            db,
            sql`with claimed as (
                    update ${alertMailDeliveries} d
                    set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}, last_attempt_at = ${now.toISOString()}
                    where d.id in (
                        select id from ${alertMailDeliveries}
                        where status = 'waiting' and next_attempt_at <= ${now.toISOString()}::timestamptz
                        order by next_attempt_at, id
                        limit ${limit}
                        for update skip locked)
                    returning d.*
                )
                select c.id::text as id, c.kind, c.rule_id, c.user_id, c.address_id, c."to", c.content, c.attempts,
                       c.queued_at::text as queued_at, r.name as rule_name, r.user_ids as rule_user_ids, acc.id as account_id, acc.path as account_path,
                       acc.name as account_name,
                       a.state as address_state, a.nonce as address_nonce, a.asked_at::text as address_asked_at,
                       u.locale as user_locale
                from claimed c
                join ${accounts} acc on acc.id = c.account_id
                left join ${users} u on u.id = c.user_id
                left join ${alertRules} r on r.id = c.rule_id
                left join ${alertRuleAddresses} a on a.id = c.address_id
                order by c.id`,
        )
    ).map(r => ({
        ...r,
        id: Number(r.id),
        queued_at: new Date(r.queued_at),
        address_asked_at: r.address_asked_at ? new Date(r.address_asked_at) : null,
    }));

/** The mail server took it. An address's last error is over. */
export const mailSent = async (db: Db, mail: ClaimedMail, now: Date) => {
    await db.update(alertMailDeliveries).set({ status: 'sent', sent_at: now, last_error: null }).where(eq(alertMailDeliveries.id, mail.id));
    if (mail.address_id !== null)
        await db
            .update(alertRuleAddresses)
            .set({ last_error: null, last_error_at: null })
            .where(and(eq(alertRuleAddresses.id, mail.address_id), sql`${alertRuleAddresses.last_error} is not null`));
};

/**
 * Tried again at `next`; or, with `next` null, failed for good: the error
 * is kept on the delivery, and on the address when the mail server refused
 * it (`onAddress`), where the rule's page shows it.
 */
export const mailNotSent = async (db: Db, mail: ClaimedMail, next: Date | null, error: string, now: Date, onAddress: boolean) => {
    await db
        .update(alertMailDeliveries)
        .set(next ? { next_attempt_at: next, last_error: error } : { status: 'failed', last_error: error })
        .where(eq(alertMailDeliveries.id, mail.id));
    if (!next && onAddress && mail.address_id !== null)
        await db
            .update(alertRuleAddresses)
            .set({ last_error: error, last_error_at: now })
            .where(eq(alertRuleAddresses.id, mail.address_id));
};

/** Gives deliveries back untried (the mail server could not be reached for an earlier one of the batch). */
export const releaseMails = (db: Db, ids: number[], now: Date) =>
    ids.length
        ? db
              .update(alertMailDeliveries)
              .set({ next_attempt_at: now, attempts: sql`${alertMailDeliveries.attempts} - 1` })
              .where(inArray(alertMailDeliveries.id, ids))
        : undefined;

/** Sent notifications and settled deliveries are kept a while for the record (and the daily cap), then removed. */
export const forgetSent = async (db: Db, before: Date) => {
    await db.execute(sql`delete from ${alertNotifications} where sent_at < ${before.toISOString()}::timestamptz`);
    await db.execute(
        sql`delete from ${alertMailDeliveries} where status <> 'waiting' and queued_at < ${before.toISOString()}::timestamptz`,
    );
};

/** An address answering by its link: the row its token names, when the token's nonce is still its own. */
export const findAddressByNonce = async (db: Db, id: number, nonce: string) =>
    (
        await db
            .select({
                id: alertRuleAddresses.id,
                email: alertRuleAddresses.email,
                state: alertRuleAddresses.state,
                asked_at: alertRuleAddresses.asked_at,
                rule_name: alertRules.name,
                account_name: accounts.name,
            })
            .from(alertRuleAddresses)
            .innerJoin(alertRules, eq(alertRules.id, alertRuleAddresses.rule_id))
            .innerJoin(accounts, eq(accounts.id, alertRules.account_id))
            .where(and(eq(alertRuleAddresses.id, id), eq(alertRuleAddresses.nonce, nonce)))
    )[0];

/** Moves an address from one of `from` to `to`, once: undefined when another answer came first. */
export const answerAddress = async (db: Db, id: number, nonce: string, from: string[], to: 'confirmed' | 'refused', now: Date) =>
    (
        await db
            .update(alertRuleAddresses)
            .set({ state: to, answered_at: now })
            .where(
                and(
                    eq(alertRuleAddresses.id, id),
                    eq(alertRuleAddresses.nonce, nonce),
                    inArray(alertRuleAddresses.state, from as AlertAddressRow['state'][]),
                ),
            )
            .returning({ id: alertRuleAddresses.id })
    )[0];

/** The alert mails of the mails gauge of the platform's metrics (server/metrics): waiting to be sent, and failed. */
export const alertMailCountsByState = async (db: Db): Promise<GaugeSample[]> => {
    const [counts] = await rows<{ waiting: number; failed: number }>(
        db,
        sql`select count(*) filter (where status = 'waiting')::int as waiting,
                   count(*) filter (where status = 'failed')::int as failed
            from alert_mail_deliveries`,
    );
    return (['waiting', 'failed'] as const).map(state => ({ labels: { kind: 'alert', state }, value: counts?.[state] ?? 0 }));
};
