import { inArray } from 'drizzle-orm';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACS_MESSAGES } from '../../../contract/acsIntegration';
import { OUTBOUND_TARGET_MESSAGES } from '../../../contract/outboundTarget';
import { acsIntegrations } from '../../../server/db/schema';
import { acsSyncJob } from '../../../server/resources/acs-integration/run';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/**
 * SSRF through the ACS integration: on a cloud platform a customer's
 * moderator must not make the platform connect to its own network (the
 * Genetec Web SDK address or the directory's LDAP address pointing at
 * loopback), not on test, on save or on a scheduled synchronisation, and
 * the test's reply must tell nothing of what answered. The local servers
 * count every connection they get.
 */
const SECRET_BODY = 'SECRET-BODY-of-an-internal-service';

/** A local HTTP server on both loopbacks (127.0.0.1 and ::1) that counts connections and answers `answer`. */
const startHttpTrap = async (answer: (response: http.ServerResponse) => void) => {
    let connections = 0;
    const server = http.createServer((_request, response) => answer(response));
    server.on('connection', () => connections++);
    await new Promise<void>(resolve => server.listen(0, '::', resolve));
    return {
        port: (server.address() as net.AddressInfo).port,
        connections: () => connections,
        close: async () => {
            server.closeAllConnections();
            await new Promise(resolve => server.close(resolve));
        },
    };
};
type HttpTrap = Awaited<ReturnType<typeof startHttpTrap>>;

/** A local TCP server (an "LDAP server") that counts connections and writes a secret to each. */
const startTcpTrap = async () => {
    let connections = 0;
    const server = net.createServer(socket => {
        connections++;
        socket.end(SECRET_BODY);
    });
    await new Promise<void>(resolve => server.listen(0, '::', resolve));
    return {
        port: (server.address() as net.AddressInfo).port,
        connections: () => connections,
        close: () => new Promise(resolve => server.close(resolve)),
    };
};
type TcpTrap = Awaited<ReturnType<typeof startTcpTrap>>;

/** What an internal service might answer: its own error, with something secret in it. */
const internalError = (response: http.ServerResponse) =>
    response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ Rsp: { Status: 'Fail', Result: { SdkErrorCode: SECRET_BODY, Message: SECRET_BODY } } }));

const genetecForm = (account: number, address: string) => ({
    account_id: account,
    provider: 'genetec',
    address,
    settings: { username: 'sync', application_id: 'APP-1' },
    secrets: { password: 'Very$ecret-Passw0rd' },
    sync_every_minutes: 15,
    enabled: true,
});
const directoryForm = (account: number, address: string) => ({
    account_id: account,
    provider: 'directory',
    address,
    settings: { bind_dn: 'cn=sync,dc=example,dc=test', base_dn: 'dc=example,dc=test' },
    secrets: { password: 'Sync#Pass1' },
    sync_every_minutes: 15,
    enabled: true,
});

describe('on a cloud platform', () => {
    let p: TestPlatform;
    let moderator: ApiCaller;
    let contoso: number;
    let web: HttpTrap;
    let ldap: TcpTrap;
    const loopbackGenetec = () => [
        `http://127.0.0.1:${web.port}/WebSdk`,
        `http://[::1]:${web.port}/WebSdk`,
        `http://localhost:${web.port}/WebSdk`,
        `http://[::127.0.0.1]:${web.port}/WebSdk`,
        `https://localhost:${web.port}/WebSdk`,
    ];
    const loopbackDirectory = () => [
        `ldap://127.0.0.1:${ldap.port}`,
        `ldap://[::1]:${ldap.port}`,
        `ldap://localhost:${ldap.port}`,
        `ldaps://127.0.0.1:${ldap.port}`,
    ];

    beforeAll(async () => {
        p = await startPlatform({ platformInstallation: 'cloud' });
        contoso = p.demo.customers[0].id;
        moderator = await p.as(p.demo.customers[0].users.moderator.email);
        web = await startHttpTrap(internalError);
        ldap = await startTcpTrap();
    });
    afterAll(async () => {
        await web?.close();
        await ldap?.close();
        await p?.close();
    });

    it("a moderator's connection test to a loopback Genetec or directory address is refused, and nothing connects", async () => {
        for (const [address, form] of [
            ...loopbackGenetec().map(a => [a, genetecForm(contoso, a)] as const),
            ...loopbackDirectory().map(a => [a, directoryForm(contoso, a)] as const),
        ]) {
            const res = await moderator('POST', '/acs-integration/test', form);
            expect(res.statusCode, address).toBe(200);
            expect(res.json(), address).toEqual({ ok: false, error: OUTBOUND_TARGET_MESSAGES.private });
            expect(res.body, address).not.toContain(SECRET_BODY);
        }
        expect(web.connections()).toBe(0);
        expect(ldap.connections()).toBe(0);
        const log = await moderator('GET', `/acs-integration/logs?account_id=${contoso}&action=test`);
        expect(log.json().result[0].message).toBe(`Connection test failed: ${OUTBOUND_TARGET_MESSAGES.private}`);
        expect(log.body).not.toContain(SECRET_BODY);
    });

    it('refuses to save a loopback address, field by field, and keeps nothing', async () => {
        for (const form of [
            ...loopbackGenetec().map(a => genetecForm(contoso, a)),
            ...loopbackDirectory().map(a => directoryForm(contoso, a)),
        ]) {
            const res = await moderator('PUT', '/acs-integration/update', form);
            expect(res.statusCode, form.address).toBe(400);
            expect(res.json().fields, form.address).toEqual({ address: OUTBOUND_TARGET_MESSAGES.private });
        }
        expect((await moderator('GET', `/acs-integration?account_id=${contoso}`)).json()).toEqual({ integration: null });
        expect(web.connections()).toBe(0);
        expect(ldap.connections()).toBe(0);
    });

    it('a stored loopback address (saved before the rule) is refused by the scheduled and the manual synchronisation', async () => {
        const fabrikam = p.demo.customers[1].id;
        // Saved when it was allowed, or its name resolved elsewhere then: the rows as the database holds them.
        await p.ctx.db.delete(acsIntegrations).where(inArray(acsIntegrations.account_id, [contoso, fabrikam]));
        await p.ctx.db.insert(acsIntegrations).values([
            {
                account_id: contoso,
                provider: 'genetec',
                address: `http://localhost:${web.port}/WebSdk`,
                settings: { username: 'sync', application_id: 'APP-1' },
                secrets: { password: 'Very$ecret-Passw0rd' },
                sync_every_minutes: 15,
            },
            {
                account_id: fabrikam,
                provider: 'directory',
                address: `ldap://127.0.0.1:${ldap.port}`,
                settings: { bind_dn: 'cn=sync,dc=example,dc=test', base_dn: 'dc=example,dc=test' },
                secrets: { password: 'Sync#Pass1' },
                sync_every_minutes: 15,
            },
        ]);
        await acsSyncJob.run(p.ctx);
        expect(web.connections()).toBe(0);
        expect(ldap.connections()).toBe(0);
        const admin = await p.as(ADMIN.email);
        for (const account of [contoso, fabrikam]) {
            const integration = (await admin('GET', `/acs-integration?account_id=${account}`)).json().integration;
            expect(integration.last_sync_status).toBe(`Failed: ${OUTBOUND_TARGET_MESSAGES.private}`);
            const res = await admin('POST', '/acs-integration/sync', { account_id: account });
            expect(res.statusCode).toBe(502);
            expect(res.json().error).toBe(`Failed: ${OUTBOUND_TARGET_MESSAGES.private}`);
        }
        expect(web.connections()).toBe(0);
        expect(ldap.connections()).toBe(0);
        // The saved password is not kept for a loopback address either: a test with it is refused the same way.
        const stored = await moderator('POST', '/acs-integration/test', {
            ...genetecForm(contoso, `http://localhost:${web.port}/WebSdk`),
            secrets: undefined,
        });
        expect(stored.json()).toEqual({ ok: false, error: OUTBOUND_TARGET_MESSAGES.private });
        expect(web.connections()).toBe(0);
    });
});

describe('on premise, a server that is not the Web SDK', () => {
    let p: TestPlatform;
    let moderator: ApiCaller;
    let contoso: number;
    const traps: HttpTrap[] = [];
    beforeAll(async () => {
        p = await startPlatform({ platformInstallation: 'on-premise' });
        contoso = p.demo.customers[0].id;
        moderator = await p.as(p.demo.customers[0].users.moderator.email);
    });
    afterAll(async () => {
        for (const trap of traps) await trap.close();
        await p?.close();
    });
    const trap = async (answer: (response: http.ServerResponse) => void) => {
        const started = await startHttpTrap(answer);
        traps.push(started);
        return started;
    };

    it("answers our own fixed text, never the server's body, message or status", async () => {
        const elsewhere = await trap(response =>
            response.writeHead(200, { 'content-type': 'application/json' }).end('{"Rsp":{"Status":"Ok"}}'),
        );
        const cases: [(response: http.ServerResponse) => void, (address: string) => string][] = [
            [response => response.writeHead(500, { 'content-type': 'text/plain' }).end(SECRET_BODY), ACS_MESSAGES.notWebSdk],
            [internalError, () => ACS_MESSAGES.serverError],
            [
                response =>
                    response
                        .writeHead(404, { 'content-type': 'application/json' })
                        .end(JSON.stringify({ Rsp: { Status: 'Fail', Result: { Message: SECRET_BODY } } })),
                () => ACS_MESSAGES.requestRefused,
            ],
            [
                response => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: SECRET_BODY })),
                ACS_MESSAGES.notWebSdk,
            ],
            // a redirect is not followed: the place it names gets nothing
            [
                response =>
                    response
                        .writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/WebSdk/`, 'content-type': 'text/plain' })
                        .end(SECRET_BODY),
                ACS_MESSAGES.notWebSdk,
            ],
        ];
        for (const [answer, expected] of cases) {
            const server = await trap(answer);
            const address = `http://127.0.0.1:${server.port}/WebSdk`;
            const res = await moderator('POST', '/acs-integration/test', genetecForm(contoso, address));
            expect(server.connections(), address).toBeGreaterThan(0);
            expect(res.json(), address).toEqual({ ok: false, error: expected(address) });
            expect(res.body).not.toContain(SECRET_BODY);
            expect(res.body).not.toMatch(/\b(500|404|302)\b/);
        }
        expect(elsewhere.connections()).toBe(0);
        const log = await moderator('GET', `/acs-integration/logs?account_id=${contoso}&per_page=100`);
        expect(log.body).not.toContain(SECRET_BODY);
    });
});
