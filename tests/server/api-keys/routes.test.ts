/** API keys: the section's calls, what is kept of a key, and a key used as a program would. */
import { eq } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../../contract/apiKeys';
import { buildApp } from '../../../server/app';
import { apiKeys, auditLogs } from '../../../server/db/schema';
import { sha256 } from '../../../server/crypto/tokens';
import { openStream } from '../events/sse';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

let p: TestPlatform;
let admin: ApiCaller;
let dealerId: number;
let customerId: number;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    dealerId = p.demo.dealer.id;
    customerId = p.demo.customers[0].id;
}, 60_000);
afterAll(() => p?.close());
afterEach(() => {
    p.clock.offsetMs = 0;
});

const withKey = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    p.app.inject({ method, url: `/api/v2${url}`, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

const createKey = async (caller: ApiCaller, accountId: number, body: { description: string; role: string; expires_at?: string | null }) => {
    const res = await caller('POST', `/accounts/${accountId}/api_keys`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; key: string; prefix: string; description: string; role: string; status: string };
};

describe('creating, listing and revoking keys', () => {
    it('gives the key once, in the create reply; the list and the audit log never hold it, the table only its hash', async () => {
        const moderator = await p.as(p.demo.dealer.users.moderator.email);
        const made = await createKey(moderator, dealerId, { description: 'Payroll sync', role: 'manager' });
        expect(made).toMatchObject({ description: 'Payroll sync', role: 'manager', status: 'active', created_by_name: expect.any(String) });
        expect(made.key).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
        expect(made.key.startsWith(made.prefix)).toBe(true);
        expect(made.prefix.length).toBeLessThan(made.key.length / 2);

        const list = await moderator('GET', `/accounts/${dealerId}/api_keys`);
        expect(list.statusCode).toBe(200);
        const listed = list.json().result.find((k: { id: number }) => k.id === made.id);
        expect(listed).toMatchObject({ description: 'Payroll sync', prefix: made.prefix, status: 'active', last_used_at: null });
        expect(list.body).not.toContain(made.key);
        expect(list.body).not.toContain(sha256(made.key));

        const [row] = await p.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
        expect(row!.secret_hash).toBe(sha256(made.key));
        expect(JSON.stringify(row)).not.toContain(made.key);

        const audit = await p.ctx.db.select().from(auditLogs).where(eq(auditLogs.resource, 'apiKeys'));
        const created = audit.find(a => a.entity_id === String(made.id) && a.action === 'create');
        expect(created).toMatchObject({ user_id: p.demo.dealer.users.moderator.id, account_id: dealerId });
        expect(JSON.stringify(audit)).not.toContain(made.key);
        expect(JSON.stringify(audit)).not.toContain(sha256(made.key));
    });

    it('lists newest first, only the keys of the account asked for', async () => {
        const a = await createKey(admin, customerId, { description: 'First', role: 'user' });
        const b = await createKey(admin, customerId, { description: 'Second', role: 'user' });
        const ids = (await admin('GET', `/accounts/${customerId}/api_keys`)).json().result.map((k: { id: number }) => k.id);
        expect(ids.slice(0, 2)).toEqual([b.id, a.id]);
        const dealerIds = (await admin('GET', `/accounts/${dealerId}/api_keys`)).json().result.map((k: { id: number }) => k.id);
        expect(dealerIds).not.toContain(a.id);
    });

    it('refuses a role the creator may not give, a past expiry and an empty description', async () => {
        const installer = await p.as(p.demo.dealer.users.installer.email);
        expect((await installer('POST', `/accounts/${dealerId}/api_keys`, { description: 'Too high', role: 'dealer' })).statusCode).toBe(
            403,
        );
        expect((await installer('POST', `/accounts/${dealerId}/api_keys`, { description: 'Ok', role: 'moderator' })).statusCode).toBe(201);
        const past = await admin('POST', `/accounts/${dealerId}/api_keys`, {
            description: 'Late',
            role: 'user',
            expires_at: new Date(Date.now() - 60_000).toISOString(),
        });
        expect(past.statusCode).toBe(400);
        expect(past.json().fields).toEqual({ expires_at: 'The expiry must be in the future.' });
        expect((await admin('POST', `/accounts/${dealerId}/api_keys`, { description: '  ', role: 'user' })).statusCode).toBe(400);
    });

    it('revokes a key at once, records it, and a key of another account is not found', async () => {
        const made = await createKey(admin, dealerId, { description: 'Door export', role: 'moderator' });
        expect((await withKey(made.key, 'GET', `/users?account_id=${dealerId}`)).statusCode).toBe(200);
        expect((await admin('DELETE', `/accounts/${customerId}/api_keys/${made.id}`)).statusCode).toBe(404);
        const revoked = await admin('DELETE', `/accounts/${dealerId}/api_keys/${made.id}`);
        expect(revoked.statusCode).toBe(200);
        expect(revoked.json()).toMatchObject({ id: made.id, status: 'revoked', revoked_at: expect.any(String) });
        const refused = await withKey(made.key, 'GET', `/users?account_id=${dealerId}`);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().error).toBe('Invalid, revoked or expired API key');
        const audit = await p.ctx.db
            .select()
            .from(auditLogs)
            .where(eq(auditLogs.entity_id, String(made.id)));
        expect(audit.filter(a => a.resource === 'apiKeys').map(a => a.action)).toEqual(['create', 'revoke']);
    });

    it("a user out of the account's scope may neither list nor create nor revoke its keys", async () => {
        const made = await createKey(admin, p.demo.otherCustomer.id, { description: 'Theirs', role: 'user' });
        const dealer = await p.as(p.demo.dealer.users.dealer.email);
        expect((await dealer('GET', `/accounts/${p.demo.otherCustomer.id}/api_keys`)).statusCode).toBe(403);
        expect((await dealer('POST', `/accounts/${p.demo.otherCustomer.id}/api_keys`, { description: 'x', role: 'user' })).statusCode).toBe(
            403,
        );
        expect((await dealer('DELETE', `/accounts/${p.demo.otherCustomer.id}/api_keys/${made.id}`)).statusCode).toBe(403);
        const manager = await p.as(p.demo.dealer.users.manager.email);
        expect((await manager('GET', `/accounts/${dealerId}/api_keys`)).statusCode).toBe(403);
        expect((await withKey(made.key, 'GET', `/users?account_id=${p.demo.otherCustomer.id}`)).statusCode).toBe(403);
    });
});

describe('a request with a key', () => {
    it('made-up, expired (the clock moved past it) and revoked keys get 401', async () => {
        expect((await withKey('ak_' + 'x'.repeat(43), 'GET', '/users')).statusCode).toBe(401);
        expect((await withKey('not even a key', 'GET', '/users')).statusCode).toBe(401);
        const soon = await createKey(admin, dealerId, {
            description: 'Trial',
            role: 'moderator',
            expires_at: new Date(Date.now() + 3600_000).toISOString(),
        });
        expect((await withKey(soon.key, 'GET', '/users')).statusCode).toBe(200);
        p.clock.offsetMs = 2 * 3600_000;
        expect((await withKey(soon.key, 'GET', '/users')).statusCode).toBe(401);
        const listed = (await admin('GET', `/accounts/${dealerId}/api_keys`)).json().result.find((k: { id: number }) => k.id === soon.id);
        expect(listed.status).toBe('expired');
    });

    it("is refused on a person's routes: me, terms, logout, two-factor setup", async () => {
        const made = await createKey(admin, dealerId, { description: 'Robot', role: 'moderator' });
        for (const [method, url] of [
            ['GET', '/me'],
            ['PUT', '/tos'],
            ['POST', '/logout'],
            ['GET', '/2fa-setup'],
        ] as const) {
            const res = await withKey(made.key, method, url);
            expect(res.statusCode, `${method} ${url}`).toBe(401);
        }
    });

    it('acts in its own account by default, and a bearer token wins over a key', async () => {
        const made = await createKey(admin, customerId, { description: 'Local', role: 'moderator' });
        const users = (await withKey(made.key, 'GET', '/users')).json().result as { account: { id: number } }[];
        expect(users.length).toBeGreaterThan(0);
        expect(users.every(u => u.account.id === customerId)).toBe(true);
        const token = await p.login(p.demo.dealer.users.user.email);
        // the user role has no users right: the token decides, not the key beside it
        const both = await p.app.inject({
            method: 'GET',
            url: '/api/v2/users',
            headers: { authorization: `Bearer ${token}`, 'x-api-key': made.key },
        });
        expect(both.statusCode).toBe(403);
    });

    it('cannot create keys, and never acts as its creator', async () => {
        const moderator = await p.as(p.demo.dealer.users.moderator.email);
        const made = await createKey(moderator, dealerId, { description: 'Sync', role: 'moderator' });
        expect((await withKey(made.key, 'POST', `/accounts/${dealerId}/api_keys`, { description: 'Child', role: 'user' })).statusCode).toBe(
            403,
        );
        // The creator is a moderator like the key. A key is not "oneself": it may not touch its creator's user as
        // its own (a user's own page is a person's route, 401), and deleting a peer moderator is refused (403, not
        // the 409 "your own user" of the creator itself).
        const creator = p.demo.dealer.users.moderator;
        expect((await withKey(made.key, 'GET', `/users/${creator.id}`)).statusCode).toBe(401);
        const edit = await withKey(made.key, 'PUT', `/users/${creator.id}`, {
            name: 'Taken over',
            email: creator.email,
            role: 'moderator',
        });
        expect(edit.statusCode).toBe(401);
        expect((await withKey(made.key, 'DELETE', `/users/${creator.id}`)).statusCode).toBe(403);
        expect((await admin('GET', `/users/${creator.id}`)).json().name).not.toBe('Taken over');
    });

    it("writes under the key's description in the audit log, and records when and where it was last used", async () => {
        const made = await createKey(admin, dealerId, { description: 'HR import', role: 'moderator' });
        const res = await withKey(made.key, 'POST', '/users', {
            name: 'From HR',
            email: 'from.hr@keys.test',
            role: 'user',
            account: { id: dealerId },
            password: 'From#Hr123',
            confirm: 'From#Hr123',
        });
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await p.ctx.db
            .select()
            .from(auditLogs)
            .where(eq(auditLogs.entity_id, String(res.json().id)));
        expect(row).toMatchObject({ action: 'create', resource: 'users', user_name: 'API key: HR import', user_id: p.adminId });
        const listed = (await admin('GET', `/accounts/${dealerId}/api_keys`)).json().result.find((k: { id: number }) => k.id === made.id);
        expect(listed.last_used_at).not.toBeNull();
        expect(listed.last_used_ip).toBe('127.0.0.1');
    });

    it('writes its last use at most once a minute', async () => {
        const made = await createKey(admin, dealerId, { description: 'Poller', role: 'user' });
        const lastUsed = async () => (await p.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!.last_used_at!.getTime();
        await withKey(made.key, 'GET', '/dashboard');
        const first = await lastUsed();
        p.clock.offsetMs = 30_000;
        await withKey(made.key, 'GET', '/dashboard');
        expect(await lastUsed()).toBe(first);
        p.clock.offsetMs = 61_000;
        await withKey(made.key, 'GET', '/dashboard');
        expect(await lastUsed()).toBeGreaterThan(first);
    });

    it(`has its own budget of ${API_KEY_REQUESTS_PER_MINUTE} requests a minute, then 429`, async () => {
        const busy = await createKey(admin, dealerId, { description: 'Busy', role: 'moderator' });
        const calm = await createKey(admin, dealerId, { description: 'Calm', role: 'moderator' });
        const statuses: number[] = [];
        for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 50)
            statuses.push(
                ...(await Promise.all(Array.from({ length: 50 }, () => withKey(busy.key, 'GET', '/roles')))).map(r => r.statusCode),
            );
        expect(statuses.filter(s => s !== 200)).toEqual([]);
        const over = await withKey(busy.key, 'GET', '/roles');
        expect(over.statusCode).toBe(429);
        expect(over.json().error).toBe('Too many requests with this API key. Try again in a minute.');
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect((await withKey(calm.key, 'GET', '/roles')).statusCode).toBe(200);
    }, 60_000);
});

describe('a live event stream opened with a key', () => {
    it('streams while the key is good, and ends at the next heartbeat once it is revoked', async () => {
        const made = await createKey(admin, dealerId, { description: 'Wall screen', role: 'moderator' });
        // No bearer token: the stream is the key's.
        const stream = await openStream(`${await p.listen()}/api/v2/events/live`, '', { 'x-api-key': made.key });
        try {
            expect(stream.status).toBe(200);
            await stream.next(m => m.event === 'ready');
            expect((await admin('DELETE', `/accounts/${dealerId}/api_keys/${made.id}`)).statusCode).toBe(200);
            const end = await stream.next(m => m.event === 'end', 20_000);
            expect(end.data).toEqual({ reason: 'session ended' });
            await expect.poll(() => stream.ended, { timeout: 5000 }).toBe(true);
        } finally {
            if (!stream.ended) await stream.close();
        }
    }, 30_000);
});

describe("the server's log", () => {
    it('never holds a key, even at trace level', async () => {
        const lines: string[] = [];
        const stream = new Writable({
            write(chunk, _enc, done) {
                lines.push(String(chunk));
                done();
            },
        });
        const app = await buildApp(p.ctx, { logger: { level: 'trace', stream } });
        await app.ready();
        const token = await p.login(ADMIN.email);
        const made = await app.inject({
            method: 'POST',
            url: `/api/v2/accounts/${dealerId}/api_keys`,
            headers: { authorization: `Bearer ${token}` },
            payload: { description: 'Logged', role: 'moderator' },
        });
        expect(made.statusCode).toBe(201);
        const key = made.json().key as string;
        expect((await app.inject({ method: 'GET', url: '/api/v2/users', headers: { 'x-api-key': key } })).statusCode).toBe(200);
        await app.inject({ method: 'GET', url: '/api/v2/me', headers: { 'x-api-key': key } });
        await app.close();
        expect(lines.length).toBeGreaterThan(3);
        expect(lines.filter(l => l.includes(key) || l.includes(key.slice(12)))).toEqual([]);
    });
});
