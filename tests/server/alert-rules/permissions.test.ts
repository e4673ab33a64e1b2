/**
 * Role × route × account for alert rules: moderators and above manage the
 * rules of the accounts they act in, managers read them, users see nothing;
 * a rule of an account out of reach is 403 by account and 404 by id.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, scoped, type RoleMatrix, type Target } from '../permissions/roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;
let seq = 0;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

const body = (accountId: number) => ({ name: `Rule ${++seq}`, emails: ['desk@site.example'], account_id: accountId });
/** a rule made by the admin in the target account */
const ruleIn = async (role: Role, target: Target) => {
    const res = await m.asAdmin('POST', '/alert_rules', body(m.accountFor(role, target)));
    return res.json().id as number;
};
/** by id: a rule out of reach does not exist for the caller */
const byId = (action: 'read' | 'write' | 'delete', ok: number) => (r: Role, t: Target) =>
    !can(r, 'alertRules', action) ? 403 : inScope(r, t) ? ok : 404;

const CASES: { name: string; run: (r: Role, t: Target) => Promise<number>; expected: (r: Role, t: Target) => number }[] = [
    {
        name: 'GET /alert_rules?account_id=',
        run: (r, t) => m.call(r, 'GET', `/alert_rules?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('alertRules', 'read', 200),
    },
    {
        name: 'POST /alert_rules',
        run: (r, t) => m.call(r, 'POST', '/alert_rules', body(m.accountFor(r, t))).then(x => x.statusCode),
        expected: scoped('alertRules', 'write', 201),
    },
    {
        name: 'GET /alert_rules/:id',
        run: async (r, t) => (await m.call(r, 'GET', `/alert_rules/${await ruleIn(r, t)}`)).statusCode,
        expected: byId('read', 200),
    },
    {
        name: 'PUT /alert_rules/:id',
        run: async (r, t) => (await m.call(r, 'PUT', `/alert_rules/${await ruleIn(r, t)}`, body(0))).statusCode,
        expected: byId('write', 200),
    },
    {
        name: 'DELETE /alert_rules/:id',
        run: async (r, t) => (await m.call(r, 'DELETE', `/alert_rules/${await ruleIn(r, t)}`)).statusCode,
        expected: byId('delete', 204),
    },
];

describe('alert rules for every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) it(c.name, () => expectTable(c.run, c.expected));
});
