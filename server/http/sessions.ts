import { and, eq, isNull, ne } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { refreshTokens, sessions } from '../db/schema';
import { opaqueToken, sha256 } from '../crypto/tokens';

export interface TokenPair {
    token: string;
    refresh_token: string;
}

/** A refresh token lives refreshTokenTtlSeconds, and never past its session's absolute end (sessionMaxSeconds after sign-in). */
const issueRefresh = async (ctx: AppContext, sessionId: string, startedAt: Date = ctx.now()) => {
    const refresh = opaqueToken();
    const end = Math.min(
        ctx.now().getTime() + ctx.config.refreshTokenTtlSeconds * 1000,
        startedAt.getTime() + ctx.config.sessionMaxSeconds * 1000,
    );
    await ctx.db.insert(refreshTokens).values({ token_hash: sha256(refresh), session_id: sessionId, expires_at: new Date(end) });
    return refresh;
};

/** Starts a session (a refresh-token family) and returns its first pair. */
export const startSession = async (ctx: AppContext, userId: number): Promise<TokenPair> => {
    const id = randomUUID();
    await ctx.db.insert(sessions).values({ id, user_id: userId, created_at: ctx.now() });
    return {
        token: await ctx.signer.sign('access', { sub: String(userId), sid: id }, ctx.config.accessTokenTtlSeconds),
        refresh_token: await issueRefresh(ctx, id),
    };
};

/** The short token that only opens /2fa-setup and /login-2fa. */
export const startSecondFactor = async (ctx: AppContext, userId: number): Promise<string> => {
    const id = randomUUID();
    await ctx.db.insert(sessions).values({ id, user_id: userId, created_at: ctx.now() });
    return ctx.signer.sign('tfa', { sub: String(userId), sid: id }, 300);
};

/** Access token for an existing session, once its second factor is proven. */
export const accessTokenFor = async (ctx: AppContext, userId: number, sessionId: string, startedAt?: Date): Promise<TokenPair> => ({
    token: await ctx.signer.sign('access', { sub: String(userId), sid: sessionId }, ctx.config.accessTokenTtlSeconds),
    refresh_token: await issueRefresh(ctx, sessionId, startedAt),
});

export const revokeSession = (ctx: AppContext, sessionId: string, reason: string) =>
    ctx.db
        .update(sessions)
        .set({ revoked_at: ctx.now(), revoked_reason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));

/** Ends every session of a user but one (the one that changed the password goes on). */
export const revokeOtherSessions = (ctx: AppContext, userId: number, keep: string, reason: string) =>
    ctx.db
        .update(sessions)
        .set({ revoked_at: ctx.now(), revoked_reason: reason })
        .where(and(eq(sessions.user_id, userId), ne(sessions.id, keep), isNull(sessions.revoked_at)));

export const revokeUserSessions = (ctx: AppContext, userId: number, reason: string) =>
    ctx.db
        .update(sessions)
        .set({ revoked_at: ctx.now(), revoked_reason: reason })
        .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));

/**
 * Rotates a refresh token: the presented token is marked used in the same
 * statement that checks it was unused, so two concurrent redemptions cannot
 * both succeed. A token presented twice revokes its whole family.
 */
export const rotateRefresh = async (ctx: AppContext, presented: string): Promise<TokenPair | undefined> => {
    const tokenHash = sha256(presented);
    const now = ctx.now();
    const [redeemed] = await ctx.db
        .update(refreshTokens)
        .set({ used_at: now })
        .where(and(eq(refreshTokens.token_hash, tokenHash), isNull(refreshTokens.used_at)))
        .returning({ session_id: refreshTokens.session_id, expires_at: refreshTokens.expires_at });
    if (!redeemed) {
        const [reused] = await ctx.db
            .select({ session_id: refreshTokens.session_id })
            .from(refreshTokens)
            .where(eq(refreshTokens.token_hash, tokenHash));
        if (reused) await revokeSession(ctx, reused.session_id, 'refresh token reused');
        return undefined;
    }
    if (redeemed.expires_at <= now) return undefined;
    const [session] = await ctx.db
        .select({ user_id: sessions.user_id, created_at: sessions.created_at })
        .from(sessions)
        .where(and(eq(sessions.id, redeemed.session_id), isNull(sessions.revoked_at)));
    if (!session) return undefined;
    // Refreshing never carries a session past its absolute lifetime: then the user signs in again.
    if (session.created_at.getTime() + ctx.config.sessionMaxSeconds * 1000 <= now.getTime()) return undefined;
    return accessTokenFor(ctx, session.user_id, redeemed.session_id, session.created_at);
};
