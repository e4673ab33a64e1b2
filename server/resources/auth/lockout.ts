import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures } from '../../db/schema';
import { tooMany } from '../../http/errors';

/**
 * Failed sign-ins are counted per e-mail and per client address over the
 * lockout window, in the database so every server instance sees them. Past
 * the limit, sign-in is refused with 429 until the window has passed.
 */
const keys = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];

export const checkLockout = async (ctx: AppContext, email: string, ip: string) => {
    const since = new Date(ctx.now().getTime() - ctx.config.lockoutSeconds * 1000);
    const [emailKey, ipKey] = keys(email, ip);
    const count = async (key: string) =>
        (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(loginFailures).where(and(eq(loginFailures.key, key), gt(loginFailures.at, since))))[0]?.n ?? 0;
    // An address gets more attempts than one e-mail: several users may share it.
    if ((await count(emailKey)) >= ctx.config.maxFailedLogins || (await count(ipKey)) >= ctx.config.maxFailedLogins * 4) {
        throw tooMany(`Too many failed sign-ins. Try again in ${Math.ceil(ctx.config.lockoutSeconds / 60)} minutes.`);
    }
};

export const noteFailure = async (ctx: AppContext, email: string, ip: string) => {
    await ctx.db.insert(loginFailures).values(keys(email, ip).map(key => ({ key, at: ctx.now() })));
};

export const clearFailures = async (ctx: AppContext, email: string) => {
    await ctx.db.delete(loginFailures).where(eq(loginFailures.key, `email:${email}`));
};
