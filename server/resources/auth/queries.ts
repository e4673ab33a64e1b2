import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { loginFailures, passwordResets, recoveryCodes, users } from '../../db/schema';

/** The SQL of signing in, passwords and two-factor login; sessions and lockout keep theirs in sessions.ts and lockout.ts. */

export type UserRow = typeof users.$inferSelect;

export const userById = async (db: Db, id: number): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const userByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const acceptTerms = (db: Db, userId: number) =>
    db
        .update(users)
        .set({ accepted_tos: true, updated_at: sql`now()` })
        .where(eq(users.id, userId));

/** The console language the user chose, null when none. */
export const userLocale = async (db: Db, userId: number): Promise<string | null> =>
    (await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)))[0]?.locale ?? null;

export const setUserLocale = (db: Db, userId: number, locale: string) =>
    db
        .update(users)
        .set({ locale, updated_at: sql`now()` })
        .where(eq(users.id, userId));

/** Sets a first password only while one is required; false when it was set already. */
export const setFirstPassword = async (db: Db, userId: number, passwordHash: string) =>
    (
        await db
            .update(users)
            .set({ password_hash: passwordHash, password_changed: true, updated_at: sql`now()` })
            .where(and(eq(users.id, userId), eq(users.password_changed, false)))
            .returning({ id: users.id })
    ).length > 0;

export const setPassword = async (db: Db, userId: number, passwordHash: string) =>
    (
        await db
            .update(users)
            .set({ password_hash: passwordHash, password_changed: true, updated_at: sql`now()` })
            .where(eq(users.id, userId))
            .returning()
    )[0]!;

/** Forgets the failed sign-ins counted against an e-mail (lockout.ts). */
export const forgetFailedSignIns = (db: Db, email: string) => db.delete(loginFailures).where(eq(loginFailures.key, `email:${email}`));

export const insertPasswordReset = (db: Db, values: { token_hash: string; user_id: number; expires_at: Date }) =>
    db.insert(passwordResets).values(values);

export const findPasswordReset = async (db: Db, tokenHash: string) =>
    (await db.select().from(passwordResets).where(eq(passwordResets.token_hash, tokenHash)).limit(1))[0];

/** Marks a reset link used in the same statement that checks it: a link cannot be redeemed twice. The user's id, or undefined. */
export const redeemPasswordReset = async (db: Db, tokenHash: string, now: Date) =>
    (
        await db
            .update(passwordResets)
            .set({ used_at: now })
            .where(and(eq(passwordResets.token_hash, tokenHash), isNull(passwordResets.used_at), gt(passwordResets.expires_at, now)))
            .returning({ user_id: passwordResets.user_id })
    )[0]?.user_id;

/** Records a one-time code's time step as used, only if later than the last one: two requests with one code cannot both pass. */
export const acceptTotpStep = async (db: Db, userId: number, step: number) =>
    (
        await db
            .update(users)
            .set({ tfa_last_step: step })
            .where(and(eq(users.id, userId), or(isNull(users.tfa_last_step), lt(users.tfa_last_step, step))))
            .returning({ id: users.id })
    ).length > 0;

export const setPendingSecret = (db: Db, userId: number, secret: string) =>
    db.update(users).set({ tfa_pending_secret: secret }).where(eq(users.id, userId));

/** Turns the pending secret into the user's second factor, with new recovery codes in place of the old ones. */
export const enableTwoFactor = (db: Db, userId: number, secret: string, step: number | undefined, codeHashes: string[]) =>
    db.transaction(async tx => {
        await tx
            .update(users)
            .set({
                tfa_secret: secret,
                tfa_pending_secret: null,
                tfa_enabled: true,
                ...(step === undefined ? {} : { tfa_last_step: step }),
                updated_at: sql`now()`,
            })
            .where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
        await tx.insert(recoveryCodes).values(codeHashes.map(code_hash => ({ user_id: userId, code_hash })));
    });

export const clearTwoFactor = (db: Db, userId: number) =>
    db.transaction(async tx => {
        await tx
            .update(users)
            .set({ tfa_enabled: false, tfa_secret: null, tfa_pending_secret: null, tfa_last_step: null, updated_at: sql`now()` })
            .where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    });

/** Uses an unused recovery code of the user; false when there is none with that hash. */
export const useRecoveryCode = async (db: Db, userId: number, codeHash: string, now: Date) =>
    (
        await db
            .update(recoveryCodes)
            .set({ used_at: now })
            .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, codeHash), isNull(recoveryCodes.used_at)))
            .returning({ id: recoveryCodes.id })
    ).length > 0;
