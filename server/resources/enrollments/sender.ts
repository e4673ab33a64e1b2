import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/database';
import { accounts } from '../../db/schema';
import type { Job } from '../../jobs/runner';
import { invitationMail } from './mails';
import type { InviteRow } from './queries';
import { enrollmentLink, enrollmentToken } from './tokens';

const SLICE = 50;

/**
 * Takes up to `limit` invitations whose mail has not gone (of one batch, or
 * any older than a minute: an upload cut short by a restart) and leases them
 * in the same statement, so several instances never send one at the same
 * time. sent_at is set once the mail server took the message: an instance
 * that stops mid-slice leaves its invitations to whoever claims them once the
 * ten-minute lease has run out.
 */
const claimUnsent = (ctx: AppContext, batchId: number | null, limit: number) => {
    const now = ctx.now().toISOString();
    return rows<InviteRow>(
        ctx.db,
        sql`with due as (
                select id from enrollment_invites
                where sent_at is null and status = 'sent' and batch_id is not null
                  and (send_claimed_at is null or send_claimed_at < ${now}::timestamptz - interval '10 minutes')
                  and ${batchId === null ? sql`created_at < ${now}::timestamptz - interval '1 minute'` : sql`batch_id = ${batchId}`}
                  -- an upload still being checked (its total is set once every line passed) is not sent
                  and batch_id in (select id from enrollment_batches where total > 0)
                order by batch_id, id limit ${limit} for update skip locked
            )
            update enrollment_invites i set send_claimed_at = ${now} from due where i.id = due.id
            returning i.*`,
    );
};

/**
 * Sends what was claimed, several at once (the pooled SMTP transport keeps a
 * few connections open); a message the mail server refuses marks its
 * invitation failed, with why.
 */
const sendClaimed = async (ctx: AppContext, claimed: InviteRow[]) => {
    if (!claimed.length) return;
    const names = new Map(
        (
            await ctx.db
                .select({ id: accounts.id, name: accounts.name })
                .from(accounts)
                .where(inArray(accounts.id, [...new Set(claimed.map(c => c.account_id))]))
        ).map(a => [a.id, a.name]),
    );
    const results = await Promise.allSettled(
        claimed.map(invite =>
            ctx.mailer.send(
                invitationMail({
                    to: invite.email,
                    name: invite.name,
                    accountName: names.get(invite.account_id) ?? '',
                    link: enrollmentLink(ctx.config.publicUrl, enrollmentToken(ctx.signer, invite.id, invite.nonce)),
                    expiresAt: new Date(invite.expires_at),
                }),
            ),
        ),
    );
    const sent = claimed.filter((_, i) => results[i]!.status === 'fulfilled').map(c => c.id);
    if (sent.length)
        await ctx.db.execute(
            sql`update enrollment_invites set sent_at = ${ctx.now().toISOString()} where id in (${sql.join(
                sent.map(id => sql`${id}`),
                sql`, `,
            )})`,
        );
    for (const [i, result] of results.entries())
        if (result.status === 'rejected')
            await ctx.db.execute(
                sql`update enrollment_invites set status = 'failed', failure = ${`The invitation could not be sent: ${(result.reason as Error).message}`.slice(0, 500)}
                    where id = ${claimed[i]!.id}`,
            );
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

/** Invitations an upload left unsent (the server stopped meanwhile) go out here. */
export const enrollmentSender: Job = {
    name: 'enrollment-sender',
    everyMs: 30_000,
    async run(ctx) {
        for (let slice = 0; slice < 20; slice++) {
            const claimed = await claimUnsent(ctx, null, SLICE);
            await sendClaimed(ctx, claimed);
            if (claimed.length < SLICE) return;
        }
    },
};
