import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startPlatform, type TestPlatform } from '../harness';

/**
 * What ends a session: changing one's own password ends the user's other
 * sessions; a session has an absolute lifetime that refreshing never
 * extends; and changing one's own e-mail (where reset links go) needs the
 * current password. Through real HTTP on the started server.
 */
let p: TestPlatform;
let base: string;
beforeAll(async () => {
    p = await startPlatform({ sessionMaxSeconds: 3600, refreshTokenTtlSeconds: 1800 });
    base = await p.listen();
});
afterAll(() => p?.close());

const json = async (path: string, init: { method?: string; token?: string; body?: object } = {}) => {
    const res = await fetch(`${base}/api/v2${path}`, {
        method: init.method ?? 'GET',
        headers: {
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body && JSON.stringify(init.body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
};
const signIn = async (email: string, password = DEMO_PASSWORD) =>
    (await json('/login', { method: 'POST', body: { username: email, password } })).body as { token: string; refresh_token: string };

describe('sessions', () => {
    it("changing one's own password ends the other sessions, not the one that changed it", async () => {
        const email = p.demo.customers[1].users.manager.email;
        const laptop = await signIn(email);
        const phone = await signIn(email);
        const me = (await json('/me', { token: laptop.token })).body;
        const base = { name: me.name, email: me.email, role: me.role, account: { id: me.account.id } };
        const changed = await json(`/users/${me.id}`, {
            method: 'PUT',
            token: laptop.token,
            body: { ...base, password: 'Newer#Pass1', confirm: 'Newer#Pass1', current_password: DEMO_PASSWORD },
        });
        expect(changed.status).toBe(200);
        expect((await json('/me', { token: laptop.token })).status).toBe(200);
        expect((await json('/me', { token: phone.token })).status).toBe(401);
        expect((await json('/token/refresh', { method: 'POST', body: { refresh_token: phone.refresh_token } })).status).toBe(401);
        expect((await json('/token/refresh', { method: 'POST', body: { refresh_token: laptop.refresh_token } })).status).toBe(200);
    });

    it('ends at its absolute lifetime however often it is refreshed', async () => {
        let pair = await signIn(p.demo.customers[1].users.user.email);
        try {
            for (const minutes of [20, 40, 55]) {
                p.clock.offsetMs = minutes * 60_000;
                const refreshed = await json('/token/refresh', { method: 'POST', body: { refresh_token: pair.refresh_token } });
                expect(refreshed.status).toBe(200);
                pair = refreshed.body;
            }
            p.clock.offsetMs = 61 * 60_000;
            expect((await json('/token/refresh', { method: 'POST', body: { refresh_token: pair.refresh_token } })).status).toBe(401);
        } finally {
            p.clock.offsetMs = 0;
        }
    });

    it("changing one's own e-mail needs the current password", async () => {
        const email = p.demo.otherCustomer.users.manager.email;
        const { token } = await signIn(email);
        const me = (await json('/me', { token })).body;
        const body = { name: me.name, email: 'new.address@fabrikam.test', role: me.role, account: { id: me.account.id } };
        const without = await json(`/users/${me.id}`, { method: 'PUT', token, body });
        expect(without.status).toBe(400);
        expect(without.body.fields).toEqual({ current_password: 'Current password is required' });
        const wrong = await json(`/users/${me.id}`, { method: 'PUT', token, body: { ...body, current_password: 'Wrong#Pass1' } });
        expect(wrong.body.fields).toEqual({ current_password: 'Current password is incorrect' });
        const ok = await json(`/users/${me.id}`, { method: 'PUT', token, body: { ...body, current_password: DEMO_PASSWORD } });
        expect(ok.status).toBe(200);
        // Applied once the link mailed to the new address is opened (emailChange.test.ts).
        expect(ok.body).toMatchObject({ email, email_pending: 'new.address@fabrikam.test' });
    });
});
