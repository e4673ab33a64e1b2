/**
 * Why the platform refused to connect to an address a tenant gave (a
 * webhook's URL, an ACS's address, a directory's server): shared by every
 * feature that connects out, so each says it the same way.
 */
export const OUTBOUND_TARGET_MESSAGES = {
    private: 'This URL leads to a private, loopback, link-local or otherwise non-public address, which this platform does not call.',
    unresolved: 'The host name of this URL cannot be found.',
} as const;

/** "Only http:// and https:// URLs are accepted." for ['http:', 'https:']. */
export const outboundSchemeMessage = (protocols: readonly string[]) =>
    `Only ${protocols.map(p => `${p}//`).join(' and ')} URLs are accepted.`;
