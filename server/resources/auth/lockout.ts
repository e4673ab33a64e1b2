import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures } from '../../db/schema';
import { tooMany } from '../../http/errors';

/**
 * Failed sign-ins (passwords, one-time codes, recovery codes) are counted per
 * e-mail and per client address over the lockout window, in the database so
 * every server instance sees them. An attempt is counted before it is
 * checked: of many guesses sent at once, only the first maxFailedLogins are
 * ever evaluated, the rest get 429 (docs/decisions.md, Security).
 */
const keys = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];

export interface Attempt {
    /** the guess was right: the e-mail's failures are forgotten, and this attempt no longer counts */
    succeeded(): Promise<void>;
}

export const claimAttempt = async (ctx: AppContext, email: string, ip: string): Promise<Attempt> => {
    const since = new Date(ctx.now().getTime() - ctx.config.lockoutSeconds * 1000);
    const [emailKey, ipKey] = keys(email, ip);
    const ids = (
        await ctx.db
            .insert(loginFailures)
            .values([emailKey!, ipKey!].map(key => ({ key, at: ctx.now() })))
            .returning({ id: loginFailures.id })
    ).map(r => r.id);
    // Every attempt's row is committed before its count, so the n-th count to run sees at least n attempts.
    const [counted] = await ctx.db
        .select({
            email: sql<number>`count(*) filter (where ${loginFailures.key} = ${emailKey})::int`,
            ip: sql<number>`count(*) filter (where ${loginFailures.key} = ${ipKey})::int`,
        })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, [emailKey!, ipKey!]), gt(loginFailures.at, since)));
    // An address gets more attempts than one e-mail: several users may share it.
    if (Number(counted!.email) > ctx.config.maxFailedLogins || Number(counted!.ip) > ctx.config.maxFailedLogins * 4) {
        // Refused unchecked: it does not count, so a locked-out user is free again when the window has passed.
        await ctx.db.delete(loginFailures).where(inArray(loginFailures.id, ids));
        throw tooMany(`Too many failed sign-ins. Try again in ${Math.ceil(ctx.config.lockoutSeconds / 60)} minutes.`);
    }
    return {
        succeeded: async () => {
            await ctx.db.delete(loginFailures).where(eq(loginFailures.key, emailKey!));
            await ctx.db.delete(loginFailures).where(inArray(loginFailures.id, ids));
        },
    };
};
