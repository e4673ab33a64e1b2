import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directorySettings, SSO_ERRORS, type DirectorySettings } from '../../../contract/sso';
import { DirectoryBadCredentials, directorySignIn, directoryTest } from '../../../server/resources/sso/directory';
import { SsoError } from '../../../server/resources/sso/identity';
import { BASE_DN, makeCertificates, startSlapd, type Slapd } from '../slapd';

const SERVICE_DN = `cn=portal,ou=service,${BASE_DN}`;
const SERVICE_PASSWORD = 'Service#Pass1';
const ALICE_DN = `uid=alice,ou=people,${BASE_DN}`;
const DANA_DN = `cn=Dana (Ops)\\2A,ou=people,${BASE_DN}`;

const LDIF = `
dn: ou=service,${BASE_DN}
objectClass: organizationalUnit
ou: service

dn: ${SERVICE_DN}
objectClass: person
cn: portal
sn: portal
userPassword: ${SERVICE_PASSWORD}

dn: ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${BASE_DN}
objectClass: organizationalUnit
ou: groups

dn: ${ALICE_DN}
objectClass: inetOrgPerson
uid: alice
cn: Alice Martin
sn: Martin
displayName: Alice M.
mail: alice.martin@example.test
userPassword: Alice#Pass1

dn: uid=bob,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: bob
cn: Bob
sn: Bob
mail: front-desk@example.test
userPassword: Bob#Pass1

dn: cn=Carol Jones,ou=people,${BASE_DN}
objectClass: inetOrgPerson
objectClass: labAccount
cn: Carol Jones
sn: Jones
sAMAccountName: cjones
userPrincipalName: carol@corp.test
userPassword: Carol#Pass1

dn: ${DANA_DN}
objectClass: inetOrgPerson
uid: dana
cn: Dana (Ops)*
sn: Ops
mail: front-desk@example.test
userPassword: Dana#Pass1

dn: cn=Door Admins,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Door Admins
member: ${ALICE_DN}
member: ${DANA_DN}

dn: cn=Staff\\, Paris,ou=groups,${BASE_DN}
objectClass: groupOfNames
cn: Staff, Paris
member: ${ALICE_DN}
member: uid=bob,ou=people,${BASE_DN}

dn: cn=badge-printers,ou=groups,${BASE_DN}
objectClass: posixGroup
cn: badge-printers
gidNumber: 5001
memberUid: alice
`;

let slapd: Slapd;
let closedPort: number;

beforeAll(async () => {
    slapd = await startSlapd({ ldif: LDIF });
    // a port nothing listens on: taken, then released
    const server = net.createServer();
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    closedPort = (server.address() as net.AddressInfo).port;
    await new Promise(resolve => server.close(resolve));
});
afterAll(() => slapd?.close());

const settings = (over: Partial<DirectorySettings> = {}): DirectorySettings =>
    directorySettings.parse({
        server_address: slapd.url,
        secure_connection: 'none',
        bind_dn: SERVICE_DN,
        base_dn: BASE_DN,
        group_search_filter: '(&(objectClass=groupOfNames)(member={user_dn}))',
        user_query_dn: `ou=people,${BASE_DN}`,
        ...over,
    });
const secrets = { bind_password: SERVICE_PASSWORD };

/** The SPEC 8.5 text a failed sign-in carries. */
const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SsoError);
    return (error as SsoError).text;
};

describe('directory sign-in', () => {
    it('gives the person, their e-mail and their groups (DN and cn) over ldap://', async () => {
        const identity = await directorySignIn(settings(), secrets, 'alice', 'Alice#Pass1');
        expect(identity).toEqual({
            username: 'alice',
            name: 'Alice M.',
            email: 'alice.martin@example.test',
            groups: expect.arrayContaining([
                `cn=Door Admins,ou=groups,${BASE_DN}`,
                'Door Admins',
                `cn=Staff\\, Paris,ou=groups,${BASE_DN}`,
                'Staff, Paris',
            ]),
        });
        // memberOf and the group search name the same groups: each once
        expect(identity.groups).toHaveLength(4);
    });

    it('reads groups from memberOf alone when no group filter is set, and from a filter on {username}', async () => {
        const viaMemberOf = await directorySignIn(settings({ group_search_filter: '' }), secrets, 'bob', 'Bob#Pass1');
        expect(viaMemberOf.groups).toEqual([`cn=Staff\\, Paris,ou=groups,${BASE_DN}`, 'Staff, Paris']);
        const viaUid = await directorySignIn(
            settings({ group_search_filter: '(&(objectClass=posixGroup)(memberUid={username}))' }),
            secrets,
            'alice',
            'Alice#Pass1',
        );
        expect(viaUid.groups).toEqual(expect.arrayContaining([`cn=badge-printers,ou=groups,${BASE_DN}`, 'badge-printers']));
    });

    it('finds a person by e-mail, or by UPN from a bare name and the UPN suffix, and names them by their account name', async () => {
        const byMail = await directorySignIn(settings(), secrets, 'alice.martin@example.test', 'Alice#Pass1');
        expect(byMail.username).toBe('alice');
        const byUpn = await directorySignIn(settings({ upn_suffix: '@corp.test' }), secrets, 'carol', 'Carol#Pass1');
        expect(byUpn).toMatchObject({ username: 'cjones', name: 'Carol Jones' });
        await expect(directorySignIn(settings(), secrets, 'carol', 'Carol#Pass1')).rejects.toBeInstanceOf(DirectoryBadCredentials);
        const bySam = await directorySignIn(settings(), secrets, 'CJONES', 'Carol#Pass1');
        expect(bySam.username).toBe('cjones');
    });

    it('escapes the user DN put into the group filter (a DN with parentheses and a star)', async () => {
        const identity = await directorySignIn(settings(), secrets, 'dana', 'Dana#Pass1');
        expect(identity.name).toBe('Dana (Ops)*');
        expect(identity.groups).toEqual(expect.arrayContaining(['Door Admins']));
        expect(identity.groups).not.toContain('Staff, Paris');
    });

    it('signs in over ldaps:// and over StartTLS, trusting the configured CA', async () => {
        const overLdaps = await directorySignIn(
            settings({ server_address: slapd.ldapsUrl, secure_connection: 'ldaps', certificates: slapd.caPem }),
            secrets,
            'alice',
            'Alice#Pass1',
        );
        expect(overLdaps.username).toBe('alice');
        const overStartTls = await directorySignIn(
            settings({ secure_connection: 'starttls', certificates: slapd.caPem }),
            secrets,
            'alice',
            'Alice#Pass1',
        );
        expect(overStartTls.email).toBe('alice.martin@example.test');
    });

    it('refuses a wrong password as bad credentials, not as a directory fault', async () => {
        await expect(directorySignIn(settings(), secrets, 'alice', 'Bob#Pass1')).rejects.toBeInstanceOf(DirectoryBadCredentials);
    });

    it('refuses an empty password before any bind (LDAP would take it as an anonymous bind)', async () => {
        await expect(directorySignIn(settings(), secrets, 'alice', '')).rejects.toBeInstanceOf(DirectoryBadCredentials);
        // not even a connection: a dead server still answers bad credentials, not "cannot connect"
        const dead = settings({ server_address: `ldap://127.0.0.1:${closedPort}` });
        await expect(directorySignIn(dead, secrets, 'alice', '')).rejects.toBeInstanceOf(DirectoryBadCredentials);
    });

    it('answers an unknown person as a wrong password : it must not tell who exists in the directory', async () => {
        await expect(directorySignIn(settings(), secrets, 'mallory', 'Alice#Pass1')).rejects.toBeInstanceOf(DirectoryBadCredentials);
    });

    it('refuses a login that names several people rather than pick one', async () => {
        expect(await failure(directorySignIn(settings(), secrets, 'front-desk@example.test', 'Bob#Pass1'))).toBe(SSO_ERRORS.adUserData);
    });

    it('finds nobody with filter syntax in the username', async () => {
        for (const name of ['ali*', '*)(uid=*', 'alice)(|(uid=*', '*', 'alice\\']) {
            await expect(directorySignIn(settings(), secrets, name, 'Alice#Pass1')).rejects.toBeInstanceOf(DirectoryBadCredentials);
        }
    });

    it('answers a refused service account with adBind', async () => {
        expect(await failure(directorySignIn(settings(), { bind_password: 'wrong' }, 'alice', 'Alice#Pass1'))).toBe(SSO_ERRORS.adBind);
        expect(await failure(directorySignIn(settings(), { bind_password: '' }, 'alice', 'Alice#Pass1'))).toBe(SSO_ERRORS.adBind);
    });

    it('answers a closed port, a CA it does not trust, or TLS against a plain port with adConnect', async () => {
        const closed = settings({ server_address: `ldap://127.0.0.1:${closedPort}` });
        expect(await failure(directorySignIn(closed, secrets, 'alice', 'Alice#Pass1'))).toBe(SSO_ERRORS.adConnect);
        // "ldaps" with an ldap:// address still means TLS, never a quiet plain connection
        const tlsOnPlainPort = settings({ secure_connection: 'ldaps', certificates: slapd.caPem });
        expect(await failure(directorySignIn(tlsOnPlainPort, secrets, 'alice', 'Alice#Pass1'))).toBe(SSO_ERRORS.adConnect);

        const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'other-ca-'));
        try {
            const other = await makeCertificates(otherDir, 'Another CA');
            for (const untrusted of [
                settings({ server_address: slapd.ldapsUrl, secure_connection: 'ldaps', certificates: other.caPem }),
                settings({ server_address: slapd.ldapsUrl, secure_connection: 'ldaps', certificates: '' }),
                settings({ secure_connection: 'starttls', certificates: other.caPem }),
            ]) {
                expect(await failure(directorySignIn(untrusted, secrets, 'alice', 'Alice#Pass1'))).toBe(SSO_ERRORS.adConnect);
            }
        } finally {
            fs.rmSync(otherDir, { recursive: true, force: true });
        }
    });
});

describe('directory that accepts connections and never answers', () => {
    it('gives up after a few seconds with adConnect, on ldap:// and StartTLS alike', async () => {
        const sockets = new Set<net.Socket>();
        const silent = net.createServer(socket => sockets.add(socket.on('error', () => undefined)));
        await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve));
        const address = `ldap://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
        try {
            const started = Date.now();
            const [plain, upgraded] = await Promise.all([
                failure(directorySignIn(settings({ server_address: address }), secrets, 'alice', 'Alice#Pass1')),
                failure(
                    directorySignIn(settings({ server_address: address, secure_connection: 'starttls' }), secrets, 'alice', 'Alice#Pass1'),
                ),
            ]);
            expect([plain, upgraded]).toEqual([SSO_ERRORS.adConnect, SSO_ERRORS.adConnect]);
            expect(Date.now() - started).toBeLessThan(15_000);
        } finally {
            for (const socket of sockets) socket.destroy();
            await new Promise(resolve => silent.close(resolve));
        }
    });
});

describe('directory connection test', () => {
    it('is ok with the right settings, else says which step failed', async () => {
        expect(await directoryTest(settings(), secrets)).toEqual({ ok: true });
        expect(await directoryTest(settings({ server_address: `ldap://127.0.0.1:${closedPort}` }), secrets)).toMatchObject({
            ok: false,
            error: SSO_ERRORS.adConnect,
        });
        expect(await directoryTest(settings(), { bind_password: 'wrong' })).toMatchObject({ ok: false, error: SSO_ERRORS.adBind });
        expect(await directoryTest(settings({ base_dn: 'dc=elsewhere,dc=test' }), secrets)).toMatchObject({
            ok: false,
            error: SSO_ERRORS.adUserData,
        });
    });
});
