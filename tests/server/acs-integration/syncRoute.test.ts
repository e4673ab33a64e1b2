import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '../../../contract/sso';
import { startGenetecSimulator, type GenetecSimulator } from '../../../server/demo/genetec/simulator';
import { acsSyncJob } from '../../../server/resources/acs-integration/run';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { BASE_DN, startSlapd, type Slapd } from '../slapd';

/**
 * The ACS synchronisation as an account's staff and the schedule run it,
 * through the routes, against a real OpenLDAP server (the directory
 * connector) and the Genetec simulator: profiles added, a lost card that
 * suspends a profile until its replacement arrives, every change in the
 * integration log, and an ACS that cannot be read changing nothing.
 */
const PEOPLE = `ou=people,${BASE_DN}`;
const SERVICE = { dn: `cn=sync,${BASE_DN}`, password: 'Sync#Pass1' };
const LDIF = `
dn: ${SERVICE.dn}
objectClass: person
cn: sync
sn: sync
userPassword: ${SERVICE.password}

dn: ${PEOPLE}
objectClass: organizationalUnit
ou: people

dn: uid=alice,${PEOPLE}
objectClass: inetOrgPerson
objectClass: labAccount
uid: alice
cn: Alice Martin
sn: Martin
accessBadge: 45:10001

dn: uid=bob,${PEOPLE}
objectClass: inetOrgPerson
objectClass: labAccount
uid: bob
cn: Bob Stone
sn: Stone
accessBadge: 45:10002
`;
const GENETEC_USER = { username: 'sync', password: 'Very$ecret-Passw0rd', applicationId: 'APP-1' };

interface ApiProfile {
    id: number;
    acs_id: string | null;
    status: string;
    badges: { badge_number: number; facility_code: number | null }[];
}

let p: TestPlatform;
let admin: ApiCaller;
let slapd: Slapd;
let sim: GenetecSimulator;
let directoryAccount: number;
let genetecAccount: number;

const directoryForm = (password = SERVICE.password) => ({
    account_id: directoryAccount,
    provider: 'directory',
    address: slapd.url,
    settings: {
        bind_dn: SERVICE.dn,
        base_dn: PEOPLE,
        filter: '(objectClass=inetOrgPerson)',
        badge_attribute: 'accessBadge',
        group_attribute: '',
    },
    secrets: { password },
    sync_every_minutes: 0,
    enabled: true,
});
const sync = (account: number) => admin('POST', '/acs-integration/sync', { account_id: account });
const profiles = async (account: number) => {
    const res = await admin('GET', `/profiles?account_id=${account}&per_page=200`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as ApiProfile[]).filter(r => r.acs_id);
};
const logActions = async (account: number) =>
    ((await admin('GET', `/acs-integration/logs?account_id=${account}&per_page=200&sort=-id`)).json().result as { action: string }[]).map(
        e => e.action,
    );

beforeAll(async () => {
    p = await startPlatform();
    admin = await p.as(ADMIN.email);
    directoryAccount = p.demo.customers[0].id;
    genetecAccount = p.demo.otherCustomer.id;
    slapd = await startSlapd({ ldif: LDIF });
    sim = await startGenetecSimulator({ users: [GENETEC_USER] });
});
afterAll(async () => {
    await sim?.close();
    await slapd?.close();
    await p?.close();
});

describe('ACS synchronisation through the routes', () => {
    it('adds the directory’s cardholders as profiles with their badges, and logs each one', async () => {
        expect((await admin('PUT', '/acs-integration/update', directoryForm())).statusCode).toBe(200);
        const res = await sync(directoryAccount);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().counts.added).toBe(2);
        const list = await profiles(directoryAccount);
        expect(
            list
                .map(r => r.badges.map(b => `${b.facility_code}:${b.badge_number}`))
                .flat()
                .sort(),
        ).toEqual(['45:10001', '45:10002']);
        expect(list.every(r => r.status === 'active')).toBe(true);
        const actions = await logActions(directoryAccount);
        expect(actions.filter(a => a === 'added')).toHaveLength(2);
        expect(actions).toContain('sync');
        const integration = (await admin('GET', `/acs-integration?account_id=${directoryAccount}`)).json().integration;
        expect(integration.last_sync_status).toMatch(/^2 cardholders read: 2 added/);
    });

    it('keeps a profile whose lost card is deleted before the replacement is added: suspended, then back with the same id', async () => {
        const before = (await profiles(directoryAccount)).find(r => r.badges.some(b => b.badge_number === 10001))!;
        await slapd.modify(`dn: uid=alice,${PEOPLE}\nchangetype: modify\ndelete: accessBadge\n`);
        expect((await sync(directoryAccount)).json().counts.suspended).toBe(1);
        const suspended = (await profiles(directoryAccount)).find(r => r.id === before.id)!;
        expect(suspended.status).toBe('inactive');
        await slapd.modify(`dn: uid=alice,${PEOPLE}\nchangetype: modify\nadd: accessBadge\naccessBadge: 45:20001\n`);
        expect((await sync(directoryAccount)).json().counts.reactivated).toBe(1);
        const back = (await profiles(directoryAccount)).find(r => r.id === before.id)!;
        expect(back.status).toBe('active');
        expect(back.badges.map(b => b.badge_number)).toEqual([20001]);
        expect(await logActions(directoryAccount)).toEqual(
            expect.arrayContaining(['suspended', 'reactivated', 'badge_removed', 'badge_added']),
        );
    });

    it('says why an ACS cannot be read, changes nothing, and logs the failure', async () => {
        const count = (await profiles(directoryAccount)).length;
        // the stored password stays with the saved address: give a wrong one explicitly
        expect((await admin('PUT', '/acs-integration/update', directoryForm('wrong'))).statusCode).toBe(200);
        const res = await sync(directoryAccount);
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toBe(`Failed: ${SSO_ERRORS.adBind}`);
        expect((await profiles(directoryAccount)).length).toBe(count);
        expect((await logActions(directoryAccount))[0]).toBe('sync');
        const failed = (await admin('GET', `/acs-integration/logs?account_id=${directoryAccount}&level=error&sort=-id`)).json().result[0];
        expect(failed.message).toContain(SSO_ERRORS.adBind);
        await admin('PUT', '/acs-integration/update', directoryForm());
    });

    it('runs on schedule once per interval, from the Genetec simulator', async () => {
        sim.data.addCardholder({ first_name: 'Ada', last_name: 'Lovelace', credentials: [{ facility_code: 7, card_number: 4242 }] });
        const res = await admin('PUT', '/acs-integration/update', {
            account_id: genetecAccount,
            provider: 'genetec',
            address: sim.url,
            settings: { username: GENETEC_USER.username, application_id: GENETEC_USER.applicationId },
            secrets: { password: GENETEC_USER.password },
            sync_every_minutes: 15,
            enabled: true,
        });
        expect(res.statusCode, res.body).toBe(200);
        await acsSyncJob.run(p.ctx);
        expect((await profiles(genetecAccount)).map(r => r.badges.map(b => `${b.facility_code}:${b.badge_number}`))).toEqual([['7:4242']]);
        // a second run within the interval does not read the ACS again
        const calls = sim.data.requests.length;
        sim.data.addCardholder({ first_name: 'Grace', last_name: 'Hopper', credentials: [{ facility_code: 7, card_number: 4243 }] });
        await acsSyncJob.run(p.ctx);
        expect(sim.data.requests.length).toBe(calls);
        expect(await profiles(genetecAccount)).toHaveLength(1);
        // once the interval has passed, it does
        p.clock.offsetMs += 16 * 60_000;
        await acsSyncJob.run(p.ctx);
        expect(await profiles(genetecAccount)).toHaveLength(2);
    });

    it('answers 404 for an account without an integration and 409 for a disabled one', async () => {
        expect((await sync(p.demo.dealer.id)).statusCode).toBe(404);
        await admin('PUT', '/acs-integration/update', { ...directoryForm(), enabled: false });
        const res = await sync(directoryAccount);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe('The ACS integration is disabled: enable it to synchronise');
        await admin('PUT', '/acs-integration/update', directoryForm());
    });

    it('refuses a synchronisation to roles without the right and outside the account', async () => {
        const manager = await p.as(p.demo.dealer.users.manager.email);
        expect((await manager('POST', '/acs-integration/sync', { account_id: p.demo.dealer.id })).statusCode).toBe(403);
        const moderator = await p.as(p.demo.dealer.users.moderator.email);
        expect((await moderator('POST', '/acs-integration/sync', { account_id: directoryAccount })).statusCode).toBe(403);
    });
});
