import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../contract/roles';
import type { AccountOption } from '../../contract/session';
import type { Db } from '../db/database';
import { accounts, users } from '../db/schema';
import { hashPassword } from '../crypto/passwords';

export interface DemoAccount {
    id: number;
    name: string;
    /** e-mail of its user of each role */
    users: Record<Role, { id: number; email: string }>;
}
export interface DemoPlatform {
    dealer: DemoAccount;
    customers: [DemoAccount, DemoAccount];
    /** a second dealer with one customer: "unrelated" for the first dealer's tree */
    otherDealer: DemoAccount;
    otherCustomer: DemoAccount;
}

const DEMO_OPTIONS: AccountOption[] = [
    { type: 'bool', name: 'acs/enabled', value: 'true' },
    { type: 'bool', name: 'ag/enabled', value: 'true' },
    { type: 'bool', name: 'acs/opt_out_enabled', value: 'true' },
    { type: 'bool', name: 'enr/enabled', value: 'true' },
    { type: 'bool', name: 'tfa/enabled', value: 'false' },
];

const slug = (name: string) =>
    name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');

const addAccount = async (db: Db, parentId: number, type: 'dealer' | 'customer', name: string, ref: string, city: string) => {
    const [parent] = await db.select({ path: accounts.path }).from(accounts).where(eq(accounts.id, parentId));
    const [row] = await db
        .insert(accounts)
        .values({
            parent_id: parentId,
            type,
            name,
            ref_number: ref,
            email: `office@${slug(name)}.example`,
            city,
            country: 'United States',
            options: DEMO_OPTIONS,
        })
        .returning();
    await db
        .update(accounts)
        .set({ path: sql`${parent!.path} || ${row!.id} || '/'` })
        .where(eq(accounts.id, row!.id));
    return row!;
};

/** Every account's users, one per role, share a password hash (hashed once: argon2 is slow on purpose). */
const addUsers = async (db: Db, accountId: number, accountName: string, passwordHash: string, roles: readonly Role[]) => {
    const result = {} as Record<Role, { id: number; email: string }>;
    for (const role of roles) {
        const email = `${role}@${slug(accountName)}.example`;
        const [row] = await db
            .insert(users)
            .values({
                account_id: accountId,
                name: `${accountName.split(' ')[0]} ${role[0]!.toUpperCase()}${role.slice(1)}`,
                email,
                role,
                password_hash: passwordHash,
                accepted_tos: true,
            })
            .returning({ id: users.id });
        result[role] = { id: row!.id, email };
    }
    return result;
};

const ACCOUNT_ROLES: Role[] = ROLES.filter(r => r !== 'admin');

/**
 * The demo platform of the README: a dealer with two customer accounts, and a
 * second dealer with one customer; one user of every role in each.
 */
export const seedDemoPlatform = async (db: Db, mainAccountId: number, password: string): Promise<DemoPlatform> => {
    const passwordHash = await hashPassword(password);
    // The administrator oversees web enrollment across the accounts: its route needs the option on the own account too (SPEC 6.3).
    const [main] = await db.select({ options: accounts.options }).from(accounts).where(eq(accounts.id, mainAccountId));
    if (main && !main.options.some(o => o.name === 'enr/enabled'))
        await db
            .update(accounts)
            .set({ options: [...main.options, { type: 'bool', name: 'enr/enabled', value: 'true' }] })
            .where(eq(accounts.id, mainAccountId));
    const make = async (parentId: number, type: 'dealer' | 'customer', name: string, ref: string, city: string): Promise<DemoAccount> => {
        const account = await addAccount(db, parentId, type, name, ref, city);
        return { id: account.id, name, users: await addUsers(db, account.id, name, passwordHash, ACCOUNT_ROLES) };
    };
    const dealer = await make(mainAccountId, 'dealer', 'Northwind Security', 'D-1001', 'Seattle');
    const customers: [DemoAccount, DemoAccount] = [
        await make(dealer.id, 'customer', 'Contoso Offices', 'C-2001', 'Portland'),
        await make(dealer.id, 'customer', 'Fabrikam Labs', 'C-2002', 'Tacoma'),
    ];
    const otherDealer = await make(mainAccountId, 'dealer', 'Southgate Integrators', 'D-1002', 'Austin');
    const otherCustomer = await make(otherDealer.id, 'customer', 'Tailspin Clinic', 'C-3001', 'Dallas');
    return { dealer, customers, otherDealer, otherCustomer };
};
