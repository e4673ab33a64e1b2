import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLogs, users } from '../../../server/db/schema';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

/**
 * Bad input never breaks the server: arbitrary user and account bodies,
 * valid and invalid, get a 2xx or a 4xx with {error, request_id}, never a
 * 5xx, and a rejected request writes nothing.
 */
let p: TestPlatform;
let token: string;
beforeAll(async () => {
    p = await startPlatform();
    token = await p.login(ADMIN.email);
});
afterAll(() => p?.close());

const rows = async () => ({
    users: (await p.ctx.db.select({ n: count() }).from(users))[0]!.n,
    accounts: (await p.ctx.db.select({ n: count() }).from(accounts))[0]!.n,
    audit: (await p.ctx.db.select({ n: count() }).from(auditLogs))[0]!.n,
});

const text = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom('', ' ', '   ', 'a'.repeat(61), 'a'.repeat(256), 'Ünïcødé ✓', '<script>x</script>', "'; DROP TABLE users; --"),
);
const anything = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 2 }),
    fc.object({ maxDepth: 1 }),
);
const email = fc.oneof(fc.emailAddress(), text);
const role = fc.oneof(fc.constantFrom('admin', 'dealer', 'installer', 'moderator', 'manager', 'user'), text);
const password = fc.oneof(fc.constantFrom('Valid#Pass1', 'short', 'nouppercase1#', 'NoSpecial11', 'Bad char é1A#'), text);

const userBody = fc.record(
    {
        name: fc.oneof(text, anything),
        email: fc.oneof(email, anything),
        role: fc.oneof(role, anything),
        account: fc.oneof(fc.record({ id: fc.oneof(fc.constantFrom(0, 1, 2, 3, 999999), fc.integer(), anything) }), anything),
        external_user: fc.oneof(fc.boolean(), anything),
        password,
        confirm: password,
    },
    { requiredKeys: [] },
);

const accountBody = fc.record(
    {
        name: fc.oneof(text, anything),
        ref_number: fc.oneof(text, anything),
        address: fc.oneof(fc.record({ email, city: text, zip: text, phone_number: text, country: text }, { requiredKeys: [] }), anything),
        parent_id: fc.oneof(fc.constantFrom(1, 2, 999999), anything),
        options: fc.oneof(fc.array(fc.record({ type: text, name: text, value: text }), { maxLength: 3 }), anything),
    },
    { requiredKeys: [] },
);

const checkReply = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
    const before = await rows();
    const res = await p.call(token, { method, url, payload: body as object });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) {
        const reply = res.json();
        expect(reply).toMatchObject({ error: expect.any(String), request_id: res.headers['x-request-id'] });
        if (res.statusCode === 400 && reply.error === 'Validation error') expect(Object.keys(reply.fields).length).toBeGreaterThan(0);
        expect(await rows()).toEqual(before);
    }
    return res.statusCode;
};

describe('property: request bodies', () => {
    it('POST /users', async () => {
        const statuses = new Set<number>();
        await fc.assert(
            fc.asyncProperty(userBody, async body => void statuses.add(await checkReply('POST', '/api/v2/users', body))),
            { numRuns: 120 },
        );
        expect(statuses.has(400)).toBe(true);
    });

    it('PUT /users/:id', async () => {
        const target = p.demo.customers[0].users.user.id;
        await fc.assert(
            fc.asyncProperty(userBody, async body => void (await checkReply('PUT', `/api/v2/users/${target}`, body))),
            { numRuns: 80 },
        );
    });

    it('POST /accounts', async () => {
        await fc.assert(
            fc.asyncProperty(accountBody, async body => void (await checkReply('POST', '/api/v2/accounts', body))),
            { numRuns: 120 },
        );
    });

    it('PUT /accounts/:id', async () => {
        await fc.assert(
            fc.asyncProperty(accountBody, async body => void (await checkReply('PUT', `/api/v2/accounts/${p.demo.customers[1].id}`, body))),
            { numRuns: 80 },
        );
    });

    it('a body that is not JSON at all', async () => {
        const res = await p.call(token, {
            method: 'POST',
            url: '/api/v2/users',
            payload: '{"name": ',
            headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'Request is not valid.', request_id: res.headers['x-request-id'] });
    });
});
