import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { tooMany } from '../../http/errors';
import { giveBackToDailyCap, sentOnDay, takeFromDailyCap } from './queries';

/**
 * The invitations one account may send a day (ENROLLMENT_INVITES_PER_DAY,
 * System settings): a calendar day in UTC, so that everyone reads the same
 * moment of reset (docs/decisions.md "A daily cap of invitations"). Each
 * invitation created and each one sent again counts one; an upload that
 * would pass the cap is refused whole, before anything is sent or kept.
 */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const nextUtcMidnight = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

/** The 429 of a request past the cap: what is left today and when the count starts again (also as Retry-After). */
const overCap = (ctx: AppContext, reply: FastifyReply, left: number, asked: string) => {
    const now = ctx.now();
    const reset = nextUtcMidnight(now);
    reply.header('Retry-After', String(Math.ceil((reset.getTime() - now.getTime()) / 1000)));
    return tooMany(
        `This account may send ${ctx.config.enrollmentInvitesPerDay} invitations a day and has ${left} left today; this asks for ${asked}. Nothing was sent. The count starts again at ${reset.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
};

/** What the account may still send today. */
export const invitationsLeftToday = async (ctx: AppContext, accountId: number) =>
    Math.max(0, ctx.config.enrollmentInvitesPerDay - (await sentOnDay(ctx.db, accountId, utcDay(ctx.now()))));

/** Refuses a file found to hold more lines than are left, before it is read to its end. */
export const refuseMoreThanLeft = (ctx: AppContext, reply: FastifyReply, left: number) => overCap(ctx, reply, left, `more than ${left}`);

/**
 * Takes `count` invitations from today's allowance, or throws the 429. The
 * function returned gives them back, for a request that then keeps nothing.
 */
export const takeInvitations = async (ctx: AppContext, reply: FastifyReply, accountId: number, count: number) => {
    const day = utcDay(ctx.now());
    if (!(await takeFromDailyCap(ctx.db, accountId, day, count, ctx.config.enrollmentInvitesPerDay)))
        throw overCap(ctx, reply, await invitationsLeftToday(ctx, accountId), String(count));
    return () => giveBackToDailyCap(ctx.db, accountId, day, count);
};
