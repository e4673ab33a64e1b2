import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RULE_MESSAGES } from '../../../contract/alertRules';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/** GET/POST/PUT/DELETE /alert_rules: what a client sends, what it is told when it is wrong, and the audit trail. */
let p: TestPlatform;
let admin: ApiCaller;
let moderator: ApiCaller;
let customer: number;

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    moderator = await p.as(p.demo.customers[0].users.moderator.email);
    customer = p.demo.customers[0].id;
});
afterAll(() => p?.close());

const rule = (extra: object = {}) => ({ name: 'Doors', event_types: ['CrossingByUnknownUser'], emails: ['guard@site.example'], ...extra });

describe('alert rules', () => {
    it('are created in the caller’s account, listed, read, changed and deleted, each write in the audit log', async () => {
        const made = await moderator('POST', '/alert_rules', rule({ user_ids: [p.demo.customers[0].users.manager.id] }));
        expect(made.statusCode, made.body).toBe(201);
        const created = made.json();
        expect(created).toMatchObject({
            account_id: customer,
            name: 'Doors',
            enabled: true,
            delivery: 'immediate',
            digest_period: null,
            event_types: ['CrossingByUnknownUser'],
            user_ids: [p.demo.customers[0].users.manager.id],
            emails: ['guard@site.example'],
        });
        const list = await moderator('GET', '/alert_rules');
        expect(list.json()).toMatchObject({ count: 1, result: [{ id: created.id }] });
        expect((await moderator('GET', `/alert_rules/${created.id}`)).json().name).toBe('Doors');
        const changed = await moderator(
            'PUT',
            `/alert_rules/${created.id}`,
            rule({ name: 'Doors at night', delivery: 'digest', digest_period: 'daily', enabled: false }),
        );
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json()).toMatchObject({
            name: 'Doors at night',
            delivery: 'digest',
            digest_period: 'daily',
            enabled: false,
            user_ids: [],
        });
        expect((await moderator('DELETE', `/alert_rules/${created.id}`)).statusCode).toBe(204);
        expect((await moderator('GET', `/alert_rules/${created.id}`)).statusCode).toBe(404);
        const logs = (await admin('GET', `/audit_logs?account_id=${customer}&resource=alertRules&per_page=50`)).json().result as {
            action: string;
            entity: string;
            entity_id: string;
        }[];
        expect(
            logs
                .filter(l => l.entity_id === String(created.id))
                .map(l => `${l.entity} ${l.action}`)
                .sort(),
        ).toEqual(['Alert rule create', 'Alert rule delete', 'Alert rule update']);
    });

    it('are refused with a clear text: no recipient, a bad address, users, devices or groups of another account, a digest without period', async () => {
        const fields = async (body: object) => {
            const res = await moderator('POST', '/alert_rules', body);
            expect(res.statusCode, res.body).toBe(400);
            return res.json().fields as Record<string, string>;
        };
        expect(await fields(rule({ emails: [] }))).toEqual({ user_ids: ALERT_RULE_MESSAGES.noRecipient });
        expect(await fields(rule({ emails: ['not-an-address'] }))).toEqual({ emails: ALERT_RULE_MESSAGES.badAddress });
        expect(await fields(rule({ user_ids: [p.demo.customers[1].users.manager.id] }))).toEqual({
            user_ids: ALERT_RULE_MESSAGES.unknownUsers,
        });
        expect(await fields(rule({ user_ids: [999999] }))).toEqual({ user_ids: ALERT_RULE_MESSAGES.unknownUsers });
        const elsewhere = await admin('POST', '/access_groups', { description: 'Elsewhere', account_id: p.demo.customers[1].id });
        expect(await fields(rule({ access_group_ids: [elsewhere.json().id] }))).toEqual({
            access_group_ids: ALERT_RULE_MESSAGES.foreignGroups,
        });
        expect(await fields(rule({ device_ids: [999999] }))).toEqual({ device_ids: ALERT_RULE_MESSAGES.foreignDevices });
        expect(await fields(rule({ delivery: 'digest' }))).toEqual({ digest_period: ALERT_RULE_MESSAGES.periodRequired });
        expect(Object.keys(await fields(rule({ event_types: ['NoSuchType'] })))).toEqual(['event_types.0']);
        expect((await moderator('GET', '/alert_rules')).json().count).toBe(0);
    });

    it('of another tenant do not exist for the caller', async () => {
        const theirs = (await admin('POST', '/alert_rules', rule({ account_id: p.demo.customers[1].id }))).json();
        expect((await moderator('GET', `/alert_rules/${theirs.id}`)).statusCode).toBe(404);
        expect((await moderator('PUT', `/alert_rules/${theirs.id}`, rule())).statusCode).toBe(404);
        expect((await moderator('DELETE', `/alert_rules/${theirs.id}`)).statusCode).toBe(404);
        expect((await moderator('GET', '/alert_rules?cross_account=true')).json().result).toEqual([]);
        const dealer = await p.as(p.demo.dealer.users.dealer.email);
        const seen = (await dealer('GET', '/alert_rules?cross_account=true')).json().result as { id: number }[];
        expect(seen.map(r => r.id)).toContain(theirs.id);
    });
});
