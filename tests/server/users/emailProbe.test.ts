import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_ANSWERS_PER_DAY } from '../../../contract/constants';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/**
 * The e-mail address is the platform-wide sign-in name, so giving a user a
 * taken one is refused, and the refusal tells that it exists. A manager
 * probing another tenant's addresses through new users or edits of others is
 * capped per day (a self edit answers alike either way: emailChange.test.ts).
 */
let p: TestPlatform;
let manager: ApiCaller;
let me: { id: number; account: { id: number } };
let other: { id: number; name: string; role: string };
beforeAll(async () => {
    p = await startPlatform();
    manager = await p.as(p.demo.customers[0].users.manager.email);
    me = (await manager('GET', '/me')).json();
    const users = (await manager('GET', `/users?account_id=${me.account.id}`)).json().result as {
        id: number;
        name: string;
        role: string;
        email: string;
    }[];
    other = users.find(u => u.email === p.demo.customers[0].users.user.email)!;
});
afterAll(() => p?.close());

const editOther = (email: string) =>
    manager('PUT', `/users/${other.id}`, { name: other.name, email, role: other.role, account: { id: me.account.id } });
const newUser = (i: number, email: string) =>
    manager('POST', '/users', {
        name: `Probe ${i}`,
        email,
        role: 'user',
        account: { id: me.account.id },
        password: 'Probe#Pass1',
        confirm: 'Probe#Pass1',
    });
const elsewhere = () => Object.values(p.demo.otherCustomer.users).map(u => u.email);

describe('addresses held in another tenant', () => {
    it(`answer 'already in use' ${EMAIL_TAKEN_ANSWERS_PER_DAY} times a day per user, then 429, while addresses in reach stay answerable`, async () => {
        const taken = elsewhere();
        for (let i = 0; i < EMAIL_TAKEN_ANSWERS_PER_DAY; i++) {
            const res = i % 2 ? await editOther(taken[i % taken.length]!) : await newUser(i, taken[i % taken.length]!);
            expect(res.statusCode, res.body).toBe(409);
        }
        const capped = await editOther(taken[0]!);
        expect(capped.statusCode).toBe(429);
        expect(capped.json().error).toBe(
            'Too many addresses already in use were tried today. Try again tomorrow, or ask your administrator.',
        );
        // An address of the manager's own account is in reach: it says nothing new, and is not capped.
        expect((await newUser(99, p.demo.customers[0].users.moderator.email)).statusCode).toBe(409);
        // A free address still works.
        expect((await editOther('user.new@contoso.test')).statusCode).toBe(200);
        // A day later the count starts again.
        p.clock.offsetMs = 24 * 3600_000 + 1000;
        try {
            expect((await editOther(taken[0]!)).statusCode).toBe(409);
        } finally {
            p.clock.offsetMs = 0;
        }
    });

    it('are recorded in the audit log without the address', async () => {
        const admin = await p.as(ADMIN.email);
        const logs = (await admin('GET', `/audit_logs?account_id=${me.account.id}&per_page=200`)).json().result as {
            action: string;
            user_id: number;
            before: unknown;
            after: unknown;
        }[];
        const probes = logs.filter(l => l.action === 'email_taken');
        expect(probes.length).toBeGreaterThanOrEqual(EMAIL_TAKEN_ANSWERS_PER_DAY);
        expect(probes.every(l => l.user_id === me.id && l.before === null && l.after === null)).toBe(true);
        expect(JSON.stringify(probes)).not.toContain(elsewhere()[0]);
    });
});
