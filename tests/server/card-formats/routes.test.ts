import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCard, type WiegandFormat } from '../../../contract/card-formats';
import { can } from '../../../contract/rights';
import { ROLES, type Role } from '../../../contract/roles';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
beforeAll(async () => {
    p = await startPlatform();
});
afterAll(() => p?.close());

const as = (email: string) => p.as(email);
const layout = (name: string, over: Partial<WiegandFormat> = {}) => ({
    name,
    type: 'custom',
    bits: 30,
    facility: { start: 2, length: 10 },
    card: { start: 12, length: 18 },
    parity: [
        { position: 1, kind: 'even', covers: Array.from({ length: 14 }, (_, i) => i + 2) },
        { position: 30, kind: 'odd', covers: Array.from({ length: 14 }, (_, i) => i + 16) },
    ],
    ...over,
});

describe('card formats', () => {
    it('lists the six predefined formats, also without sign-in on the public list', async () => {
        const res = await p.app.inject({ method: 'GET', url: '/api/v2/card_formats/public' });
        expect(res.statusCode).toBe(200);
        expect(
            res
                .json()
                .result.map((f: { key: string }) => f.key)
                .sort(),
        ).toEqual(['c1000-35', 'fascn-200', 'h10301', 'h10302', 'h10304', 'h10306']);
        const h10301 = res.json().result.find((f: { key: string }) => f.key === 'h10301');
        expect(h10301).toMatchObject({ bits: 26, facility: { start: 2, length: 8 }, card: { start: 10, length: 16 }, type: 'predefined' });
    });

    it('a moderator creates a custom format for its account, which the codec can use; the errors are clear', async () => {
        const moderator = await as(p.demo.customers[0].users.moderator.email);
        const tooLong = await moderator('POST', '/card_formats', layout('Too long', { bits: 300 }));
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json().fields.bits).toBe('Must be a positive integer, at most 256');
        const overlapping = await moderator('POST', '/card_formats', layout('Overlap', { facility: { start: 2, length: 12 } }));
        expect(overlapping.statusCode).toBe(400);
        expect(Object.values(overlapping.json().fields)).toContain('card number overlaps the facility code at bit 12');

        const created = await moderator('POST', '/card_formats', layout('Contoso 30-bit'));
        expect(created.statusCode).toBe(201);
        const format = created.json();
        expect(format).toMatchObject({ name: 'Contoso 30-bit', type: 'custom', account_id: p.demo.customers[0].id });
        expect(encodeCard(format, { facilityCode: 1000, cardNumber: 200000 })).toHaveLength(30);
        expect((await moderator('POST', '/card_formats', layout('contoso 30-BIT'))).statusCode).toBe(409);
        expect((await moderator('POST', '/card_formats', layout('26-bit H10301'))).statusCode).toBe(409);

        const list = (await moderator('GET', '/card_formats?per_page=100')).json();
        expect(list.count).toBe(7);
        const other = await as(p.demo.otherCustomer.users.moderator.email);
        expect((await other('GET', '/card_formats?per_page=100')).json().count).toBe(6);
        expect((await other('GET', `/card_formats/${format.id}`)).statusCode).toBe(404);
        expect((await other('DELETE', `/card_formats/${format.id}`)).statusCode).toBe(404);

        const renamed = await moderator('PUT', `/card_formats/${format.id}`, layout('Contoso 30-bit v2'));
        expect(renamed.json().name).toBe('Contoso 30-bit v2');
        expect((await moderator('DELETE', `/card_formats/${format.id}`)).statusCode).toBe(204);
        expect((await moderator('GET', `/card_formats/${format.id}`)).statusCode).toBe(404);
    });

    it('predefined formats cannot be changed or deleted', async () => {
        const admin = await as(ADMIN.email);
        const h10301 = (await admin('GET', '/card_formats?type=predefined&q=H10301')).json().result[0];
        expect((await admin('PUT', `/card_formats/${h10301.id}`, layout('Mine'))).statusCode).toBe(409);
        const del = await admin('DELETE', `/card_formats/${h10301.id}`);
        expect(del.statusCode).toBe(409);
        expect(del.json().error).toBe('Predefined card formats cannot be changed or deleted.');
    });

    it('follows SPEC 6.2: admin, dealer, installer and moderator write; manager and user nothing', async () => {
        const got: string[] = [];
        for (const role of ROLES) {
            const call = await as(role === 'admin' ? ADMIN.email : p.demo.customers[1].users[role].email);
            const list = (await call('GET', '/card_formats')).statusCode;
            const create = (await call('POST', '/card_formats', layout(`By ${role}`))).statusCode;
            got.push(`${role}: ${list} ${create}`);
        }
        expect(got).toEqual(
            ROLES.map((r: Role) => `${r}: ${can(r, 'cardFormats', 'read') ? 200 : 403} ${can(r, 'cardFormats', 'write') ? 201 : 403}`),
        );
    });
});
