import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/freePort';

const run = promisify(execFile);

const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
const MODULES = '/usr/lib/ldap';
const SCHEMAS = '/etc/ldap/schema';

export const BASE_DN = 'dc=example,dc=test';
const ROOT_DN = `cn=admin,${BASE_DN}`;
const ROOT_PASSWORD = 'Root#Secret1';

/**
 * The Active Directory attributes our directory code reads (with AD's own
 * OIDs), and two badge attributes, so one OpenLDAP can stand in for both
 * kinds of directory. msuser.schema is not used: its memberOf clashes with
 * the memberof overlay's.
 */
const LAB_SCHEMA = `
attributetype ( 1.2.840.113556.1.4.221 NAME 'sAMAccountName' EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch
    SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.656 NAME 'userPrincipalName' EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch
    SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl' EQUALITY integerMatch
    SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.2 NAME 'objectGUID' EQUALITY octetStringMatch
    SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )
attributetype ( 1.3.6.1.4.1.55555.1.1 NAME 'accessBadge' EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 )
attributetype ( 1.3.6.1.4.1.55555.1.2 NAME 'facilityCode' EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
objectclass ( 1.3.6.1.4.1.55555.2.1 NAME 'labAccount' AUXILIARY
    MAY ( sAMAccountName $ userPrincipalName $ userAccountControl $ objectGUID $ accessBadge $ facilityCode ) )
`;

export interface Slapd {
    /** ldap://127.0.0.1:port (StartTLS offered) */
    url: string;
    /** ldaps://127.0.0.1:port */
    ldapsUrl: string;
    /** the CA that signed the server's certificate (for 127.0.0.1 and localhost) */
    caPem: string;
    /** the directory's root, which may read and write everything */
    bindDn: string;
    bindPassword: string;
    baseDn: string;
    /** runs ldapmodify with this LDIF as the root (changetype records, or adds with -a) */
    modify(ldif: string, options?: { add?: boolean }): Promise<void>;
    close(): Promise<void>;
}

const portOpen = (port: number) =>
    new Promise<boolean>(resolve => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
            socket.destroy();
            resolve(true);
        });
        socket.once('error', () => resolve(false));
    });

/** A throwaway CA and a certificate it signed for 127.0.0.1 / localhost, in dir. */
export const makeCertificates = async (dir: string, name = 'Lab LDAP CA') => {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    const file = (f: string) => path.join(dir, f);
    await run('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', `/CN=${name}`]);
    await run('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost']);
    fs.writeFileSync(
        file('server.ext'),
        'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
    );
    await run('openssl', [
        'x509',
        '-req',
        '-in',
        file('server.csr'),
        '-CA',
        file('ca.pem'),
        '-CAkey',
        file('ca.key'),
        '-CAcreateserial',
        '-out',
        file('server.pem'),
        '-days',
        '2',
        '-extfile',
        file('server.ext'),
    ]);
    return { caPem: fs.readFileSync(file('ca.pem'), 'utf8'), ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
};

const running = new Set<ChildProcess>();
// A test file that dies half-way still takes its directory servers with it.
process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
});

/**
 * Debian's OpenLDAP server for one test file: a temporary slapd.conf (mdb,
 * the memberof overlay unless `memberOf: false`, ppolicy, TLS from a CA made here),
 * plain and TLS ports picked free on 127.0.0.1, seeded with `ldif` through
 * ldapadd so the overlay keeps memberOf (add users before their groups).
 * Anonymous clients may only bind.
 */
export const startSlapd = async ({ ldif, memberOf = true }: { ldif: string; memberOf?: boolean }): Promise<Slapd> => {
    if (!fs.existsSync(SLAPD)) throw new Error(`${SLAPD} is missing: apt-get install slapd ldap-utils (or set SLAPD_PATH)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slapd-'));
    const child = { current: undefined as ChildProcess | undefined };
    const stop = async () => {
        const c = child.current;
        if (c && c.exitCode === null && c.signalCode === null) {
            const exited = new Promise(resolve => c.once('exit', resolve));
            c.kill('SIGTERM');
            const timer = setTimeout(() => c.kill('SIGKILL'), 3000);
            await exited;
            clearTimeout(timer);
        }
        if (c) running.delete(c);
    };
    try {
        const tls = await makeCertificates(dir);
        fs.mkdirSync(path.join(dir, 'db'));
        fs.writeFileSync(path.join(dir, 'lab.schema'), LAB_SCHEMA);
        const conf = path.join(dir, 'slapd.conf');
        fs.writeFileSync(
            conf,
            [
                ...['core', 'cosine', 'inetorgperson', 'nis'].map(s => `include ${SCHEMAS}/${s}.schema`),
                `include ${path.join(dir, 'lab.schema')}`,
                `modulepath ${MODULES}`,
                'moduleload back_mdb',
                // the password policy overlay defines pwdAccountLockedTime (an OpenLDAP account locked by its admin)
                'moduleload ppolicy',
                ...(memberOf ? ['moduleload memberof'] : []),
                `pidfile ${path.join(dir, 'slapd.pid')}`,
                // OpenLDAP's default limit of 500 entries a search, with paged searches unlimited as directories that sync people set them
                'sizelimit size.soft=500 size.hard=500 size.prtotal=unlimited',
                `TLSCACertificateFile ${tls.ca}`,
                `TLSCertificateFile ${tls.cert}`,
                `TLSCertificateKeyFile ${tls.key}`,
                'database mdb',
                'maxsize 104857600',
                // a throwaway database: no fsync for each of the seed's entries
                'dbnosync',
                `suffix "${BASE_DN}"`,
                `rootdn "${ROOT_DN}"`,
                `rootpw ${ROOT_PASSWORD}`,
                `directory ${path.join(dir, 'db')}`,
                'access to attrs=userPassword by self write by anonymous auth by * none',
                'access to * by users read by anonymous auth',
                ...(memberOf ? ['overlay memberof'] : []),
                'overlay ppolicy',
                '',
            ].join('\n'),
        );
        // A port picked free may be taken before slapd binds it: try again with others.
        let url = '';
        let ldapsUrl = '';
        for (let attempt = 0; attempt < 3 && !url; attempt++) {
            const [plain, secure] = [await freePort(), await freePort()];
            const c = spawn(SLAPD, ['-f', conf, '-h', `ldap://127.0.0.1:${plain}/ ldaps://127.0.0.1:${secure}/`, '-d', '0'], {
                stdio: ['ignore', 'ignore', 'pipe'],
            });
            child.current = c;
            running.add(c);
            let stderr = '';
            c.stderr!.on('data', chunk => (stderr += chunk));
            const deadline = Date.now() + 10_000;
            while (Date.now() < deadline && c.exitCode === null) {
                if ((await portOpen(plain)) && (await portOpen(secure))) break;
                await new Promise(resolve => setTimeout(resolve, 50));
            }
            if (c.exitCode === null && (await portOpen(plain)) && (await portOpen(secure))) {
                url = `ldap://127.0.0.1:${plain}`;
                ldapsUrl = `ldaps://127.0.0.1:${secure}`;
            } else {
                await stop();
                if (attempt === 2) throw new Error(`slapd did not start: ${stderr}`);
            }
        }
        const ldapmodify = async (text: string, add: boolean) => {
            const file = path.join(dir, `change-${Date.now()}-${Math.random()}.ldif`);
            fs.writeFileSync(file, text);
            await run('ldapmodify', [...(add ? ['-a'] : []), '-x', '-H', url, '-D', ROOT_DN, '-w', ROOT_PASSWORD, '-f', file]);
        };
        await ldapmodify(`dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: example\no: Example\n\n${ldif}`, true);
        return {
            url,
            ldapsUrl,
            caPem: tls.caPem,
            bindDn: ROOT_DN,
            bindPassword: ROOT_PASSWORD,
            baseDn: BASE_DN,
            modify: (text, options) => ldapmodify(text, options?.add ?? false),
            close: async () => {
                await stop();
                fs.rmSync(dir, { recursive: true, force: true });
            },
        };
    } catch (error) {
        await stop();
        fs.rmSync(dir, { recursive: true, force: true });
        throw error;
    }
};
