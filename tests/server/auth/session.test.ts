import { IMPLEMENTED_SCREENS } from '../../../contract/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
});
afterAll(() => p?.close());

describe('sign-in and me', () => {
    it('signs in and returns the user with the admin menu', async () => {
        const token = await p.login(ADMIN.email);
        const res = await p.call(token, { method: 'GET', url: '/api/v2/me' });
        expect(res.statusCode).toBe(200);
        const me = res.json();
        expect(me).toMatchObject({ email: ADMIN.email, role: 'admin', account: { main: true } });
        expect(me.menu.map((m: { key: string }) => m.key)).toContain('accounts');
        // Only screens the console has and this admin may open: not account management (multi-tenant).
        expect(me.menu.every((m: { key: 'profiles' }) => IMPLEMENTED_SCREENS.has(m.key))).toBe(true);
        expect(me.menu.map((m: { key: string }) => m.key)).toContain('profiles');
        expect(me.menu.map((m: { key: string }) => m.key)).toContain('backupAndRestore');
        expect(me.menu.map((m: { key: string }) => m.key)).toContain('settings');
        expect(me.menu.map((m: { key: string }) => m.key)).not.toContain('accountManagement');
        expect(res.headers['x-request-id']).toBeTruthy();
    });

    it('shows Web Enrollments in the menu only while the account has web enrollment on', async () => {
        const admin = await p.as(ADMIN.email);
        const keys = async () => (await admin('GET', '/me')).json().menu.map((m: { key: string }) => m.key);
        const path = `/accounts/${p.mainAccountId}/options`;
        const options: { name: string; value: string }[] = (await admin('GET', path)).json().options;
        // The demo's main account has it on, so the administrator oversees the customers' enrollments.
        expect(await keys()).toContain('webEnrollments');
        const off = options.map(o => (o.name === 'enr/enabled' ? { ...o, value: 'false' } : o));
        expect((await admin('PUT', path, { options: off })).statusCode).toBe(200);
        expect(await keys()).not.toContain('webEnrollments');
        expect((await admin('PUT', path, { options })).statusCode).toBe(200);
        expect(await keys()).toContain('webEnrollments');
    });

    it('answers 422 with the SPEC text for a wrong password', async () => {
        const res = await p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: ADMIN.email, password: 'wrong' } });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ error: 'Incorrect authentication credentials', request_id: res.headers['x-request-id'] });
    });

    it('keeps the language a user chose for the next sign-in, and refuses one the console lacks', async () => {
        const admin = await p.as(ADMIN.email);
        expect((await admin('GET', '/me')).json().locale).toBeNull();
        expect((await admin('PUT', '/me/locale', { locale: 'de' })).statusCode).toBe(204);
        // a new session, as on another browser
        const later = await p.as(ADMIN.email);
        expect((await later('GET', '/me')).json().locale).toBe('de');
        const refused = await later('PUT', '/me/locale', { locale: 'xx' });
        expect(refused.statusCode).toBe(400);
        expect((await later('GET', '/me')).json().locale).toBe('de');
        expect((await p.app.inject({ method: 'PUT', url: '/api/v2/me/locale', payload: { locale: 'es' } })).statusCode).toBe(401);
        await admin('PUT', '/me/locale', { locale: 'en' });
    });

    it('keeps a language whose code carries its region (pt-BR) as it was chosen, Italian and Arabic', async () => {
        const admin = await p.as(ADMIN.email);
        for (const locale of ['pt-BR', 'it', 'ar']) {
            expect((await admin('PUT', '/me/locale', { locale })).statusCode).toBe(204);
            const later = await p.as(ADMIN.email);
            expect((await later('GET', '/me')).json().locale).toBe(locale);
        }
        expect((await admin('PUT', '/me/locale', { locale: 'pt-PT' })).statusCode).toBe(400);
        await admin('PUT', '/me/locale', { locale: 'en' });
    });

    it('answers 401 {error, request_id} without a token', async () => {
        const res = await p.app.inject({ method: 'GET', url: '/api/v2/me' });
        expect(res.statusCode).toBe(401);
        expect(res.json().request_id).toBe(res.headers['x-request-id']);
    });

    it('answers unknown API routes with {error, request_id}', async () => {
        const res = await p.app.inject({ method: 'GET', url: '/api/v2/nothing-here' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ request_id: res.headers['x-request-id'] });
    });
});
