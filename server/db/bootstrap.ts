import { eq, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from './database';
import { accounts, settings, users } from './schema';
import { newSecret } from '../crypto/tokens';
import { hashPassword } from '../crypto/passwords';

/** The JWT signing key, made once and shared by every server instance through the database. */
export const signingSecret = async (db: Db): Promise<string> => {
    await db.insert(settings).values({ key: 'jwt_secret', value: newSecret() }).onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    return row!.value as string;
};

/** The platform's identity, made once: a backup names it, and a restore asks before taking another platform's. */
export const platformId = async (db: Db): Promise<string> => {
    await db.insert(settings).values({ key: 'platform_id', value: randomUUID() }).onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, 'platform_id'));
    return row!.value as string;
};

/** A password that meets SPEC 5's rules, for first-run accounts. */
export const generatedPassword = () => `Ac${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7#`;

export interface Bootstrap {
    created: boolean;
    mainAccountId: number;
    adminEmail: string;
    /** set when the password was generated: printed once, to be changed at first sign-in */
    generatedPassword?: string;
}

/** On an empty database: the platform main account and its admin. */
export const bootstrap = async (db: Db, options: { adminEmail?: string; adminPassword?: string }): Promise<Bootstrap> => {
    const adminEmail = (options.adminEmail ?? 'admin@example.com').toLowerCase();
    await platformId(db);
    const [main] = await db.select().from(accounts).where(eq(accounts.main, true)).limit(1);
    if (main) return { created: false, mainAccountId: main.id, adminEmail };
    const password = options.adminPassword ?? generatedPassword();
    return db.transaction(async tx => {
        const [account] = await tx
            .insert(accounts)
            .values({ type: 'platform', main: true, name: 'Platform', ref_number: 'PLATFORM', email: adminEmail })
            .returning();
        await tx
            .update(accounts)
            .set({ path: sql`'/' || ${account!.id} || '/'` })
            .where(eq(accounts.id, account!.id));
        await tx.insert(users).values({
            account_id: account!.id,
            name: 'Platform Administrator',
            email: adminEmail,
            role: 'admin',
            password_hash: await hashPassword(password),
            // A generated password must be replaced at first sign-in (SPEC 2.1).
            password_changed: !!options.adminPassword,
        });
        return { created: true, mainAccountId: account!.id, adminEmail, generatedPassword: options.adminPassword ? undefined : password };
    });
};
