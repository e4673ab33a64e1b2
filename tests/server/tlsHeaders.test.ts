import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from './harness';

// An on-premise install is often served over plain http on a LAN: HSTS and upgrade-insecure-requests
// there send the browser to an https:// that does not exist. They come only over TLS.
let p: TestPlatform;
let base: string;
const proxy = process.env.TRUST_PROXY;
beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    p = await startPlatform();
    base = await p.listen();
});
afterAll(async () => {
    if (proxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = proxy;
    await p?.close();
});

describe('transport security headers', () => {
    it('are not sent over plain http', async () => {
        const res = await fetch(`${base}/api/v2/login_provider`);
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
        expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    });

    it('are sent behind a trusted proxy that terminates TLS', async () => {
        const res = await fetch(`${base}/api/v2/login_provider`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
        expect(res.headers.get('content-security-policy')).toMatch(/;upgrade-insecure-requests$/);
    });
});
