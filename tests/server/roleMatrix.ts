import { expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { deviceAuthorization } from '../../contract/device-api';
import { can, type Action, type Resource } from '../../contract/rights';
import { ROLES, type Role } from '../../contract/roles';
import { ADMIN, type ApiCaller, type TestPlatform } from './harness';

/**
 * Role × route × account tables (tests/server/permissions/matrix.test.ts):
 * each role acts in its own account, a descendant and an unrelated one. The
 * actors are the users of the dealer account (Northwind Security) and the
 * platform admin; the descendant is Contoso Offices, the unrelated account
 * Tailspin Clinic under the other dealer.
 */
export type Target = 'own' | 'descendant' | 'unrelated';
export const TARGETS: Target[] = ['own', 'descendant', 'unrelated'];

export interface Matrix {
    call(role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse>;
    admin: ApiCaller;
    accountFor(role: Role, target: Target): number;
}

export const matrixOf = async (p: TestPlatform): Promise<Matrix> => {
    const tokens = {} as Record<Role, string>;
    tokens.admin = await p.login(ADMIN.email);
    for (const role of ROLES.filter(r => r !== 'admin')) tokens[role] = await p.login(p.demo.dealer.users[role].email);
    const accountOf = { descendant: p.demo.customers[0].id, unrelated: p.demo.otherCustomer.id };
    return {
        call: (role, method, url, payload) => p.call(tokens[role], { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) }),
        admin: (method, url, payload) => p.call(tokens.admin, { method, url: `/api/v2${url}`, ...(payload ? { payload } : {}) }),
        accountFor: (role, target) => (target === 'own' ? (role === 'admin' ? p.mainAccountId : p.demo.dealer.id) : accountOf[target]),
    };
};

/** DESIGN.md account scope: admin everywhere; dealer and installer their subtree; other roles their own account. */
export const inScope = (role: Role, target: Target) => role === 'admin' || target === 'own' || (target === 'descendant' && (role === 'dealer' || role === 'installer'));

/** The usual expectation: 403 without the right; else `ok` in scope and `outside` (403 for account-level calls, 404 for another tenant's id) out of it. */
export const expectation = (resource: Resource, action: Action, ok: number, outside: 403 | 404) => (role: Role, target: Target) =>
    !can(role, resource, action) ? 403 : inScope(role, target) ? ok : outside;

export interface Case {
    name: string;
    run: (role: Role, target: Target) => Promise<number>;
    expected: (role: Role, target: Target) => number;
}

/** Runs a case for every role and target and compares the whole table at once, so a failure shows every cell. */
export const checkTable = async (c: Case) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of ROLES)
        for (const target of TARGETS) {
            got.push(`${role}/${target}: ${await c.run(role, target)}`);
            want.push(`${role}/${target}: ${c.expected(role, target)}`);
        }
    expect(got).toEqual(want);
};

let seq = 0;

/** A reader registered through the device API with the account's code and approved by the admin, with its key. */
export const approvedReader = async (p: TestPlatform, admin: ApiCaller, accountId: number) => {
    const code = (await admin('GET', `/devices/registration_code?account_id=${accountId}`)).json().code as string;
    const reader = {
        hardware_id: `HW-GRP-${process.pid}-${++seq}`,
        secret: randomBytes(24).toString('base64url'),
        pairing_code: '123456',
        board_type: 'rock-s1',
        release: '3.2.0',
        registration_code: code,
    };
    const register = () => p.app.inject({ method: 'POST', url: '/api/v2/device/register', payload: reader });
    const pending = await register();
    expect(pending.statusCode).toBe(202);
    const id = pending.json().device_id as number;
    expect((await admin('PUT', `/devices/${id}/approve`, { account_id: accountId })).statusCode).toBe(200);
    const approved = await register();
    expect(approved.statusCode).toBe(200);
    const key = approved.json().device_key as string;
    /** the reader's own calls of the device API */
    const device = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
        p.app.inject({ method, url: `/api/v2/device${url}`, headers: { authorization: deviceAuthorization(id, key), ...headers } });
    return { id, hardware_id: reader.hardware_id, device };
};
