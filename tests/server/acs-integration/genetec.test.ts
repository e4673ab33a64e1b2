import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACS_MESSAGES } from '../../../contract/acsIntegration';
import { startGenetecSimulator, type GenetecSimulator } from '../../../server/demo/genetec/simulator';
import { GenetecConnector, type GenetecOptions } from '../../../server/resources/acs-integration/connectors/genetec';
import { connectorFor } from '../../../server/resources/acs-integration/connectors';

const USER = { username: 'sync', password: 'S3cret!', applicationId: 'APP-1' };

const connect = (sim: GenetecSimulator, options: Partial<GenetecOptions> = {}) =>
    new GenetecConnector({
        address: sim.url,
        username: USER.username,
        applicationId: USER.applicationId,
        password: USER.password,
        ...options,
    });

/** A port nothing listens on: one the system gave and took back. */
const closedPort = async () => {
    const server = net.createServer();
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise(resolve => server.close(resolve));
    return port;
};

describe('the Genetec Security Center connector against the simulated Web SDK', () => {
    let sim: GenetecSimulator;
    beforeAll(async () => {
        sim = await startGenetecSimulator({
            users: [USER, { username: 'viewer', password: 'V1ew!', privileged: false }],
            cardholders: [
                {
                    first_name: 'Ada',
                    last_name: 'Lovelace',
                    email: 'ada@acs.example',
                    credentials: [{ facility_code: 12, card_number: 34567 }],
                    groups: ['Staff', 'IT'],
                },
                {
                    first_name: 'Bob',
                    last_name: 'Stone',
                    state: 'Inactive',
                    credentials: [{ facility_code: 12, card_number: 111 }],
                    groups: ['Staff'],
                },
                { first_name: 'Cy', last_name: 'Expired', state: 'Expired', groups: ['Contractors'] },
            ],
        });
    });
    afterAll(() => sim.close());

    it('test() signs in with user;applicationId and says how many cardholders Security Center holds', async () => {
        const c = connect(sim);
        expect(await c.test()).toEqual({ ok: true, detail: `Connected to Security Center at ${sim.url}: 3 cardholders` });
        await c.close();
    });

    it('a wrong password, user name or application ID: the ACS refused the user name or password', async () => {
        for (const wrong of [{ password: 'nope' }, { username: 'other' }, { applicationId: 'APP-2' }]) {
            const c = connect(sim, wrong);
            expect(await c.test()).toEqual({ ok: false, error: ACS_MESSAGES.refused });
            await expect(c.cardholders()).rejects.toThrow(ACS_MESSAGES.refused);
            await c.close();
        }
    });

    it('a user without the privileges: says so rather than blaming the password', async () => {
        const c = connect(sim, { username: 'viewer', password: 'V1ew!' });
        expect(await c.test()).toEqual({ ok: false, error: ACS_MESSAGES.noPrivilege });
        await c.close();
    });

    it('a server that accepts the connection and never answers: Cannot reach <address>: no answer', async () => {
        const sockets: net.Socket[] = [];
        const silent = net.createServer(socket => void sockets.push(socket));
        await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve));
        const address = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/WebSdk`;
        try {
            const c = connect(sim, { address, timeoutMs: 300 });
            expect(await c.test()).toEqual({ ok: false, error: `Cannot reach ${address}: no answer` });
            await c.close();
        } finally {
            for (const socket of sockets) socket.destroy();
            silent.close();
        }
    });

    it('a closed port: Cannot reach <address>: connection refused', async () => {
        const address = `http://127.0.0.1:${await closedPort()}/WebSdk`;
        const c = connectorFor({
            provider: 'genetec',
            address,
            settings: { username: 'sync', application_id: 'APP-1' },
            secrets: { password: 'x' },
        });
        expect(await c.test()).toEqual({ ok: false, error: `Cannot reach ${address}: connection refused` });
        await c.close?.();
    });

    it('reads every cardholder with name, e-mail, state, badges (facility code, number, format) and groups', async () => {
        const c = connect(sim);
        const holders = await c.cardholders();
        await c.close();
        const byName = Object.fromEntries(holders.map(h => [h.name, h]));
        expect(Object.keys(byName).sort()).toEqual(['Ada Lovelace', 'Bob Stone', 'Cy Expired']);
        const ada = byName['Ada Lovelace']!;
        expect(ada.acs_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(sim.data.cardholders.get(ada.acs_id)?.first_name).toBe('Ada');
        expect(ada).toMatchObject({
            email: 'ada@acs.example',
            enabled: true,
            badges: [{ badge_number: '34567', facility_code: 12, card_format: '26-bit H10301' }],
        });
        expect(ada.access_groups.sort()).toEqual(['IT', 'Staff']);
        expect(byName['Bob Stone']).toMatchObject({ enabled: false, access_groups: ['Staff'] });
        expect(byName['Cy Expired']).toMatchObject({ enabled: false, badges: [], access_groups: ['Contractors'] });
    });

    it('follows changes made in Security Center: a new card, a removed card, a renamed and a removed cardholder', async () => {
        const local = await startGenetecSimulator({ users: [USER] });
        try {
            const [a, b] = local.data.generate(2);
            const card = local.data.addCredential(a!, { facility_code: 7, card_number: 4242 });
            local.data.removeCredential(local.data.cardholders.get(a!)!.credentials[0]!);
            local.data.changeCardholder(b!, { first_name: 'Renamed', state: 'Inactive' });
            const c = connect(local);
            let holders = await c.cardholders();
            expect(holders.find(h => h.acs_id === a)!.badges).toEqual([
                { badge_number: '4242', facility_code: 7, card_format: '26-bit H10301' },
            ]);
            expect(holders.find(h => h.acs_id === b)).toMatchObject({ enabled: false, name: expect.stringMatching(/^Renamed /) });
            local.data.removeCardholder(b!);
            holders = await c.cardholders();
            expect(holders.map(h => h.acs_id)).toEqual([a]);
            expect(local.data.credentials.has(card)).toBe(true);
            await c.close();
        } finally {
            await local.close();
        }
    });

    it('keeps to one cardholder group when the settings name one, and says so when it does not exist', async () => {
        const c = connect(sim, { cardholderGroup: 'it' });
        expect((await c.cardholders()).map(h => h.name)).toEqual(['Ada Lovelace']);
        await c.close();
        const missing = connect(sim, { cardholderGroup: 'Nobody' });
        await expect(missing.cardholders()).rejects.toThrow('Security Center has no cardholder group named "Nobody"');
        await missing.close();
    });

    it('pages over 2,500 cardholders: a few report pages and batched entity calls, every cardholder once', async () => {
        const big = await startGenetecSimulator({ users: [USER] });
        try {
            big.data.generate(2500);
            const c = connect(big);
            const holders = await c.cardholders();
            await c.close();
            expect(holders).toHaveLength(2500);
            expect(new Set(holders.map(h => h.acs_id)).size).toBe(2500);
            expect(holders.every(h => h.badges.length === 1 && h.access_groups.length === 1)).toBe(true);
            const reports = big.data.requests.filter(r => r.includes('EntityTypes@Cardholder,'));
            expect(reports).toHaveLength(3);
            // 2,500 cardholders and 2,500 credentials, 50 a call, plus the few groups: far fewer calls than entities.
            expect(big.data.requests.length).toBeLessThan(120);
        } finally {
            await big.close();
        }
    });
});

describe('the Genetec connector over https with a self-signed certificate', () => {
    let sim: GenetecSimulator;
    beforeAll(async () => {
        sim = await startGenetecSimulator({ users: [USER], https: true, cardholders: [{ first_name: 'Tls', last_name: 'Person' }] });
    });
    afterAll(() => sim.close());

    it('is refused without the account certificate, with a text that says why and what to do', async () => {
        const c = connect(sim);
        const result = await c.test();
        expect(result).toEqual({
            ok: false,
            error: `The certificate of ${sim.url} is not trusted (it is self-signed): upload the server's certificate, or its CA's, in PEM format`,
        });
        await c.close();
    });

    it("is accepted with the server's certificate as the account certificate", async () => {
        const c = connect(sim, { ca: sim.certificatePem });
        expect(await c.test()).toEqual({ ok: true, detail: `Connected to Security Center at ${sim.url}: 1 cardholders` });
        expect((await c.cardholders()).map(h => h.name)).toEqual(['Tls Person']);
        await c.close();
    });

    it('an https address on a plain http server fails as a handshake, not a hang', async () => {
        const plain = await startGenetecSimulator({ users: [USER] });
        try {
            const address = plain.url.replace('http://', 'https://');
            const c = connect(plain, { address });
            const result = await c.test();
            expect(result.ok).toBe(false);
            expect(!result.ok && result.error).toMatch(new RegExp(`^Cannot reach ${address.replace(/[.]/g, '\\.')}: `));
            await c.close();
        } finally {
            await plain.close();
        }
    });
});
