import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '../../../contract/sso';
import { ADMIN, startPlatform, type ApiCaller, type TestPlatform } from '../harness';

/**
 * SSRF through directory sign-in: on a cloud platform, a directory whose
 * server address is loopback (or a name resolving there) is never dialled
 * when someone signs in with the password form; the sign-in says it cannot
 * connect, as for a directory that does not answer. The local "directory"
 * counts every connection it gets.
 */
let p: TestPlatform;
let admin: ApiCaller;
let server: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
    p = await startPlatform({ platformInstallation: 'cloud' });
    admin = await p.as(ADMIN.email);
    server = net.createServer(socket => {
        connections++;
        socket.destroy();
    });
    await new Promise<void>(resolve => server.listen(0, '::', resolve));
    port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
    await new Promise(resolve => server?.close(resolve));
    await p?.close();
});

const configure = async (serverAddress: string, secure: 'none' | 'ldaps' | 'starttls') => {
    const put = await admin('PUT', `/accounts/${p.mainAccountId}/identity_providers`, {
        kind: 'directory',
        settings: {
            server_address: serverAddress,
            secure_connection: secure,
            bind_dn: 'cn=sync,dc=example,dc=test',
            base_dn: 'dc=example,dc=test',
        },
        secrets: { bind_password: 'Sync#Pass1' },
        role_mapping: [{ group: 'Gate Keepers', role: 'user' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const prefs = await admin('PUT', `/accounts/${p.mainAccountId}/login_preferences`, { mode: 'both', break_glass_user_id: null });
    expect(prefs.statusCode, prefs.body).toBe(200);
};

describe('directory sign-in on a cloud platform', () => {
    it('does not connect to a loopback directory, and says it cannot connect', async () => {
        for (const [address, secure] of [
            [`ldap://127.0.0.1:${port}`, 'none'],
            [`ldap://[::1]:${port}`, 'none'],
            [`ldap://localhost:${port}`, 'starttls'],
            [`ldaps://localhost:${port}`, 'ldaps'],
            [`ldap://[::127.0.0.1]:${port}`, 'none'],
        ] as const) {
            await configure(address, secure);
            const res = await p.call(undefined, {
                method: 'POST',
                url: '/api/v2/login',
                payload: { username: 'dora', password: 'Dora#Pass1' },
            });
            expect(res.statusCode, address).toBe(401);
            expect(res.json().error, address).toBe(SSO_ERRORS.adConnect);
        }
        expect(connections).toBe(0);
    });
});
