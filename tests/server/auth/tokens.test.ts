import { SignJWT, UnsecuredJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../../server/db/schema';
import { AUDIENCE, ISSUER } from '../../../server/crypto/tokens';
import { ADMIN, startPlatform, type TestPlatform } from '../harness';

let p: TestPlatform;
let key: Uint8Array;
let adminSession: { sub: string; sid: string };
beforeAll(async () => {
    p = await startPlatform();
    const [row] = await p.ctx.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    key = Buffer.from(row!.value as string, 'base64');
    const token = await p.login(ADMIN.email);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    adminSession = { sub: payload.sub, sid: payload.sid };
});
afterAll(() => p?.close());

const signIn = async () =>
    (await p.app.inject({ method: 'POST', url: '/api/v2/login', payload: { username: ADMIN.email, password: ADMIN.password } })).json();
const me = (token: string) => p.call(token, { method: 'GET', url: '/api/v2/me' });
const refresh = (refresh_token: string) => p.app.inject({ method: 'POST', url: '/api/v2/token/refresh', payload: { refresh_token } });

const forge = (header: Record<string, unknown>, claims: Record<string, unknown>, signingKey = key) =>
    new SignJWT({ sid: adminSession.sid, ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...header })
        .setSubject(adminSession.sub)
        .setIssuedAt()
        .setIssuer((claims.iss as string) ?? ISSUER)
        .setAudience((claims.aud as string) ?? AUDIENCE)
        .setExpirationTime((claims.exp as number) ?? '5m')
        .sign(signingKey);

describe('refresh tokens', () => {
    it('rotate: a refresh gives a new pair and the old refresh token is spent', async () => {
        const first = await signIn();
        const second = await refresh(first.refresh_token);
        expect(second.statusCode).toBe(200);
        expect(second.json().refresh_token).not.toBe(first.refresh_token);
        expect((await me(second.json().token)).statusCode).toBe(200);
    });

    it('reuse of a spent refresh token ends the whole session', async () => {
        const first = await signIn();
        const second = (await refresh(first.refresh_token)).json();
        const reuse = await refresh(first.refresh_token);
        expect(reuse.statusCode).toBe(401);
        expect(reuse.json()).toMatchObject({ error: 'Invalid refresh token', request_id: expect.any(String) });
        expect((await refresh(second.refresh_token)).statusCode).toBe(401);
        expect((await me(second.token)).statusCode).toBe(401);
    });

    it('logout revokes the session: its access and refresh tokens stop working', async () => {
        const pair = await signIn();
        expect((await p.call(pair.token, { method: 'POST', url: '/api/v2/logout' })).statusCode).toBe(204);
        expect((await me(pair.token)).statusCode).toBe(401);
        expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    });

    it('an expired refresh token is refused', async () => {
        const pair = await signIn();
        p.clock.offsetMs = p.ctx.config.refreshTokenTtlSeconds * 1000 + 1000;
        try {
            expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
        } finally {
            p.clock.offsetMs = 0;
        }
    });
});

describe('access tokens', () => {
    it('accepts a well-formed token signed with the platform key', async () => {
        expect((await me(await forge({}, {}))).statusCode).toBe(200);
    });

    it.each([
        [
            'alg none',
            async () =>
                new UnsecuredJWT({ sid: adminSession.sid })
                    .setSubject(adminSession.sub)
                    .setIssuer(ISSUER)
                    .setAudience(AUDIENCE)
                    .setExpirationTime('5m')
                    .encode(),
        ],
        ['another key', () => forge({}, {}, new Uint8Array(48).fill(7))],
        ['a two-factor step token', () => forge({ typ: 'tfa+jwt' }, {})],
        ['a wrong issuer', () => forge({}, { iss: 'someone-else' })],
        ['a wrong audience', () => forge({}, { aud: 'another-api' })],
        ['an expired token', () => forge({}, { exp: Math.floor(Date.now() / 1000) - 60 })],
        ['a malformed token', async () => 'not.a.jwt'],
        ['a session that does not exist', () => forge({}, { sid: '00000000-0000-4000-8000-000000000000' })],
    ])('refuses %s with 401 {error, request_id}', async (_name, make) => {
        const res = await me(await make());
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: expect.any(String), request_id: res.headers['x-request-id'] });
    });

    it('refuses a header that is not a bearer token', async () => {
        const res = await p.app.inject({ method: 'GET', url: '/api/v2/me', headers: { authorization: 'Basic YWRtaW46cGFzcw==' } });
        expect(res.statusCode).toBe(401);
    });
});
