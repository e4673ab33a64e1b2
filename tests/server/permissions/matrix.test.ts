/** Role × route × account for the foundation's routes (accounts, users, audit log, dashboard), on the shared table machinery of roleMatrix.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { startPlatform, type TestPlatform } from '../harness';
import { expectRoles, expectTable, inScope, roleMatrix, scoped, type Method, type RoleMatrix, type Target } from './roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

const accountFor = (role: Role, target: Target) => m.accountFor(role, target);
const right = (role: Role, resource: Resource, action: Action) => can(role, resource, action);
const call = (role: Role, method: Method, url: string, payload?: unknown) => m.call(role, method, url, payload);
const asAdmin = (method: Method, url: string, payload?: unknown) => m.asAdmin(method, url, payload);

/** A 'user'-role user in an account, made by the admin for one case. */
const throwawayUser = async (accountId: number) => {
    const res = await asAdmin('POST', '/users', {
        name: 'Throwaway',
        email: `throwaway${++seq}@matrix.test`,
        role: 'user',
        account: { id: accountId },
        password: 'Throw#Away1',
        confirm: 'Throw#Away1',
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; email: string };
};
const accountBody = async (id: number) => {
    const a = (await asAdmin('GET', `/accounts/${id}`)).json();
    return { name: a.name, ref_number: a.ref_number, address: a.address };
};

interface Case {
    name: string;
    run: (role: Role, target: Target) => Promise<number>;
    expected: (role: Role, target: Target) => number;
}

const CASES: Case[] = [
    {
        name: 'GET /users',
        run: (r, t) => call(r, 'GET', `/users?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('users', 'read', 200),
    },
    {
        name: 'GET /users/:id',
        run: async (r, t) => (await call(r, 'GET', `/users/${(await throwawayUser(accountFor(r, t))).id}`)).statusCode,
        expected: (r, t) => (!right(r, 'users', 'read') ? 403 : inScope(r, t) ? 200 : 404),
    },
    {
        name: 'POST /users',
        run: async (r, t) =>
            (
                await call(r, 'POST', '/users', {
                    name: 'New Person',
                    email: `new${++seq}@matrix.test`,
                    role: 'user',
                    account: { id: accountFor(r, t) },
                    password: 'New#Pass11',
                    confirm: 'New#Pass11',
                })
            ).statusCode,
        expected: scoped('users', 'write', 201),
    },
    {
        name: 'PUT /users/:id',
        run: async (r, t) => {
            const target = await throwawayUser(accountFor(r, t));
            return (
                await call(r, 'PUT', `/users/${target.id}`, {
                    name: 'Renamed',
                    email: target.email,
                    role: 'user',
                    account: { id: accountFor(r, t) },
                })
            ).statusCode;
        },
        expected: (r, t) => (!right(r, 'users', 'write') ? 403 : inScope(r, t) ? 200 : 404),
    },
    {
        name: 'DELETE /users/:id',
        run: async (r, t) => (await call(r, 'DELETE', `/users/${(await throwawayUser(accountFor(r, t))).id}`)).statusCode,
        expected: (r, t) => (!right(r, 'users', 'delete') ? 403 : inScope(r, t) ? 204 : 404),
    },
    {
        name: 'GET /accounts',
        run: (r, t) => call(r, 'GET', `/accounts?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('accounts', 'read', 200),
    },
    {
        name: 'GET /accounts/:id',
        run: (r, t) => call(r, 'GET', `/accounts/${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('accounts', 'read', 200),
    },
    {
        name: 'PUT /accounts/:id',
        run: async (r, t) => (await call(r, 'PUT', `/accounts/${accountFor(r, t)}`, await accountBody(accountFor(r, t)))).statusCode,
        expected: scoped('accounts', 'edit', 200),
    },
    {
        name: 'GET /accounts/:id/options',
        run: (r, t) => call(r, 'GET', `/accounts/${accountFor(r, t)}/options`).then(x => x.statusCode),
        expected: (r, t) => (inScope(r, t) ? 200 : 403),
    },
    {
        name: 'PUT /accounts/:id/options',
        run: async (r, t) => {
            const options = (await asAdmin('GET', `/accounts/${accountFor(r, t)}/options`)).json().options;
            return (await call(r, 'PUT', `/accounts/${accountFor(r, t)}/options`, { options })).statusCode;
        },
        expected: scoped('accounts', 'edit', 200),
    },
    {
        name: 'POST /accounts (under the dealer of the target)',
        run: async (r, t) => {
            const parent = t === 'unrelated' ? p.demo.otherDealer.id : p.demo.dealer.id;
            return (
                await call(r, 'POST', '/accounts', {
                    name: `Branch ${++seq}`,
                    ref_number: `B-${seq}`,
                    address: { email: `b${seq}@matrix.test` },
                    parent_id: parent,
                })
            ).statusCode;
        },
        expected: (r, t) => (!right(r, 'accounts', 'write') ? 403 : r === 'admin' || t !== 'unrelated' ? 201 : 403),
    },
    {
        name: 'DELETE /accounts/:id (an empty customer under the dealer of the target)',
        run: async (r, t) => {
            const parent = t === 'unrelated' ? p.demo.otherDealer.id : p.demo.dealer.id;
            const made = (
                await asAdmin('POST', '/accounts', {
                    name: `Doomed ${++seq}`,
                    ref_number: `X-${seq}`,
                    address: { email: `x${seq}@matrix.test` },
                    parent_id: parent,
                })
            ).json();
            return (await call(r, 'DELETE', `/accounts/${made.id}`)).statusCode;
        },
        expected: (r, t) => (!right(r, 'accounts', 'delete') ? 403 : r === 'admin' || t !== 'unrelated' ? 204 : 403),
    },
    {
        name: 'GET /audit_logs',
        run: (r, t) => call(r, 'GET', `/audit_logs?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('auditLogs', 'read', 200),
    },
    {
        name: 'GET /audit_logs/export',
        run: (r, t) => call(r, 'GET', `/audit_logs/export?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('auditLogs', 'read', 200),
    },
    {
        name: 'GET /dashboard',
        run: (r, t) => call(r, 'GET', `/dashboard?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('dashboard', 'read', 200),
    },
    {
        name: 'GET /me in the target account',
        run: (r, t) => call(r, 'GET', `/me?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: (r, t) => (inScope(r, t) ? 200 : 403),
    },
];

const ROLE_WIDE: { name: string; run: (role: Role) => Promise<number>; expected: (role: Role) => number }[] = [
    // SPEC 6.3: /roles is denied to user.
    { name: 'GET /roles', run: r => call(r, 'GET', '/roles').then(x => x.statusCode), expected: r => (r === 'user' ? 403 : 200) },
    { name: 'GET /version', run: r => call(r, 'GET', '/version').then(x => x.statusCode), expected: () => 200 },
    {
        name: 'GET /accounts/main',
        run: r => call(r, 'GET', '/accounts/main').then(x => x.statusCode),
        expected: r => (r === 'admin' ? 200 : 403),
    },
    {
        name: 'PUT /accounts/main (to the current main)',
        run: r => call(r, 'PUT', '/accounts/main', { id: p.mainAccountId }).then(x => x.statusCode),
        expected: r => (r === 'admin' ? 200 : 403),
    },
    {
        name: 'GET /users/:id (oneself)',
        run: async r => (await call(r, 'GET', `/users/${(await call(r, 'GET', '/me')).json().id}`)).statusCode,
        expected: () => 200,
    },
    {
        name: 'GET /users/:id/accounts (oneself)',
        run: async r => (await call(r, 'GET', `/users/${(await call(r, 'GET', '/me')).json().id}/accounts`)).statusCode,
        expected: () => 200,
    },
];

describe('every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) it(c.name, () => expectTable(c.run, c.expected));
    for (const c of ROLE_WIDE) it(c.name, () => expectRoles(c.run, c.expected));
});

describe('nothing leaks across accounts in list results', () => {
    const visibleAccounts = async (role: Role) =>
        new Set<number>(
            (await asAdmin('GET', '/accounts?cross_account=true&per_page=999999'))
                .json()
                .result.filter((a: { id: number; parent_id: number | null }) => {
                    if (role === 'admin') return true;
                    if (role === 'dealer' || role === 'installer') return a.id === p.demo.dealer.id || a.parent_id === p.demo.dealer.id;
                    return a.id === p.demo.dealer.id;
                })
                .map((a: { id: number }) => a.id)
                .concat(role === 'admin' ? [p.mainAccountId] : []),
        );

    it.each(ROLES)('%s sees only rows of accounts in its scope, with and without cross_account', async role => {
        const allowed = await visibleAccounts(role);
        for (const query of ['cross_account=true&per_page=999999', `account_id=${accountFor(role, 'own')}&per_page=999999`]) {
            if (can(role, 'users', 'read')) {
                const users = (await call(role, 'GET', `/users?${query.replace('999999', '200')}`)).json().result as {
                    account: { id: number };
                }[];
                expect(users.length).toBeGreaterThan(0);
                for (const u of users) expect(allowed.has(u.account.id)).toBe(true);
            }
            if (can(role, 'accounts', 'read')) {
                const accounts = (await call(role, 'GET', `/accounts?${query}`)).json().result as { id: number }[];
                for (const a of accounts) expect(allowed.has(a.id)).toBe(true);
            }
            if (can(role, 'auditLogs', 'read')) {
                const logs = (await call(role, 'GET', `/audit_logs?${query.replace('999999', '200')}`)).json().result as {
                    account_id: number | null;
                }[];
                expect(logs.length).toBeGreaterThan(0);
                // The admin reaches every account, those since deleted too: what was done in them stays in its audit log.
                if (role !== 'admin') for (const l of logs) expect(l.account_id === null || allowed.has(l.account_id)).toBe(true);
            }
        }
        if (role !== 'admin') {
            const switchable = (
                await call(role, 'GET', `/users/${(await call(role, 'GET', '/me')).json().id}/accounts?per_page=999999`)
            ).json().result as { id: number }[];
            for (const a of switchable) expect(allowed.has(a.id)).toBe(true);
        }
    });
});
