import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../server/db/schema';
import { ADMIN, DEMO_PASSWORD, startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
});
afterAll(() => p?.close());

const as = (email: string) => p.as(email);
const contoso = () => p.demo.customers[0];
const newUser = (over: object = {}) => ({
    name: 'Dana Doe',
    email: `dana${Math.random().toString(36).slice(2, 8)}@contoso.test`,
    role: 'user',
    account: { id: contoso().id },
    password: 'Dana#Pass1',
    confirm: 'Dana#Pass1',
    ...over,
});

describe('users (SPEC 5, 6.1)', () => {
    it('a moderator creates users at or below its level, not above; the e-mail is unique', async () => {
        const moderator = await as(contoso().users.moderator.email);
        const created = await moderator('POST', '/users', newUser({ email: 'Dana@Contoso.test' }));
        expect(created.statusCode).toBe(201);
        expect(created.json()).toMatchObject({
            email: 'dana@contoso.test',
            role: 'user',
            password_changed: false,
            account: { id: contoso().id },
        });
        expect((await moderator('POST', '/users', newUser({ role: 'moderator' }))).statusCode).toBe(201);
        const above = await moderator('POST', '/users', newUser({ role: 'installer' }));
        expect(above.statusCode).toBe(403);
        const again = await moderator('POST', '/users', newUser({ email: 'DANA@contoso.test' }));
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe('A user with this email already exists');
    });

    it('validates with the SPEC 5 messages', async () => {
        const admin = await as(ADMIN.email);
        const res = await admin('POST', '/users', newUser({ name: '   ', email: 'not-mail', password: 'abcdefgh', confirm: 'abcdefgX' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toEqual({
            name: 'Must not be blank',
            email: 'Invalid email address',
            password: 'Password strength not met',
            confirm: 'Passwords do not match',
        });
        const external = await admin(
            'POST',
            '/users',
            newUser({ email: 'just-a-username', external_user: true, password: undefined, confirm: undefined }),
        );
        expect(external.statusCode).toBe(201);
        expect(external.json()).toMatchObject({ external_user: true, email: 'just-a-username' });
    });

    it('edits only strictly lower roles; nobody changes their own role', async () => {
        const moderator = await as(contoso().users.moderator.email);
        const target = (await moderator('GET', `/users/${contoso().users.manager.id}`)).json();
        expect((await moderator('PUT', `/users/${target.id}`, { ...target, name: 'Renamed Manager' })).json().name).toBe('Renamed Manager');
        const peer = (await (await as(ADMIN.email))('GET', `/users/${contoso().users.installer.id}`)).json();
        expect((await moderator('PUT', `/users/${peer.id}`, { ...peer, name: 'Nope' })).statusCode).toBe(403);
        const me = (await moderator('GET', '/me')).json();
        const self = await moderator('PUT', `/users/${me.id}`, {
            name: me.name,
            email: me.email,
            role: 'manager',
            account: { id: contoso().id },
        });
        expect(self.statusCode).toBe(403);
        expect(self.json().error).toBe('You cannot change your own role.');
    });

    it('a new password for oneself needs the current one; an empty one keeps it', async () => {
        const email = contoso().users.manager.email;
        const manager = await as(email);
        const me = (await manager('GET', '/me')).json();
        const base = { name: me.name, email: me.email, role: 'manager', account: { id: contoso().id } };
        expect((await manager('PUT', `/users/${me.id}`, { ...base, password: '', confirm: '' })).statusCode).toBe(200);
        expect(
            (await p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: email, password: DEMO_PASSWORD } }))
                .statusCode,
        ).toBe(200);
        const missing = await manager('PUT', `/users/${me.id}`, { ...base, password: 'Fresh#Pass1', confirm: 'Fresh#Pass1' });
        expect(missing.json()).toMatchObject({ error: 'Validation error', fields: { current_password: 'Current password is required' } });
        const wrong = await manager('PUT', `/users/${me.id}`, {
            ...base,
            password: 'Fresh#Pass1',
            confirm: 'Fresh#Pass1',
            current_password: 'Wrong#Pass1',
        });
        expect(wrong.json().fields.current_password).toBe('Current password is incorrect');
        expect(
            (
                await manager('PUT', `/users/${me.id}`, {
                    ...base,
                    password: 'Fresh#Pass1',
                    confirm: 'Fresh#Pass1',
                    current_password: DEMO_PASSWORD,
                })
            ).statusCode,
        ).toBe(200);
        expect(
            (await p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: email, password: 'Fresh#Pass1' } }))
                .statusCode,
        ).toBe(200);
    });

    it('records every write with before and after, never a password', async () => {
        const admin = await as(ADMIN.email);
        const created = (await admin('POST', '/users', newUser())).json();
        await admin('PUT', `/users/${created.id}`, {
            name: 'Audited',
            email: created.email,
            role: 'manager',
            account: { id: contoso().id },
            password: 'Other#Pass1',
            confirm: 'Other#Pass1',
        });
        await admin('DELETE', `/users/${created.id}`);
        const trail = await p.ctx.db
            .select()
            .from(auditLogs)
            .where(eq(auditLogs.entity_id, String(created.id)))
            .orderBy(desc(auditLogs.id));
        expect(trail.map(t => t.action).slice(0, 3)).toEqual(['delete', 'update', 'create']);
        expect(trail[1]).toMatchObject({
            user_name: 'Platform Administrator',
            account_id: contoso().id,
            before: expect.objectContaining({ name: 'Dana Doe', role: 'user' }),
            after: expect.objectContaining({ name: 'Audited', role: 'manager' }),
        });
        expect(JSON.stringify(trail)).not.toMatch(/password_hash|Other#Pass1|argon2/);
    });

    it('nobody deletes themself', async () => {
        const admin = await as(ADMIN.email);
        expect((await admin('DELETE', `/users/${p.adminId}`)).statusCode).toBe(409);
    });
});

describe('accounts (SPEC 3, 5)', () => {
    it('hides ref_number from roles below dealer', async () => {
        const dealer = await as(p.demo.dealer.users.dealer.email);
        const installer = await as(p.demo.dealer.users.installer.email);
        expect((await dealer('GET', `/accounts/${contoso().id}`)).json().ref_number).toBe('C-2001');
        expect((await installer('GET', `/accounts/${contoso().id}`)).json().ref_number).toBeNull();
    });

    it('hides ref_number from roles below dealer in what the audit log recorded too', async () => {
        const dealer = await as(p.demo.dealer.users.dealer.email);
        const account = (await dealer('GET', `/accounts/${contoso().id}`)).json();
        const { id: _id, active_devices_count: _a, main: _m, ...body } = account;
        expect((await dealer('PUT', `/accounts/${contoso().id}`, { ...body, ref_number: 'C-2002' })).statusCode).toBe(200);
        const query = `account_id=${contoso().id}&entity=Account`;
        const seen = (await dealer('GET', `/audit_logs?${query}`)).json().result[0];
        expect(seen.after.ref_number).toBe('C-2002');
        const moderator = await as(contoso().users.moderator.email);
        const hidden = (await moderator('GET', `/audit_logs?${query}`)).json().result[0];
        expect(hidden.id).toBe(seen.id);
        expect(hidden.before).not.toHaveProperty('ref_number');
        expect(hidden.after).not.toHaveProperty('ref_number');
        expect(hidden.after.name).toBe(account.name);
        const csv = (await moderator('GET', `/audit_logs/export?${query}`)).body;
        expect(csv).not.toContain('C-200');
        expect((await dealer('GET', `/audit_logs/export?${query}`)).body).toContain('C-2002');
    });

    it('a dealer creates customers; a customer holds no accounts; an account with children is not deleted', async () => {
        const dealer = await as(p.demo.dealer.users.dealer.email);
        const made = await dealer('POST', '/accounts', {
            name: 'Globex Annex',
            ref_number: 'C-2099',
            address: { email: 'annex@globex.test', city: 'Olympia' },
        });
        expect(made.statusCode).toBe(201);
        expect(made.json()).toMatchObject({ type: 'customer', parent_id: p.demo.dealer.id, address: { city: 'Olympia' } });
        const nested = await dealer('POST', '/accounts', {
            name: 'Too Deep',
            ref_number: 'C-1',
            address: { email: 'deep@x.test' },
            parent_id: made.json().id,
        });
        expect(nested.statusCode).toBe(400);
        expect(nested.json().error).toBe('A customer account cannot hold other accounts.');
        const admin = await as(ADMIN.email);
        const withChildren = await admin('DELETE', `/accounts/${p.demo.dealer.id}`);
        expect(withChildren.statusCode).toBe(409);
        expect((await dealer('DELETE', `/accounts/${made.json().id}`)).statusCode).toBe(204);
        expect((await dealer('GET', `/accounts/${made.json().id}`)).statusCode).toBe(404);
    });

    it('validates the account limits of SPEC 5', async () => {
        const admin = await as(ADMIN.email);
        const res = await admin('POST', '/accounts', {
            name: 'x'.repeat(101),
            ref_number: '  ',
            address: { email: 'bad', zip: '1'.repeat(31), phone_number: '1'.repeat(26) },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields).toMatchObject({
            name: 'Maximum 100 characters',
            ref_number: 'Must not be blank',
            'address.email': 'Invalid email address',
            'address.zip': 'Maximum 30 characters',
            'address.phone_number': 'Maximum 25 characters',
        });
    });

    it('lists with page, per_page, sort and filters', async () => {
        const admin = await as(ADMIN.email);
        const page1 = (await admin('GET', '/accounts?cross_account=true&per_page=2&page=1&sort=-name')).json();
        const page2 = (await admin('GET', '/accounts?cross_account=true&per_page=2&page=2&sort=-name')).json();
        expect(page1.count).toBe(page2.count);
        const names = [...page1.result, ...page2.result].map((a: { name: string }) => a.name);
        expect(names).toEqual([...names].sort().reverse());
        expect(
            (await admin('GET', '/accounts?cross_account=true&type=dealer'))
                .json()
                .result.map((a: { name: string }) => a.name)
                .sort(),
        ).toEqual(['Northwind Security', 'Southgate Integrators']);
        expect((await admin('GET', '/accounts?cross_account=true&q=fabri')).json().result.map((a: { name: string }) => a.name)).toEqual([
            'Fabrikam Labs',
        ]);
        expect((await admin('GET', '/accounts?sort=-nope')).statusCode).toBe(400);
    });
});

describe('audit log export and dashboard', () => {
    it('exports the filtered audit log as CSV', async () => {
        const admin = await as(ADMIN.email);
        const res = await admin('GET', '/audit_logs/export?cross_account=true&action=login');
        expect(res.headers['content-type']).toContain('text/csv');
        expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-logs-.*\.csv"/);
        const lines = res.body.trim().split('\n');
        expect(lines[0]).toBe('timestamp,account_name,user_name,action,resource,entity,entity_id,ip,request_id,before,after');
        expect(lines.length).toBeGreaterThan(1);
        expect(lines.slice(1).every(l => l.split(',')[3] === 'login')).toBe(true);
    });

    it('counts every account in reach with cross_account, as the lists its tiles open', async () => {
        const dealer = await as(p.demo.dealer.users.dealer.email);
        const own = (await dealer('GET', '/dashboard')).json();
        expect(own.users.total).toBe(5);
        const board = (await dealer('GET', '/dashboard?cross_account=true')).json();
        expect(board.account.name).toBe('Northwind Security');
        expect(board.accounts.customers).toBeGreaterThanOrEqual(2);
        expect(board.users.by_role.admin).toBe(0);
        expect(board.users.total).toBeGreaterThanOrEqual(15);
        expect(board.sign_ins.at(-1).count).toBeGreaterThan(0);
    });

    it('shows audit activity (sign-ins, recent activity) only to roles that read the audit log', async () => {
        for (const role of ['manager', 'user'] as const) {
            const board = (await (await as(p.demo.customers[1].users[role].email))('GET', '/dashboard')).json();
            expect(board.account.name).toBe('Fabrikam Labs');
            expect(board).not.toHaveProperty('recent_activity');
            expect(board).not.toHaveProperty('sign_ins');
        }
        const moderator = (await (await as(p.demo.customers[1].users.moderator.email))('GET', '/dashboard')).json();
        expect(moderator.recent_activity.length).toBeGreaterThan(0);
    });
});

describe('one’s own sign-in method', () => {
    it('is not changed by the user', async () => {
        const user = await as(p.demo.customers[1].users.user.email);
        const me = (await user('GET', '/me')).json();
        const res = await user('PUT', `/users/${me.id}`, {
            name: me.name,
            email: me.email,
            role: 'user',
            account: { id: p.demo.customers[1].id },
            external_user: true,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().external_user).toBe(false);
    });
});
