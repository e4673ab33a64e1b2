/**
 * Role × route × account with API keys instead of tokens: a key of each role
 * (in the dealer account, the admin's in the main account) gets exactly the
 * table a user of that role gets (tests/server/permissions/matrix.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { can } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { expectRoles, expectTable, inScope, scoped, type Method, type Target } from '../permissions/roleMatrix';

let p: TestPlatform;
let admin: ApiCaller;
const keys = {} as Record<Role, string>;
let seq = 0;

const ownAccount = (role: Role) => (role === 'admin' ? p.mainAccountId : p.demo.dealer.id);
const accountFor = (role: Role, target: Target) =>
    target === 'own' ? ownAccount(role) : target === 'descendant' ? p.demo.customers[0].id : p.demo.otherCustomer.id;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    for (const role of ROLES) {
        const res = await admin('POST', `/accounts/${ownAccount(role)}/api_keys`, { description: `${role} robot`, role });
        expect(res.statusCode, res.body).toBe(201);
        keys[role] = res.json().key;
    }
}, 120_000);
afterAll(() => p?.close());

const call = (role: Role, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    p.app.inject({ method, url: `/api/v2${url}`, headers: { 'x-api-key': keys[role] }, ...(payload ? { payload } : {}) });

const throwawayUser = async (accountId: number) => {
    const res = await admin('POST', '/users', {
        name: 'Throwaway',
        email: `throwaway${++seq}@keys.test`,
        role: 'user',
        account: { id: accountId },
        password: 'Throw#Away1',
        confirm: 'Throw#Away1',
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
};

const CASES: { name: string; run: (r: Role, t: Target) => Promise<number>; expected: (r: Role, t: Target) => number }[] = [
    {
        name: 'GET /users',
        run: (r, t) => call(r, 'GET', `/users?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('users', 'read', 200),
    },
    {
        name: 'POST /users',
        run: async (r, t) =>
            (
                await call(r, 'POST', '/users', {
                    name: 'New Person',
                    email: `new${++seq}@keys.test`,
                    role: 'user',
                    account: { id: accountFor(r, t) },
                    password: 'New#Pass11',
                    confirm: 'New#Pass11',
                })
            ).statusCode,
        expected: scoped('users', 'write', 201),
    },
    {
        name: 'DELETE /users/:id',
        run: async (r, t) => (await call(r, 'DELETE', `/users/${(await throwawayUser(accountFor(r, t))).id}`)).statusCode,
        expected: (r, t) => (!can(r, 'users', 'delete') ? 403 : inScope(r, t) ? 204 : 404),
    },
    {
        name: 'GET /accounts/:id',
        run: (r, t) => call(r, 'GET', `/accounts/${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('accounts', 'read', 200),
    },
    {
        name: 'GET /dashboard',
        run: (r, t) => call(r, 'GET', `/dashboard?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('dashboard', 'read', 200),
    },
    {
        name: 'GET /audit_logs',
        run: (r, t) => call(r, 'GET', `/audit_logs?account_id=${accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('auditLogs', 'read', 200),
    },
    {
        name: 'GET /accounts/:id/api_keys',
        run: (r, t) => call(r, 'GET', `/accounts/${accountFor(r, t)}/api_keys`).then(x => x.statusCode),
        expected: scoped('apiKeys', 'read', 200),
    },
    {
        name: 'DELETE /accounts/:id/api_keys/:keyId (revoke another key)',
        run: async (r, t) => {
            const made = await admin('POST', `/accounts/${accountFor(r, t)}/api_keys`, { description: `doomed ${++seq}`, role: 'user' });
            return (await call(r, 'DELETE', `/accounts/${accountFor(r, t)}/api_keys/${made.json().id}`)).statusCode;
        },
        expected: scoped('apiKeys', 'delete', 200),
    },
    {
        // A key never mints keys, whatever its role (docs/decisions.md).
        name: 'POST /accounts/:id/api_keys',
        run: (r, t) =>
            call(r, 'POST', `/accounts/${accountFor(r, t)}/api_keys`, { description: 'child', role: 'user' }).then(x => x.statusCode),
        expected: () => 403,
    },
];

const ROLE_WIDE: { name: string; run: (r: Role) => Promise<number>; expected: (r: Role) => number }[] = [
    {
        name: 'GET /system/settings',
        run: r => call(r, 'GET', '/system/settings').then(x => x.statusCode),
        expected: r => (r === 'admin' ? 200 : 403),
    },
    { name: 'GET /roles', run: r => call(r, 'GET', '/roles').then(x => x.statusCode), expected: r => (r === 'user' ? 403 : 200) },
    { name: 'GET /me (a person’s route)', run: r => call(r, 'GET', '/me').then(x => x.statusCode), expected: () => 401 },
];

describe('a key of every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) it(c.name, () => expectTable(c.run, c.expected));
    for (const c of ROLE_WIDE) it(c.name, () => expectRoles(c.run, c.expected));

    it('sees with cross_account only the users of the accounts in its scope', async () => {
        for (const role of ROLES.filter(r => can(r, 'users', 'read'))) {
            const users = (await call(role, 'GET', '/users?cross_account=true&per_page=200')).json().result as {
                account: { id: number };
            }[];
            expect(users.length).toBeGreaterThan(0);
            const accounts = new Set(users.map(u => u.account.id));
            if (role !== 'admin') expect(accounts.has(p.demo.otherCustomer.id), role).toBe(false);
            if (role === 'dealer' || role === 'installer') expect(accounts.has(p.demo.customers[0].id), role).toBe(true);
            if (role === 'moderator' || role === 'manager') expect([...accounts], role).toEqual([p.demo.dealer.id]);
        }
    });
});
