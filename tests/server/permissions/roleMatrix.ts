import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { can, type Action, type Resource } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ADMIN, type TestPlatform } from '../harness';

/**
 * Role × route × account, in the style of a policy table: each of the six
 * roles acts in its own account, a descendant and an unrelated account.
 * Non-admin actors are the users of the dealer account (Northwind Security):
 * its descendant is the customer Contoso Offices, the unrelated account is
 * Tailspin Clinic under the other dealer. The admin's own account is the
 * platform main account.
 */
export type Target = 'own' | 'descendant' | 'unrelated';
export const TARGETS: Target[] = ['own', 'descendant', 'unrelated'];
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RoleMatrix {
    tokens: Record<Role, string>;
    accountFor(role: Role, target: Target): number;
    call(role: Role, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
    asAdmin(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export const roleMatrix = async (p: TestPlatform): Promise<RoleMatrix> => {
    const tokens = {} as Record<Role, string>;
    const ownAccount = {} as Record<Role, number>;
    tokens.admin = await p.login(ADMIN.email);
    ownAccount.admin = p.mainAccountId;
    for (const role of ROLES.filter(r => r !== 'admin')) {
        tokens[role] = await p.login(p.demo.dealer.users[role].email);
        ownAccount[role] = p.demo.dealer.id;
    }
    const others = { descendant: p.demo.customers[0].id, unrelated: p.demo.otherCustomer.id };
    const call: RoleMatrix['call'] = (role, method, url, payload) =>
        p.call(tokens[role], { method, url: `/api/v2${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
        tokens,
        accountFor: (role, target) => (target === 'own' ? ownAccount[role] : others[target]),
        call,
        asAdmin: (method, url, payload) => call('admin', method, url, payload),
    };
};

/** DESIGN.md account scope: admin everywhere; dealer and installer their subtree; other roles their own account. */
export const inScope = (role: Role, target: Target) =>
    role === 'admin' || target === 'own' || (target === 'descendant' && (role === 'dealer' || role === 'installer'));

/** The status a scoped route answers: 403 without the right, else `ok` in scope and `outside` out of it. */
export const scoped =
    (resource: Resource, action: Action, ok: number, outside = 403) =>
    (role: Role, target: Target) =>
        !can(role, resource, action) ? 403 : inScope(role, target) ? ok : outside;

/** Runs a case for every role and target and compares the whole table at once, so one failure shows every cell. */
export const expectTable = async (
    run: (role: Role, target: Target) => Promise<number>,
    expected: (role: Role, target: Target) => number,
) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of ROLES)
        for (const target of TARGETS) {
            got.push(`${role}/${target}: ${await run(role, target)}`);
            want.push(`${role}/${target}: ${expected(role, target)}`);
        }
    expect(got).toEqual(want);
};

/** The same for a route that does not depend on an account. */
export const expectRoles = async (run: (role: Role) => Promise<number>, expected: (role: Role) => number) => {
    const got: string[] = [];
    for (const role of ROLES) got.push(`${role}: ${await run(role)}`);
    expect(got).toEqual(ROLES.map(r => `${r}: ${expected(r)}`));
};
