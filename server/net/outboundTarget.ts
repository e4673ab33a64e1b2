import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { OUTBOUND_TARGET_MESSAGES, outboundSchemeMessage } from '../../contract/outboundTarget';

/**
 * Where the platform may connect when a tenant gives the address (SSRF):
 * a webhook's URL, an ACS's Web SDK or directory, the directory of sign-in.
 * A cloud platform connects only to public addresses: a tenant must not
 * reach the platform's own network, its database or a cloud metadata
 * service through it. On premise the other end is usually on the
 * customer's own network, so every address is allowed.
 *
 * Every connection resolves the host once, checks every address it
 * resolves to, and connects to the address checked (`pinnedLookup`), so a
 * name that resolves elsewhere the second time (DNS rebinding) gains
 * nothing. docs/decisions.md, "Outbound connections".
 */
// One list per family: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules, which would catch them all.
const NON_PUBLIC_V4 = new net.BlockList();
const NON_PUBLIC_V6 = new net.BlockList();
for (const [address, prefix] of [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata services
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved and broadcast
] as const)
    NON_PUBLIC_V4.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
    ['::', 128],
    ['::1', 128],
    // IPv4 written as IPv6 (compatible, mapped, translated, NAT64, 6to4, Teredo) could hide any IPv4 address:
    // none is a public receiver's. ::/96 (IPv4-compatible, [::127.0.0.1]) holds :: and ::1 as well.
    ['::', 96],
    ['::ffff:0:0', 96],
    ['::ffff:0:0:0', 96],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['2002::', 16],
    ['2001::', 23],
    ['2001:db8::', 32],
    ['100::', 64],
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['fec0::', 10],
    ['ff00::', 8], // multicast
] as const)
    NON_PUBLIC_V6.addSubnet(address, prefix, 'ipv6');

export const isPublicAddress = (address: string) => {
    const family = net.isIP(address);
    if (!family) return false;
    return family === 4 ? !NON_PUBLIC_V4.check(address, 'ipv4') : !NON_PUBLIC_V6.check(address, 'ipv6');
};

export type TargetRefusal = 'scheme' | 'private' | 'unresolved';

/** The address is not one to connect to; the message is OUTBOUND_TARGET_MESSAGES' (or the scheme's). */
export class TargetRefused extends Error {
    constructor(
        readonly reason: TargetRefusal,
        message: string,
    ) {
        super(message);
        this.name = 'TargetRefused';
    }
}

export interface Target {
    url: URL;
    /** the URL's host without the brackets of an IPv6 literal: the name TLS checks the certificate against */
    host: string;
    /** the address checked, which the connection goes to: no second lookup, no DNS-rebinding window */
    address: string;
    family: 4 | 6;
}

export const HTTP_PROTOCOLS = ['http:', 'https:'] as const;
export const LDAP_PROTOCOLS = ['ldap:', 'ldaps:'] as const;

/** Whether connections a tenant configures may reach public addresses only: on a cloud platform. */
export const publicOnly = (config: { platformInstallation: 'cloud' | 'on-premise' }) => config.platformInstallation === 'cloud';

/** The URL's host, resolved; when `onlyPublic`, every address it resolves to must be public. */
export const resolveTarget = async (
    raw: string | URL,
    onlyPublic: boolean,
    protocols: readonly string[] = HTTP_PROTOCOLS,
): Promise<Target> => {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) throw new TargetRefused('scheme', outboundSchemeMessage(protocols));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let found: { address: string; family: number }[];
    if (net.isIP(host)) found = [{ address: host, family: net.isIP(host) }];
    else {
        try {
            found = await dns.promises.lookup(host, { all: true, verbatim: true });
        } catch {
            throw new TargetRefused('unresolved', OUTBOUND_TARGET_MESSAGES.unresolved);
        }
    }
    if (!found.length) throw new TargetRefused('unresolved', OUTBOUND_TARGET_MESSAGES.unresolved);
    // All of them: a host that also resolves to a private address could be made to use that one.
    if (onlyPublic && found.some(a => !isPublicAddress(a.address))) throw new TargetRefused('private', OUTBOUND_TARGET_MESSAGES.private);
    const first = found[0]!;
    return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** A `lookup` for http(s).request or net/tls.connect that answers the checked address, whatever the name resolves to now. */
export const pinnedLookup =
    (target: Pick<Target, 'address' | 'family'>): LookupFunction =>
    (_host, options, callback) => {
        const pinned = { address: target.address, family: target.family };
        if ((options as { all?: boolean }).all)
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
    };
