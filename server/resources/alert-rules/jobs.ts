import { knownLocale } from '../../../contract/constants';
import { ALERT_CONFIRMATION_VALID_DAYS, ALERT_MAIL_EVENTS_MAX } from '../../../contract/alertRules';
import { EVENT_GROUP_TYPES } from '../../../contract/events';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AlertEventSummary } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { mailStylesOnce, type AccountMailStyle } from '../branding';
import { eventWritersEnded, lastEventId } from '../events';
import { mailFailureKind, mailRetryDelayMs } from '../../mail/failures';
import { alertMail, confirmationMail } from './mails';
import {
    activeRules,
    claimCursor,
    claimMails,
    claimNotifications,
    eventsToMatch,
    forgetSent,
    insertNotifications,
    mailNotSent,
    mailSent,
    markSent,
    memberships,
    moveCursor,
    profileLabels,
    queueAlerts,
    queueRuleDeliveries,
    readCursor,
    recipientsNow,
    releaseMails,
    rulesWithPending,
    type ActiveRule,
    type AlertCandidate,
    type ClaimedMail,
    type PendingRule,
} from './queries';
import { alertAddressLinks, alertAddressToken } from './tokens';

/** The most events one mail covers; past it (a backlog) the next run's mail has the rest. */
const EVENTS_PER_MAIL = 10_000;
/** Deliveries one sender takes at a time, sent one after the other within the lease. */
const MAILS_PER_CLAIM = 20;
/** A sender's hold on the mails it took: longer than nodemailer's longest wait (its 10-minute socket timeout). */
const MAIL_LEASE_MS = 15 * 60_000;

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

/** Whether a rule takes an event; an empty list is "any" (docs/decisions.md "Alert rules"). */
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
 * when its period is over, handed as one delivery per recipient (dispatch),
 * then every delivery due (sendMails). Returns how many mails the mail
 * server took.
 */
export const sendDue = async (
    ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'signer'>,
    log?: { warn: (o: object, m: string) => void },
) => {
    const now = ctx.now();
    for (const rule of await rulesWithPending(ctx.db, now)) {
        const digest = rule.delivery === 'digest' && rule.digest_period ? rule.digest_period : undefined;
        // An immediate rule takes everything matched up to now; a digest the period of its oldest row, once that is over.
        const before = digest ? periodEnd(rule.oldest, digest) : new Date(now.getTime() + 1);
        if (digest && before > now) continue;
        await dispatch(ctx, rule, before, now, digest ? periodText(before, digest) : undefined);
    }
    const sent = await sendMails(ctx, log);
    await forgetSent(ctx.db, new Date(now.getTime() - KEEP_SENT_MS));
    return sent;
};

/**
 * A rule's due notifications become a delivery per recipient of the moment
 * (its users, its confirmed addresses), in the transaction that marks them
 * handed over: none is lost or handed twice, and a recipient added later
 * does not get what was matched before.
 */
const dispatch = (ctx: Pick<AppContext, 'db'>, rule: PendingRule, before: Date, now: Date, period: string | undefined) =>
    ctx.db.transaction(async t => {
        const tx = t as unknown as Db;
        const claimed = await claimNotifications(tx, rule.rule_id, before, now, EVENTS_PER_MAIL);
        if (!claimed.length) return;
        const recipients = await recipientsNow(tx, rule.rule_id, rule.user_ids);
        // Nobody to tell (every user deleted, no address confirmed): the rows are closed so they do not pile up.
        if (recipients.length) {
            const events = claimed
                .map(c => c.summary)
                .sort((a, b) => a.id - b.id)
                .slice(0, ALERT_MAIL_EVENTS_MAX);
            await queueAlerts(tx, rule, recipients, { events, count: claimed.length, ...(period ? { period } : {}) }, now);
        }
        await markSent(
            tx,
            claimed.map(c => Number(c.id)),
            now,
        );
    });

/** Why a delivery is not sent at all: its recipient is no longer one (taken off the rule, refused, deleted), or its rule is gone. */
const dropped = (m: ClaimedMail) => {
    if (m.rule_id === null || m.rule_name === null) return 'The alert rule was deleted.';
    if (m.kind === 'confirmation') return m.address_state === 'waiting' ? undefined : 'The address already answered.';
    if (m.user_id === null && m.address_id === null) return 'No longer a recipient of the rule.';
    if (m.user_id !== null && !m.rule_user_ids?.includes(m.user_id)) return 'No longer a recipient of the rule.';
    if (m.address_id !== null && m.address_state !== 'confirmed') return 'The address refused these alerts.';
    return undefined;
};

const render = (ctx: Pick<AppContext, 'config' | 'signer'>, m: ClaimedMail, style: AccountMailStyle) => {
    const links =
        m.address_id !== null && m.address_nonce
            ? alertAddressLinks(ctx.config.publicUrl, alertAddressToken(ctx.signer, m.address_id, m.address_nonce))
            : undefined;
    if (m.kind === 'confirmation')
        return confirmationMail({
            to: m.to,
            accountName: m.account_name,
            ruleName: m.rule_name!,
            publicUrl: ctx.config.publicUrl,
            confirmUrl: links!.confirm,
            refuseUrl: links!.refuse,
            validDays: ALERT_CONFIRMATION_VALID_DAYS,
        });
    return alertMail({
        to: m.to,
        ruleName: m.rule_name!,
        content: m.content!,
        publicUrl: ctx.config.publicUrl,
        footer: links ? { kind: 'address', refuseUrl: links.refuse } : { kind: 'user' },
        // the user's language, else the one the account's brand sets (an outside address chose none), else English
        locale: knownLocale(m.user_locale) ?? style.defaultLocale ?? 'en',
        brand: style.brand,
    });
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends the due deliveries one by one; each is marked sent only once the mail
 * server took it. A refusal of the address (5xx, server/mail/failures.ts)
 * fails that delivery alone, and shows on the address; any other failure is
 * tried again after mailRetryDelayMs, for MAIL_RETRY_HOURS from its queuing.
 * A server that cannot be reached at all gives the rest of the batch back
 * untried, for the next run.
 */
export const sendMails = async (
    ctx: Pick<AppContext, 'db' | 'now' | 'mailer' | 'config' | 'signer'>,
    log?: { warn: (o: object, m: string) => void },
) => {
    const { mailRetryBaseMs, mailRetryMaxMs, mailRetryWindowMs } = ctx.config;
    let sent = 0;
    const styleOf = mailStylesOnce(ctx);
    for (;;) {
        const started = ctx.now();
        const claimed = await claimMails(ctx.db, started, new Date(started.getTime() + MAIL_LEASE_MS), MAILS_PER_CLAIM);
        for (const [i, m] of claimed.entries()) {
            const now = ctx.now();
            const skip = dropped(m);
            if (skip) {
                await mailNotSent(ctx.db, m, null, skip, now, false);
                continue;
            }
            try {
                await ctx.mailer.send(render(ctx, m, await styleOf({ id: m.account_id, path: m.account_path })));
            } catch (error) {
                const text = errorText(error);
                if (mailFailureKind(error) === 'permanent') {
                    log?.warn({ err: error, delivery: m.id }, 'alert mail refused by the mail server for its address');
                    await mailNotSent(ctx.db, m, null, text, now, true);
                    continue;
                }
                // The last try falls on the window's end; one made at or after it was the last.
                const windowEnd = m.queued_at.getTime() + mailRetryWindowMs;
                const next =
                    now.getTime() >= windowEnd
                        ? null
                        : new Date(Math.min(windowEnd, now.getTime() + mailRetryDelayMs(m.attempts, mailRetryBaseMs, mailRetryMaxMs)));
                log?.warn(
                    { err: error, delivery: m.id },
                    next ? 'alert mail not sent; tried again later' : 'alert mail not sent in its retry window',
                );
                await mailNotSent(ctx.db, m, next, text, now, true);
                // No answer from the server at all (down, unreachable): the others would wait for the same.
                if (typeof (error as { responseCode?: unknown } | null)?.responseCode !== 'number') {
                    await releaseMails(
                        ctx.db,
                        claimed.slice(i + 1).map(c => c.id),
                        now,
                    );
                    return sent;
                }
                continue;
            }
            await mailSent(ctx.db, m, now);
            sent++;
        }
        if (claimed.length < MAILS_PER_CLAIM) return sent;
    }
};

/** Alert rules' mails (docs/decisions.md "Alert rules"), and the confirmation mails of their outside addresses. */
export const alertJob: Job = {
    name: 'alert rules',
    everyMs: ALERT_JOB_EVERY_MS,
    atStart: true,
    async run(ctx, log) {
        await matchNewEvents(ctx);
        await sendDue(ctx, log);
    },
};
