import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../contract/webhooks';

/**
 * Where a webhook may point (SSRF). A cloud platform calls only public
 * addresses: a tenant must not reach the platform's own network, its
 * database or a cloud metadata service through it. On premise the receiver
 * is usually on the customer's own network, so every address is allowed.
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
    // IPv4 written as IPv6 (mapped, NAT64, 6to4, Teredo) could hide any IPv4 address: none is a public receiver's.
    ['::ffff:0:0', 96],
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

export class TargetRefused extends Error {}

export interface Target {
    url: URL;
    /** the address checked, which the request connects to: no second lookup, no DNS-rebinding window */
    address: string;
    family: 4 | 6;
}

/** The URL's host, resolved; on a cloud platform every address it resolves to must be public. */
export const resolveTarget = async (raw: string, cloud: boolean): Promise<Target> => {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused(WEBHOOK_MESSAGES.urlScheme);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let found: { address: string; family: number }[];
    if (net.isIP(host)) found = [{ address: host, family: net.isIP(host) }];
    else {
        try {
            found = await dns.promises.lookup(host, { all: true, verbatim: true });
        } catch {
            throw new TargetRefused(WEBHOOK_MESSAGES.urlUnresolved);
        }
    }
    if (!found.length) throw new TargetRefused(WEBHOOK_MESSAGES.urlUnresolved);
    // All of them: a host that also resolves to a private address could be made to use that one.
    if (cloud && found.some(a => !isPublicAddress(a.address))) throw new TargetRefused(WEBHOOK_MESSAGES.urlPrivate);
    const first = found[0]!;
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
};
