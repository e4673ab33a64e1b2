import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/database';
import { accounts, type enrollmentInvites } from '../../db/schema';
import { mailFailureKind, mailRetryDelayMs } from '../../mail/failures';
import type { Job } from '../../jobs/runner';
import type { MailBrand } from '../../mail/message';
import { mailBrandOf } from '../branding';
import { invitationMail, inviteLocale } from './mails';
import { utcDay } from './dailyCap';
import { forgetDaysBefore, updateInvite, type InviteRow } from './queries';
import { enrollmentLink, enrollmentToken } from './tokens';

const SLICE = 50;

/**
 * Takes up to `limit` invitations whose mail has not gone and leases them in
 * the same statement, so several instances never send one at the same time.
 * For a batch: its invitations not tried yet. For the job (batchId null):
 * those of any batch not tried yet and older than a minute (an upload cut
 * short by a restart), and any invitation whose retry is due (a temporary
 * failure, afterTry). sent_at is set once the mail server took the message:
 * an instance that stops mid-slice leaves its invitations to whoever claims
 * them once the ten-minute lease has run out.
 */
const claimUnsent = (ctx: AppContext, batchId: number | null, limit: number) => {
    const now = ctx.now().toISOString();
    // an upload still being checked (its total is set once every line passed) is not sent
    const untried = sql`send_tries = 0 and batch_id in (select id from enrollment_batches where total > 0)`;
    return rows<InviteRow>(
        ctx.db,
        sql`with due as (
                select id from enrollment_invites
                where sent_at is null and status in ('sent', 'consented')
                  and (send_claimed_at is null or send_claimed_at < ${now}::timestamptz - interval '10 minutes')
                  and ${
                      batchId === null
                          ? sql`((${untried} and created_at < ${now}::timestamptz - interval '1 minute') or send_next_at <= ${now}::timestamptz)`
                          : sql`${untried} and batch_id = ${batchId}`
                  }
                order by batch_id, id limit ${limit} for update skip locked
            )
            update enrollment_invites i set send_claimed_at = ${now} from due where i.id = due.id
            returning i.*`,
    );
};

const time = (value: Date | string) => new Date(value).getTime();

/**
 * What a try that failed leaves on the invitation (server/mail/failures.ts):
 * a temporary failure (server down, timeout, 4xx) keeps it unsent, with the
 * time of its next try, growing from MAIL_RETRY_BASE_SECONDS; a refusal of
 * the address (5xx), MAIL_RETRY_HOURS of trying since the first try, or a
 * link that would expire before the next try, marks it failed. The lease is
 * given back so the job may take it when its time comes.
 */
export const afterFailedTry = (
    ctx: AppContext,
    invite: Pick<InviteRow, 'send_tries' | 'send_first_at' | 'expires_at'>,
    error: unknown,
): Partial<typeof enrollmentInvites.$inferInsert> => {
    const now = ctx.now();
    const reason = String((error as Error)?.message ?? error).slice(0, 400);
    const tries = invite.send_tries + 1;
    const firstAt = invite.send_first_at ? new Date(invite.send_first_at) : now;
    const giveUpAt = firstAt.getTime() + ctx.config.mailRetryWindowMs;
    const nextAt = Math.min(now.getTime() + mailRetryDelayMs(tries, ctx.config.mailRetryBaseMs, ctx.config.mailRetryMaxMs), giveUpAt);
    const tried = { send_tries: tries, send_first_at: firstAt, send_error: reason, send_claimed_at: null };
    const failed = (why: string) => ({ ...tried, send_next_at: null, status: 'failed' as const, failure: why.slice(0, 500) });
    if (mailFailureKind(error) === 'permanent') return failed(`The invitation could not be sent: ${reason}`);
    if (now.getTime() >= giveUpAt)
        return failed(
            `The invitation could not be sent: the mail server did not take it in ${tries} tries since ${firstAt.toISOString()} (${reason})`,
        );
    if (nextAt >= time(invite.expires_at))
        return failed(`The invitation could not be sent before its link expired: the mail server did not take it (${reason})`);
    return { ...tried, send_next_at: new Date(nextAt) };
};

const SENT = { send_next_at: null, send_error: null, failure: null } as const;

/** Sends one invitation now (created or sent again by hand), in its account's brand, and records what became of it. */
export const sendInvitation = async (
    ctx: AppContext,
    invite: InviteRow,
    account: { name: string },
    link: string,
    brand: MailBrand | undefined,
) => {
    try {
        await ctx.mailer.send(
            invitationMail({
                to: invite.email,
                name: invite.name,
                accountName: account.name,
                link,
                expiresAt: invite.expires_at,
                locale: inviteLocale(invite),
                brand,
            }),
        );
        return (await updateInvite(ctx.db, invite.id, { ...SENT, sent_at: ctx.now() }))!;
    } catch (error) {
        return (await updateInvite(ctx.db, invite.id, afterFailedTry(ctx, invite, error)))!;
    }
};

/**
 * Sends what was claimed, several at once (the pooled SMTP transport keeps a
 * few connections open), and records what became of each (afterFailedTry).
 */
const sendClaimed = async (ctx: AppContext, claimed: InviteRow[]) => {
    if (!claimed.length) return;
    const found = await ctx.db
        .select({ id: accounts.id, name: accounts.name, path: accounts.path })
        .from(accounts)
        .where(inArray(accounts.id, [...new Set(claimed.map(c => c.account_id))]));
    const names = new Map(found.map(a => [a.id, a.name]));
    const brands = new Map(await Promise.all(found.map(async a => [a.id, await mailBrandOf(ctx, a)] as const)));
    const results = await Promise.allSettled(
        claimed.map(invite =>
            ctx.mailer.send(
                invitationMail({
                    to: invite.email,
                    name: invite.name,
                    accountName: names.get(invite.account_id) ?? '',
                    link: enrollmentLink(ctx.config.publicUrl, enrollmentToken(ctx.signer, invite.id, invite.nonce)),
                    expiresAt: new Date(invite.expires_at),
                    locale: inviteLocale(invite),
                    brand: brands.get(invite.account_id),
                }),
            ),
        ),
    );
    const sent = claimed.filter((_, i) => results[i]!.status === 'fulfilled').map(c => c.id);
    if (sent.length)
        await ctx.db.execute(
            sql`update enrollment_invites set sent_at = ${ctx.now().toISOString()}, send_next_at = null, send_error = null
                where id in (${sql.join(
                    sent.map(id => sql`${id}`),
                    sql`, `,
                )})`,
        );
    for (const [i, result] of results.entries())
        if (result.status === 'rejected') await updateInvite(ctx.db, claimed[i]!.id, afterFailedTry(ctx, claimed[i]!, result.reason));
};

/** Sends a batch's invitations a slice at a time, giving the event loop back between slices. */
export const sendBatch = async (ctx: AppContext, batchId: number) => {
    for (;;) {
        const claimed = await claimUnsent(ctx, batchId, SLICE);
        await sendClaimed(ctx, claimed);
        if (claimed.length < SLICE) return;
        await new Promise(resolve => setImmediate(resolve));
    }
};

/**
 * Invitations an upload left unsent (the server stopped meanwhile), and those
 * whose retry is due, go out here; the daily cap's past days are let go.
 */
export const enrollmentSender: Job = {
    name: 'enrollment-sender',
    everyMs: 30_000,
    async run(ctx) {
        // yesterday is kept: an instance whose clock lags a little may still be counting it
        await forgetDaysBefore(ctx.db, utcDay(new Date(ctx.now().getTime() - 86_400_000)));
        for (let slice = 0; slice < 20; slice++) {
            const claimed = await claimUnsent(ctx, null, SLICE);
            await sendClaimed(ctx, claimed);
            if (claimed.length < SLICE) return;
        }
    },
};
