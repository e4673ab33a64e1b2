import net from 'node:net';
import type tls from 'node:tls';
import { Client, Filter, InvalidCredentialsError, ResultCodeError, type Entry } from 'ldapts';
import { SSO_ERRORS, type DirectorySecrets, type DirectorySettings, type SsoErrorText } from '../../../contract/sso';
import { LDAP_PROTOCOLS, resolveTarget, TargetRefused } from '../../net/outboundTarget';
import { SsoError, type ExternalIdentity } from './identity';

/**
 * Sign-in against an LDAP directory or Active Directory (SPEC 3 directory
 * variant, 8.5): a service account finds the person, a bind as that person
 * checks the password, and groups come from the group search filter and
 * memberOf.
 */

/** Long enough for a directory across a WAN, short enough that a dead server does not hang the login page. */
const TIMEOUT_MS = 5000;

/** Rejects when `promise` takes longer than `ms` (ldapts times out messages, not a StartTLS handshake). */
const within = <T>(promise: Promise<T>, ms: number): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
};

/** A wrong user password: the sign-in answers it like a wrong local password, so it tells nobody the account is external. */
export class DirectoryBadCredentials extends Error {
    constructor() {
        super('Incorrect directory credentials');
        this.name = 'DirectoryBadCredentials';
    }
}

/**
 * The directory's address is not one this platform connects to (a cloud
 * platform's rule, server/net/outboundTarget.ts): nothing was sent. Sign-in
 * shows SPEC 8.5's adConnect; `refusal` says why, for the test and the log.
 */
export class DirectoryAddressRefused extends SsoError {
    constructor(readonly refusal: string) {
        super(SSO_ERRORS.adConnect, refusal);
        this.name = 'DirectoryAddressRefused';
    }
}

/** How to connect: `publicOnly` on a cloud platform; `timeout` bounds each operation (a page of a search). */
export interface DirectoryConnectOptions {
    publicOnly?: boolean;
    timeout?: number;
}

const USER_ATTRIBUTES = ['sAMAccountName', 'uid', 'userPrincipalName', 'mail', 'displayName', 'cn', 'memberOf'];

/** Values of an attribute, whatever case the server spelled its name in. */
export const values = (entry: Entry, attribute: string): string[] => {
    const key = Object.keys(entry).find(k => k.toLowerCase() === attribute.toLowerCase());
    const value = key === undefined ? undefined : entry[key];
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map(v => (Buffer.isBuffer(v) ? v.toString('utf8') : v)).filter(v => v !== '');
};
export const first = (entry: Entry, ...attributes: string[]): string | undefined => {
    for (const attribute of attributes) {
        const [value] = values(entry, attribute);
        if (value !== undefined) return value;
    }
    return undefined;
};

/** A DN's RDNs as [type, value] pairs, escapes decoded (RFC 4514: \, and \2C alike). */
const parseDn = (dn: string): [string, string][][] => {
    const rdns: [string, string][][] = [];
    let rdn: [string, string][] = [];
    let type = '';
    let value = '';
    let inValue = false;
    let bytes: number[] = [];
    const flushBytes = () => {
        if (bytes.length) value += Buffer.from(bytes).toString('utf8');
        bytes = [];
    };
    const endPair = () => {
        flushBytes();
        rdn.push([type.trim(), value.trim()]);
        type = '';
        value = '';
        inValue = false;
    };
    for (let i = 0; i < dn.length; i++) {
        const c = dn[i];
        if (!inValue) {
            if (c === '=') inValue = true;
            else type += c;
            continue;
        }
        if (c === '\\' && /^[0-9a-fA-F]{2}$/.test(dn.slice(i + 1, i + 3))) {
            // hex escapes may spell one multi-byte UTF-8 character: collect the bytes
            bytes.push(parseInt(dn.slice(i + 1, i + 3), 16));
            i += 2;
            continue;
        }
        flushBytes();
        if (c === '\\') value += dn[++i] ?? '';
        else if (c === '+') endPair();
        else if (c === ',' || c === ';') {
            endPair();
            rdns.push(rdn);
            rdn = [];
        } else value += c;
    }
    if (inValue || type.trim()) endPair();
    if (rdn.length) rdns.push(rdn);
    return rdns;
};

const escapeDnValue = (value: string) =>
    value
        .replace(/[\\,+"<>;]/g, c => `\\${c}`)
        .replace(/^[ #]/, c => `\\${c}`)
        .replace(/ $/, '\\ ');

/**
 * One spelling of a DN: directories write the same group as
 * cn=Staff\, Paris or cn=Staff\2C Paris, and the role mapping compares text.
 */
export const normalizeDn = (dn: string) =>
    parseDn(dn)
        .map(rdn => rdn.map(([type, value]) => `${type}=${escapeDnValue(value)}`).join('+'))
        .join(',');

/** The value of a DN's first RDN when its type is `type` (cn=Staff\, Paris,ou=groups → Staff, Paris), else undefined. */
export const firstRdnValue = (dn: string, type = 'cn'): string | undefined => {
    const [[first] = []] = parseDn(dn);
    return first && first[0].toLowerCase() === type.toLowerCase() && first[1] ? first[1] : undefined;
};

const fail = (text: SsoErrorText, error: unknown): never => {
    throw new SsoError(text, error instanceof Error ? error.message : String(error));
};

/**
 * On a cloud platform, the checked address to dial (public only), in URL
 * form; on premise the host as written. Resolved once per connection.
 */
const dialHost = async (address: URL, publicOnly: boolean) => {
    if (!publicOnly) return address.hostname;
    try {
        const target = await resolveTarget(address, true, LDAP_PROTOCOLS);
        return target.family === 6 ? `[${target.address}]` : target.address;
    } catch (error) {
        if (error instanceof TargetRefused) throw new DirectoryAddressRefused(error.message);
        throw error;
    }
};

/**
 * A client on the settings' transport. TLS whenever the address is
 * ldaps:// or the settings say ldaps (a typed ldaps:// is never quietly
 * downgraded), StartTLS when asked on ldap://; the settings' certificates,
 * when given, are the only CAs trusted. It connects to the address checked
 * (dialHost) and checks the certificate against the host name written.
 */
const connect = async (settings: DirectorySettings, options: DirectoryConnectOptions = {}): Promise<Client> => {
    const address = new URL(settings.server_address);
    const secure = address.protocol === 'ldaps:' || settings.secure_connection === 'ldaps';
    const host = address.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = address.port || (secure ? '636' : '389');
    const dial = await dialHost(address, options.publicOnly ?? false);
    const tlsOptions: tls.ConnectionOptions = {
        minVersion: 'TLSv1.2',
        ...(settings.certificates.trim() ? { ca: settings.certificates } : {}),
        // the name the certificate must be for, when dialling its checked address
        ...(net.isIP(host) ? {} : { servername: host }),
    };
    const client = new Client({
        url: `${secure ? 'ldaps' : 'ldap'}://${dial}:${port}`,
        timeout: options.timeout ?? TIMEOUT_MS,
        connectTimeout: TIMEOUT_MS,
        // ldapts takes any tlsOptions as "TLS from the start"
        ...(secure ? { tlsOptions } : {}),
    });
    try {
        if (!secure && settings.secure_connection === 'starttls') {
            // the upgraded socket checks the certificate against the host written (tlsOptions' servername), not "localhost"
            await within(client.startTLS({ ...tlsOptions, host }), TIMEOUT_MS);
        }
    } catch (error) {
        await close(client);
        fail(SSO_ERRORS.adConnect, error);
    }
    return client;
};

const close = async (client: Client) => {
    try {
        await client.unbind();
    } catch {
        // the connection may already be gone; unbind destroys the socket either way
    }
};

/**
 * Binds as the service account. A bind refused by the directory is
 * adBind; anything before an answer (refused port, TLS, timeout) is
 * adConnect. An empty password is refused here: LDAP would take it as an
 * anonymous bind and "succeed".
 */
const serviceBind = async (client: Client, settings: DirectorySettings, secrets: DirectorySecrets) => {
    if (!secrets.bind_password) throw new SsoError(SSO_ERRORS.adBind, 'no bind password set');
    try {
        await client.bind(settings.bind_dn, secrets.bind_password);
    } catch (error) {
        fail(error instanceof ResultCodeError ? SSO_ERRORS.adBind : SSO_ERRORS.adConnect, error);
    }
};

/** Connects and binds as the service account; the caller closes. */
export const serviceConnection = async (
    settings: DirectorySettings,
    secrets: DirectorySecrets,
    options: DirectoryConnectOptions = {},
): Promise<Client> => {
    const client = await connect(settings, options);
    try {
        await serviceBind(client, settings, secrets);
        return client;
    } catch (error) {
        await close(client);
        throw error;
    }
};

/** Where people are searched: the user query DN, else the base DN. */
export const usersBase = (settings: DirectorySettings) => settings.user_query_dn || settings.base_dn;

/** The user filter: every attribute a person may sign in with, each value escaped (RFC 4515). */
const userFilter = (settings: DirectorySettings, username: string) => {
    const name = Filter.escape(username);
    const suffix = settings.upn_suffix ? (settings.upn_suffix.startsWith('@') ? settings.upn_suffix : `@${settings.upn_suffix}`) : '';
    const upn = Filter.escape(username.includes('@') || !suffix ? username : username + suffix);
    return (
        '(&(|(objectClass=person)(objectClass=posixAccount))' +
        `(|(sAMAccountName=${name})(uid=${name})(userPrincipalName=${upn})(userPrincipalName=${name})(mail=${name})))`
    );
};

/** Replaces {user_dn} and {username} in the admin's filter with escaped values. */
export const groupFilter = (template: string, userDn: string, username: string) =>
    template.replaceAll('{user_dn}', Filter.escape(userDn)).replaceAll('{username}', Filter.escape(username));

/** Group DNs and their cn, once each (DNs compared without regard to case). */
const groupNames = (dns: string[]) => {
    const seen = new Set<string>();
    const names: string[] = [];
    for (const dn of dns) {
        for (const name of [normalizeDn(dn), firstRdnValue(dn)]) {
            if (name && !seen.has(name.toLowerCase())) {
                seen.add(name.toLowerCase());
                names.push(name);
            }
        }
    }
    return names;
};

/**
 * Signs a person in with their directory username (sAMAccountName, uid,
 * userPrincipalName, or mail) and password. Throws SsoError with a SPEC 8.5
 * text, or DirectoryBadCredentials for a wrong password or a name it does not know.
 */
export const directorySignIn = async (
    settings: DirectorySettings,
    secrets: DirectorySecrets,
    username: string,
    password: string,
    options: DirectoryConnectOptions = {},
): Promise<ExternalIdentity> => {
    // before any connection: an empty password is an anonymous bind that would "succeed"
    if (!password || !username.trim()) throw new DirectoryBadCredentials();
    const login = username.trim();
    const client = await serviceConnection(settings, secrets, options);
    try {
        let found: Entry[];
        try {
            const { searchEntries } = await client.search(usersBase(settings), {
                scope: 'sub',
                filter: userFilter(settings, login),
                attributes: USER_ATTRIBUTES,
                sizeLimit: 2,
            });
            if (searchEntries.length > 1) throw new Error(`"${login}" matches several entries`);
            found = searchEntries;
        } catch (error) {
            return fail(SSO_ERRORS.adUserData, error);
        }
        // Nobody by that name reads as a wrong password, as for a local user: POST /login is public, and
        // another answer would tell anyone which names the directory holds (and a mistyped local e-mail lands here).
        const entry = found[0];
        if (!entry) throw new DirectoryBadCredentials();

        await checkPassword(settings, entry.dn, password, options);

        const stableName = first(entry, 'sAMAccountName', 'uid', 'userPrincipalName') ?? login;
        const groupDns = values(entry, 'memberOf');
        if (settings.group_search_filter) {
            try {
                const found = await client.search(settings.base_dn, {
                    scope: 'sub',
                    filter: groupFilter(settings.group_search_filter, entry.dn, stableName),
                    attributes: ['cn'],
                    paged: { pageSize: 500 },
                });
                groupDns.push(...found.searchEntries.map(e => e.dn));
            } catch (error) {
                return fail(SSO_ERRORS.adUserData, error);
            }
        }
        return {
            username: stableName,
            name: first(entry, 'displayName', 'cn'),
            email: first(entry, 'mail'),
            groups: groupNames(groupDns),
        };
    } finally {
        await close(client);
    }
};

/** Binds as the person on a connection of its own, so the service connection keeps its rights for the group search. */
const checkPassword = async (settings: DirectorySettings, dn: string, password: string, options: DirectoryConnectOptions) => {
    const client = await connect(settings, { publicOnly: options.publicOnly });
    try {
        await client.bind(dn, password);
    } catch (error) {
        if (error instanceof InvalidCredentialsError) throw new DirectoryBadCredentials();
        fail(error instanceof ResultCodeError ? SSO_ERRORS.adBind : SSO_ERRORS.adConnect, error);
    } finally {
        await close(client);
    }
};

/** For "Test connection": connects, binds as the service account and reads the base DN. */
export const directoryTest = async (
    settings: DirectorySettings,
    secrets: DirectorySecrets,
    options: DirectoryConnectOptions = {},
): Promise<{ ok: true } | { ok: false; error: SsoErrorText; detail?: string; refusal?: string }> => {
    let client: Client | undefined;
    try {
        client = await serviceConnection(settings, secrets, options);
        try {
            await client.search(settings.base_dn, { scope: 'base', attributes: ['1.1'] });
        } catch (error) {
            fail(SSO_ERRORS.adUserData, error);
        }
        return { ok: true };
    } catch (error) {
        if (error instanceof DirectoryAddressRefused) return { ok: false, error: error.text, detail: error.detail, refusal: error.refusal };
        if (error instanceof SsoError) return { ok: false, error: error.text, detail: error.detail };
        throw error;
    } finally {
        if (client) await close(client);
    }
};
