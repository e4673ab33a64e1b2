/** Role × route × account for the webhooks routes, on the table machinery of tests/server/permissions/roleMatrix.ts. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { can } from '../../../contract/rights';
import type { Role } from '../../../contract/roles';
import { webhookDeliveries } from '../../../server/db/schema';
import { startPlatform, type TestPlatform } from '../harness';
import { expectTable, inScope, roleMatrix, scoped, type RoleMatrix, type Target } from '../permissions/roleMatrix';

let p: TestPlatform;
let m: RoleMatrix;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
}, 120_000);
afterAll(() => p?.close());

const SECRET = 'matrix-secret-0123456789abcd';
/** On premise (the tests' default) a loopback URL is fine, and nothing is ever sent: the sender does not run. */
const URL = 'http://127.0.0.1:9/hook';

/** A webhook the admin made in the target account of the role. */
const webhookIn = async (role: Role, target: Target) => {
    const res = await m.asAdmin('POST', '/webhooks', { account_id: m.accountFor(role, target), url: URL, secret: SECRET });
    return res.json().id as number;
};
/** A scoped route on one webhook: 403 without the right, 404 outside the scope (it does not exist for the caller). */
const onOne = (action: 'read' | 'write' | 'edit' | 'delete', ok: number) => (role: Role, target: Target) =>
    !can(role, 'webhooks', action) ? 403 : inScope(role, target) ? ok : 404;

const CASES = [
    {
        name: 'GET /webhooks',
        run: (r: Role, t: Target) => m.call(r, 'GET', `/webhooks?account_id=${m.accountFor(r, t)}`).then(x => x.statusCode),
        expected: scoped('webhooks', 'read', 200),
    },
    {
        name: 'POST /webhooks',
        run: (r: Role, t: Target) =>
            m.call(r, 'POST', '/webhooks', { account_id: m.accountFor(r, t), url: URL, secret: SECRET }).then(x => x.statusCode),
        expected: scoped('webhooks', 'write', 201),
    },
    {
        name: 'GET /webhooks/:id',
        run: async (r: Role, t: Target) => (await m.call(r, 'GET', `/webhooks/${await webhookIn(r, t)}`)).statusCode,
        expected: onOne('read', 200),
    },
    {
        name: 'PUT /webhooks/:id',
        run: async (r: Role, t: Target) =>
            (await m.call(r, 'PUT', `/webhooks/${await webhookIn(r, t)}`, { description: 'Changed' })).statusCode,
        expected: onOne('edit', 200),
    },
    {
        name: 'DELETE /webhooks/:id',
        run: async (r: Role, t: Target) => (await m.call(r, 'DELETE', `/webhooks/${await webhookIn(r, t)}`)).statusCode,
        expected: onOne('delete', 204),
    },
    {
        name: 'GET /webhooks/:id/deliveries',
        run: async (r: Role, t: Target) => (await m.call(r, 'GET', `/webhooks/${await webhookIn(r, t)}/deliveries`)).statusCode,
        expected: onOne('read', 200),
    },
    {
        name: 'POST /webhooks/:id/deliveries/:deliveryId/replay',
        run: async (r: Role, t: Target) => {
            const id = await webhookIn(r, t);
            const [delivery] = await p.ctx.db
                .insert(webhookDeliveries)
                .values({ webhook_id: id, event_id: 1, event_timestamp: new Date(), event_type: '2FAMismatch', status: 'failed' })
                .returning();
            return (await m.call(r, 'POST', `/webhooks/${id}/deliveries/${delivery!.id}/replay`)).statusCode;
        },
        expected: onOne('write', 200),
    },
];

describe('webhooks: every role in its own, a descendant and an unrelated account', () => {
    for (const c of CASES) it(c.name, () => expectTable(c.run, c.expected));
});
