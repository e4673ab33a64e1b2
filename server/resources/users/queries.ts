import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import type { Db } from '../../db/database';
import { accounts, auditLogs, emailChanges, users } from '../../db/schema';
import { allOf, countAll, inAccountScope, textMatch, orderBy, page, type AccountScope } from '../../db/lists';

export type UserRow = typeof users.$inferSelect;
type UserWithAccount = { user: UserRow; account: { id: number; name: string; path: string } };

export const toUser = ({ user, account }: UserWithAccount) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    account: { id: account.id, name: account.name },
    external_user: user.external_user,
    tfa_enabled: user.tfa_enabled,
    password_changed: user.password_changed,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
});

const withAccount = (db: Db) =>
    db
        .select({ user: users, account: { id: accounts.id, name: accounts.name, path: accounts.path } })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.account_id));

export const findUser = async (db: Db, id: number): Promise<UserWithAccount | undefined> =>
    (await withAccount(db).where(eq(users.id, id)).limit(1))[0];

const recipient = { id: users.id, locale: users.locale, account_id: users.account_id };

/** The user an address belongs to, with what a mail to them is written by (language, account). */
export const findUserByEmail = async (db: Db, email: string) =>
    (await db.select(recipient).from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

/** What a mail to a user is written by: the language they chose and their account. */
export const mailRecipientOf = async (db: Db, id: number) => (await db.select(recipient).from(users).where(eq(users.id, id)).limit(1))[0];

const SORTABLE = {
    name: users.name,
    email: users.email,
    role: users.role,
    created_at: users.created_at,
    id: users.id,
    account: accounts.name,
};

export interface UserFilters {
    scope: AccountScope;
    q?: string;
    role?: Role;
    ids?: number[];
}

export const listUsers = (db: Db, filters: UserFilters, params: { page: number; per_page: number; sort?: string }) => {
    const where = allOf([
        inAccountScope(filters.scope, users.account_id),
        textMatch(filters.q, users.name, users.email),
        filters.role ? eq(users.role, filters.role) : undefined,
        filters.ids ? inArray(users.id, filters.ids) : undefined,
    ]);
    const query = withAccount(db)
        .where(where)
        .orderBy(...orderBy(params.sort, SORTABLE, { field: 'name', order: 'ASC' }, users.id));
    const count = db.select({ n: countAll }).from(users).innerJoin(accounts, eq(accounts.id, users.account_id)).where(where);
    return page<UserWithAccount>(query.$dynamic() as never, count, params);
};

export const insertUser = async (db: Db, values: typeof users.$inferInsert) =>
    (await db.insert(users).values(values).returning({ id: users.id }))[0]!.id;

export const updateUser = (db: Db, id: number, values: Partial<typeof users.$inferInsert>) =>
    db
        .update(users)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(users.id, id));

export const deleteUser = (db: Db, id: number) => db.delete(users).where(and(eq(users.id, id)));

/** How many times this user was told, since `since`, that an address another tenant uses is taken (audit action email_taken). */
export const emailTakenAnswers = async (db: Db, user: { id: number; account_id: number }, since: Date) =>
    (
        await db
            .select({ n: sql<number>`count(*)::int` })
            .from(auditLogs)
            .where(
                and(
                    eq(auditLogs.account_id, user.account_id),
                    sql`${auditLogs.timestamp} > ${since}`,
                    eq(auditLogs.user_id, user.id),
                    eq(auditLogs.action, 'email_taken'),
                ),
            )
    )[0]!.n;

export const insertEmailChange = (db: Db, values: { token_hash: string; user_id: number; email: string; expires_at: Date }) =>
    db.insert(emailChanges).values(values);

export const findEmailChange = async (db: Db, tokenHash: string) =>
    (await db.select().from(emailChanges).where(eq(emailChanges.token_hash, tokenHash)).limit(1))[0];

/** Marks a confirmation link used in the statement that checks it is unused and current: the change it asked for, or undefined. */
export const redeemEmailChange = async (db: Db, tokenHash: string, now: Date) =>
    (
        await db
            .update(emailChanges)
            .set({ used_at: now })
            .where(and(eq(emailChanges.token_hash, tokenHash), isNull(emailChanges.used_at), gt(emailChanges.expires_at, now)))
            .returning({ user_id: emailChanges.user_id, email: emailChanges.email })
    )[0];
