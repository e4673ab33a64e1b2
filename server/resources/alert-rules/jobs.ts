import { EVENT_GROUP_TYPES } from '../../../contract/events';

/** The most events one mail covers; past it (a backlog) the next run's mail has the rest. */
const EVENTS_PER_MAIL = 10_000;
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AlertEventSummary } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { eventWritersEnded, lastEventId } from '../events/queries';
import { alertMail } from './mails';
import {
    activeRules,
    claimCursor,
    claimNotifications,
    eventsToMatch,
    forgetSent,
    insertNotifications,
    markSent,
    memberships,
    moveCursor,
    profileLabels,
    queueRuleDeliveries,
    readCursor,
    release,
    rulesWithPending,
    userAddresses,
    type ActiveRule,
    type AlertCandidate,
    type PendingRule,
} from './queries';

/** How often the job looks for new events: "immediate" alerts leave within this. */
export const ALERT_JOB_EVERY_MS = 15_000;
/** Events matched per run at most; a backlog is worked through over the next runs. */
export const ALERT_EVENTS_PER_RUN = 5_000;
/** How long a run waits for transactions still writing events before it leaves the new ones to the next run. */
const WRITERS_WAIT_MS = 2_000;
/** Sent notifications are kept this long (what was mailed, for support), then removed. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;

const groupOf = (type: string) =>
    (Object.entries(EVENT_GROUP_TYPES) as [string, readonly string[]][]).find(([, types]) => types.includes(type))?.[0];

/** Whether a rule takes an event; an empty list is "any" (issue 15). */
const matches = (rule: ActiveRule, e: AlertCandidate, member: Set<string>) =>
    ('accountId' in rule.scope ? e.account_id === rule.scope.accountId : e.account_path.startsWith(rule.scope.pathPrefix)) &&
    (!rule.event_types.length || rule.event_types.includes(e.event)) &&
    (!rule.event_groups.length || rule.event_groups.includes(e.event_group ?? groupOf(e.event) ?? 'all')) &&
    (!rule.device_ids.length || (e.device_id !== null && rule.device_ids.includes(e.device_id))) &&
    (!rule.access_group_ids.length || rule.access_group_ids.some(g => e.profile_ids.some(p => member.has(`${g}:${p}`))));

const summary = (e: AlertCandidate, labels: Map<number, string | null>): AlertEventSummary => ({
    id: e.id,
    timestamp: e.timestamp.toISOString(),
    event: e.event,
    reader: e.device_description,
    device_id: e.device_id,
    account: e.account_name,
    people: e.profiles.map(p =>
        p.profile_id === null
            ? p.badge_number
                ? `badge ${p.badge_number}`
                : 'unknown person'
            : labels.has(p.profile_id)
              ? (labels.get(p.profile_id) ?? `profile #${p.profile_id}`)
              : `profile #${p.profile_id} (deleted)`,
    ),
});

/**
 * Matches the events after the cursor up to a safe horizon against the
 * enabled rules. Ids come from a sequence but transactions commit in their
 * own order: the horizon is the last committed id once the transactions
 * writing events now have ended (events/live.ts does the same), so no id
 * below it can still appear. What matched is written in the transaction
 * that moves the cursor, which one instance at a time holds.
 * Returns how many events were looked at.
 */
export const matchNewEvents = async (ctx: Pick<AppContext, 'db' | 'now'>, writersWaitMs = WRITERS_WAIT_MS): Promise<number> => {
    const cursor = await readCursor(ctx.db);
    if (cursor === undefined) return 0;
    const upTo = await lastEventId(ctx.db);
    if (upTo <= cursor) return 0;
    // A transaction still open may hold an id below upTo: wait for it, or leave everything to the next run.
    if (!(await eventWritersEnded(ctx.db, writersWaitMs))) return 0;
    return ctx.db.transaction(async tx => {
        const db = tx as unknown as Db;
        const claimed = await claimCursor(db);
        if (claimed === undefined) return 0;
        const after = Number(claimed);
        const rules = await activeRules(db);
        // No rule is on: the events are passed over unread.
        const found = rules.length ? await eventsToMatch(db, after, upTo, ALERT_EVENTS_PER_RUN) : [];
        // A full batch stops at its last event; otherwise every id up to the horizon is done (gaps are rolled-back ids).
        const reached = found.length === ALERT_EVENTS_PER_RUN ? found[found.length - 1]!.id : upTo;
        if (found.length) {
            const groupIds = [...new Set(rules.flatMap(r => r.access_group_ids))];
            const profileIds = [...new Set(found.flatMap(e => e.profile_ids))];
            const member = await memberships(db, groupIds, profileIds);
            const matched = found.flatMap(e => rules.filter(r => matches(r, e, member)).map(r => ({ rule: r, event: e })));
            const mailed = matched.filter(m => m.rule.mails);
            if (mailed.length) {
                const labels = await profileLabels(db, [...new Set(mailed.flatMap(m => m.event.profile_ids))]);
                await insertNotifications(
                    db,
                    mailed.map(m => ({ rule_id: m.rule.id, event_id: m.event.id, summary: summary(m.event, labels) })),
                    ctx.now(),
                );
            }
            await queueRuleDeliveries(
                db,
                matched.flatMap(({ rule, event }) =>
                    rule.webhook_ids.map(webhook_id => ({
                        webhook_id,
                        event_id: event.id,
                        event_timestamp: event.timestamp,
                        event_type: event.event,
                    })),
                ),
            );
        }
        if (reached > after) await moveCursor(db, reached, ctx.now());
        return found.length;
    });
};

const HOUR = 3600_000;
/** The end of the digest period a time falls in: the next full hour, or the next midnight UTC. */
export const periodEnd = (at: Date, period: 'hourly' | 'daily') => {
    const size = period === 'hourly' ? HOUR : 24 * HOUR;
    return new Date(Math.floor(at.getTime() / size) * size + size);
};
const periodText = (end: Date, period: 'hourly' | 'daily') => {
    const start = new Date(end.getTime() - (period === 'hourly' ? HOUR : 24 * HOUR));
    const f = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16);
    return `from ${f(start)} to ${f(end)} UTC`;
};

/**
 * Sends what is due: an immediate rule's pending events at once, a digest's
 * when its period is over, one mail per rule and period to all its
 * recipients. A row is marked sent only once the mail server took the
 * message; a refused or failed send leaves it for the next run.
 */
export const sendDue = async (
    ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config'>,
    log?: { warn: (o: object, m: string) => void },
) => {
    const now = ctx.now();
    let sent = 0;
    for (const rule of await rulesWithPending(ctx.db, now)) {
        const digest = rule.delivery === 'digest' && rule.digest_period ? rule.digest_period : undefined;
        // An immediate rule takes everything matched up to now; a digest the period of its oldest row, once that is over.
        const before = digest ? periodEnd(rule.oldest, digest) : new Date(now.getTime() + 1);
        if (digest && before > now) continue;
        if (await sendRule(ctx, rule, before, now, digest ? periodText(before, digest) : undefined, log)) sent++;
    }
    await forgetSent(ctx.db, new Date(now.getTime() - KEEP_SENT_MS));
    return sent;
};

const sendRule = async (
    ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
    rule: PendingRule,
    before: Date,
    now: Date,
    period: string | undefined,
    log?: { warn: (o: object, m: string) => void },
) => {
    const claimed = await claimNotifications(ctx.db, rule.rule_id, before, now, EVENTS_PER_MAIL);
    if (!claimed.length) return false;
    const ids = claimed.map(c => Number(c.id));
    const to = [...new Set([...(await userAddresses(ctx.db, rule.user_ids)), ...rule.emails])];
    if (!to.length) {
        // Every chosen user was deleted and no address is left: nobody to tell; the rows are closed so they do not pile up.
        await markSent(ctx.db, ids, now);
        return false;
    }
    const summaries = claimed.map(c => c.summary).sort((a, b) => a.id - b.id);
    try {
        await ctx.mailer.send(
            alertMail({ to: to.join(', '), ruleName: rule.name, events: summaries, publicUrl: ctx.config.publicUrl, period }),
        );
    } catch (error) {
        log?.warn({ err: error, rule: rule.rule_id }, 'alert mail not sent; tried again on the next run');
        await release(ctx.db, ids);
        return false;
    }
    await markSent(ctx.db, ids, now);
    return true;
};

/** Issue 15: alert rules' mails. */
export const alertJob: Job = {
    name: 'alert rules',
    everyMs: ALERT_JOB_EVERY_MS,
    atStart: true,
    async run(ctx, log) {
        await matchNewEvents(ctx);
        await sendDue(ctx, log);
    },
};
