import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { IdentityProviderKind, LoginMode, RoleMapping } from '../../../contract/sso';
import type { Db } from '../../db/database';
import { accounts, externalUsers, identityProviders, loginPreferences, ssoOnce, users } from '../../db/schema';

/** The SQL of single sign-on: the main account's identity provider, its login preferences and the external users it signs in. */

export type IdentityProviderRow = typeof identityProviders.$inferSelect;

export const providerOf = async (db: Db, accountId: number): Promise<IdentityProviderRow | undefined> =>
    (await db.select().from(identityProviders).where(eq(identityProviders.account_id, accountId)).limit(1))[0];

export const saveProvider = async (
    db: Db,
    values: {
        account_id: number;
        kind: IdentityProviderKind;
        settings: Record<string, unknown>;
        secrets: Record<string, string>;
        role_mapping: RoleMapping;
        updated_by: string;
        /** a provider of another kind has no use for the directory's keytab */
        dropKeytab: boolean;
    },
) => {
    const { dropKeytab, ...row } = values;
    const keytab = dropKeytab ? { keytab_key: null, keytab_name: null, keytab_size: null, keytab_uploaded_at: null } : {};
    return (
        await db
            .insert(identityProviders)
            .values({ ...row, ...keytab, updated_at: sql`now()` })
            .onConflictDoUpdate({ target: identityProviders.account_id, set: { ...row, ...keytab, updated_at: sql`now()` } })
            .returning()
    )[0]!;
};

export const deleteProvider = async (db: Db, accountId: number) =>
    (await db.delete(identityProviders).where(eq(identityProviders.account_id, accountId)).returning())[0];

/** Records a new keytab; the previous file's key, to be removed from storage. */
export const setKeytab = (db: Db, accountId: number, keytab: { key: string; name: string; size: number } | null, updatedBy: string) =>
    db.transaction(async tx => {
        const [before] = await tx
            .select({ key: identityProviders.keytab_key })
            .from(identityProviders)
            .where(eq(identityProviders.account_id, accountId))
            .for('update');
        await tx
            .update(identityProviders)
            .set({
                keytab_key: keytab?.key ?? null,
                keytab_name: keytab?.name ?? null,
                keytab_size: keytab?.size ?? null,
                keytab_uploaded_at: keytab ? sql`now()` : null,
                updated_at: sql`now()`,
                updated_by: updatedBy,
            })
            .where(eq(identityProviders.account_id, accountId));
        return before?.key ?? null;
    });

export interface LoginPreferencesRow {
    mode: LoginMode;
    break_glass_user_id: number | null;
}

export const preferencesOf = async (db: Db, accountId: number): Promise<LoginPreferencesRow> =>
    (
        await db
            .select({ mode: loginPreferences.mode, break_glass_user_id: loginPreferences.break_glass_user_id })
            .from(loginPreferences)
            .where(eq(loginPreferences.account_id, accountId))
            .limit(1)
    )[0] ?? { mode: 'local', break_glass_user_id: null };

export const savePreferences = (db: Db, accountId: number, prefs: LoginPreferencesRow, updatedBy: string) =>
    db
        .insert(loginPreferences)
        .values({ account_id: accountId, ...prefs, updated_by: updatedBy })
        .onConflictDoUpdate({ target: loginPreferences.account_id, set: { ...prefs, updated_by: updatedBy, updated_at: sql`now()` } });

/** What decides the login page and password sign-in: the main account, its mode, its break-glass user and its provider's kind. */
export const mainLoginState = async (db: Db) =>
    (
        await db
            .select({
                account_id: accounts.id,
                mode: loginPreferences.mode,
                break_glass_user_id: loginPreferences.break_glass_user_id,
                kind: identityProviders.kind,
            })
            .from(accounts)
            .leftJoin(loginPreferences, eq(loginPreferences.account_id, accounts.id))
            .leftJoin(identityProviders, eq(identityProviders.account_id, accounts.id))
            .where(eq(accounts.main, true))
            .limit(1)
    )[0];

/** A user who may be the break-glass user of an account: local, enabled, administrator or Account Administrator, of that account. */
export const breakGlassCandidate = async (db: Db, accountId: number, userId: number) =>
    (
        await db
            .select({ id: users.id, role: users.role, external_user: users.external_user, disabled: users.disabled })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.account_id, accountId)))
            .limit(1)
    )[0];

export type ExternalUserRow = typeof users.$inferSelect;

/** The user an identity provider's username signs in as. */
export const userOfUsername = async (db: Db, username: string): Promise<ExternalUserRow | undefined> =>
    (
        await db
            .select({ user: users })
            .from(externalUsers)
            .innerJoin(users, eq(users.id, externalUsers.user_id))
            .where(eq(externalUsers.username, username))
            .limit(1)
    )[0]?.user;

export const userOfEmail = async (db: Db, email: string): Promise<ExternalUserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

/** Links an external user (made by hand, or just created) to its username at the provider. */
export const linkUsername = (db: Db, userId: number, username: string) =>
    db.insert(externalUsers).values({ user_id: userId, username }).onConflictDoNothing();

/** Creates an external user and its link at once: a half-made user would be taken by no one. */
export const insertExternalUser = (
    db: Db,
    values: { account_id: number; name: string; email: string; role: 'moderator' | 'manager' | 'user'; username: string },
) =>
    db.transaction(async tx => {
        const { username, ...user } = values;
        const [row] = await tx
            .insert(users)
            .values({ ...user, external_user: true, password_hash: null, password_changed: true })
            .returning();
        await tx.insert(externalUsers).values({ user_id: row!.id, username });
        return row!;
    });

export const updateExternalUser = (
    db: Db,
    id: number,
    values: { name: string; role: 'moderator' | 'manager' | 'user'; account_id: number },
) =>
    db
        .update(users)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(users.id, id));

/** Notes a value that may be used once; false when it was already there (a replay). Drops the expired ones on the way. */
export const noteOnce = async (db: Db, kind: 'saml_request' | 'saml_assertion', id: string, until: Date): Promise<boolean> => {
    await db.delete(ssoOnce).where(lt(ssoOnce.until, new Date()));
    const inserted = await db
        .insert(ssoOnce)
        .values({ id: `${kind} ${id}`, kind, until })
        .onConflictDoNothing()
        .returning({ id: ssoOnce.id });
    return inserted.length > 0;
};

/** Takes a value noted by noteOnce, at most once: when it was noted, if it was there and still valid. */
export const takeOnce = async (db: Db, kind: 'saml_request' | 'saml_assertion', id: string): Promise<Date | undefined> => {
    const [taken] = await db
        .delete(ssoOnce)
        .where(and(eq(ssoOnce.id, `${kind} ${id}`), gt(ssoOnce.until, new Date())))
        .returning({ created_at: ssoOnce.created_at });
    return taken?.created_at;
};
