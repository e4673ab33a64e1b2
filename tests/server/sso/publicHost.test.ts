import { afterAll, beforeAll, expect, it } from 'vitest';
import { SSO_ERRORS } from '../../../contract/sso';
import { startPlatform, type TestPlatform } from '../harness';

/**
 * GET /sso/login from a browser at another host than the public URL (issue
 * 12): the provider sends the browser back to the public URL's host, where
 * a cookie set on the other host is not sent, so the sign-in starts again
 * there, once.
 */
const PUBLIC = 'https://console.public.test';
let p: TestPlatform;

beforeAll(async () => {
    p = await startPlatform({ publicUrl: PUBLIC });
}, 120_000);
afterAll(() => p?.close());

const ssoLogin = (host: string, query = '') => p.call(undefined, { method: 'GET', url: `/api/v2/sso/login${query}`, headers: { host } });

it('sends a browser at another host to the public URL first, without setting its cookie there', async () => {
    const res = await ssoLogin('10.0.0.5:8181');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC}/api/v2/sso/login?at_public_url=1`);
    expect(res.headers['set-cookie']).toBeUndefined();
});

it('goes on at the public host, and goes on once sent there even if the host seen differs (a proxy that rewrites it)', async () => {
    // no identity provider here: going on ends on the login page with the SPEC 8.5 text, not in another bounce
    const ended = `${PUBLIC}/login?sso_error=${encodeURIComponent(SSO_ERRORS.invalidConfiguration).replace(/%20/g, '+')}`;
    for (const res of [await ssoLogin('Console.Public.Test'), await ssoLogin('10.0.0.5:8181', '?at_public_url=1')]) {
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(ended);
    }
});
