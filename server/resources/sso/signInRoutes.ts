import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SSO_ERRORS } from '../../../contract/sso';
import type { AppContext } from '../../context';
import { signingSecret } from '../../db/bootstrap';
import { SsoError } from './identity';
import { finishSsoRedirect, signInExternal, ssoSettingsFor } from './externalUser';
import { oidcFinish, oidcStart, type OidcPending } from './oidc';
import { openPending, PENDING_TTL_SECONDS, sealPending } from './pending';
import { SAML_REQUEST_LIFETIME_MS, samlFinish, samlStart, type ReplayGuard } from './saml';
import { mainLoginState, noteOnce, takeOnce } from './queries';
import { serviceProviderOf } from './routes';

/**
 * The browser's side of single sign-on (SPEC 3, 7.3, 8.5; docs/decisions.md "Single sign-on"): the
 * login page's button opens /sso/login, which sends the browser to the main
 * account's identity provider; the provider sends it back to the OpenID
 * callback or the SAML assertion consumer service, which sign the person in
 * (externalUser.ts) and end on the console's /login with the session's
 * tokens or the SPEC 8.5 text. A directory signs in through POST /login.
 */
const tags = ['session'];
const OIDC_COOKIE = 'sso_oidc';
const OIDC_COOKIE_PATH = '/api/v2/sso/oidc/callback';

/** The pending OpenID sign-in rides in a cookie bound to this browser (pending.ts); Lax is enough for the provider's top-level redirect back. */
const oidcCookie = (ctx: AppContext, value: string, maxAge: number) =>
    [
        `${OIDC_COOKIE}=${value}`,
        `Path=${OIDC_COOKIE_PATH}`,
        `Max-Age=${maxAge}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
    ].join('; ');

const SAML_COOKIE = 'sso_saml';
const SAML_COOKIE_PATH = '/api/v2/sso/saml/acs';

/**
 * The SAML request this browser was sent with, so an answer posted from
 * another browser (an attacker's own sign-in, planted with a form of theirs)
 * signs nobody in. The answer comes back as a cross-site POST, which carries
 * only SameSite=None cookies, and browsers take those only with Secure: over
 * an http public URL there is no such cookie, and the request is not bound
 * to the browser (docs/decisions.md).
 */
const samlCookie = (ctx: AppContext, value: string, maxAge: number) =>
    ctx.config.publicUrl.startsWith('https:')
        ? [`${SAML_COOKIE}=${value}`, `Path=${SAML_COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=None', 'Secure'].join('; ')
        : undefined;

const cookieOf = (request: FastifyRequest, name: string) =>
    (request.headers.cookie ?? '')
        .split(';')
        .map(part => part.trim().split('='))
        .find(([key]) => key === name)?.[1];

/** A sign-in that fails for a reason we did not foresee still ends on the login page, with a SPEC 8.5 text. */
const asSsoError = (error: unknown) =>
    error instanceof SsoError ? error : new SsoError(SSO_ERRORS.cannotAuthenticate, error instanceof Error ? error.message : String(error));

/**
 * The provider's settings, when the login page offers single sign-on: in mode
 * local (or with no preferences, which is local) the button is not shown, and
 * its routes must not sign anyone in either, as POST /login asks no directory.
 */
const offeredSsoSettings = async (ctx: AppContext) => {
    const state = await mainLoginState(ctx.db);
    if (state?.mode !== 'sso' && state?.mode !== 'both')
        throw new SsoError(SSO_ERRORS.invalidConfiguration, 'the login mode is local: single sign-on is off');
    return ssoSettingsFor(ctx);
};

/** SAML assertions are used once across every instance (saml.ts ReplayGuard): a row per assertion until it expires. */
const databaseReplayGuard = (ctx: AppContext): ReplayGuard => ({
    seen: async (id, until) => !(await noteOnce(ctx.db, 'saml_assertion', id, until)),
});

/** The request ID our AuthnRequest carried, read from the answer only to find the pending request; node-saml then checks it. */
const inResponseTo = (samlResponse: string) => {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    return /<(?:\w+:)?Response\b[^>]*\sInResponseTo="([^"]{1,200})"/.exec(xml)?.[1];
};

/** An identity provider that takes requests only by POST gets a page that posts them at once (a button where scripts are off). */
const AUTO_POST = 'document.forms[0].submit()';
const AUTO_POST_HASH = `'sha256-${createHash('sha256').update(AUTO_POST).digest('base64')}'`;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
const postPage = (reply: FastifyReply, url: string, fields: Record<string, string>) =>
    reply
        .header('Content-Security-Policy', `default-src 'none'; script-src ${AUTO_POST_HASH}; form-action ${new URL(url).origin}`)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
            `<!doctype html><html><body><form method="post" action="${escapeHtml(url)}">${Object.entries(fields)
                .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
                .join('')}<noscript><button type="submit">Continue</button></noscript></form><script>${AUTO_POST}</script></body></html>`,
        );

export const ssoSignInRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    // The identity provider posts the SAML answer as a form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get(
        '/sso/login',
        {
            config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: "Go to the main account's identity provider (the login page's single sign-on button)",
                querystring: z.object({ at_public_url: z.literal('1').optional() }).loose(),
            },
        },
        async (request, reply) => {
            // The provider sends the browser back to the public URL, and the pending sign-in's cookie is for the host
            // it was set on: a browser that opened the console at another host starts again from the public URL (once:
            // behind a proxy that changes the Host, the host seen may never match). The host only: cookies ignore the scheme.
            if (request.host.toLowerCase() !== new URL(ctx.config.publicUrl).host && !request.query.at_public_url)
                return reply.header('Cache-Control', 'no-store').redirect(`${ctx.config.publicUrl}/api/v2/sso/login?at_public_url=1`, 303);
            try {
                const sso = await offeredSsoSettings(ctx);
                const sp = serviceProviderOf(ctx, sso.kind === 'saml' ? sso.settings.entity_id : undefined);
                if (sso.kind === 'oidc') {
                    const { url, pending } = await oidcStart(
                        sso.settings,
                        { client_secret: sso.secrets.client_secret ?? '' },
                        sp.oidc_redirect_uri,
                    );
                    const sealed = await sealPending(pending, await signingSecret(ctx.db));
                    return reply
                        .header('Set-Cookie', oidcCookie(ctx, sealed, PENDING_TTL_SECONDS))
                        .header('Cache-Control', 'no-store')
                        .redirect(url, 303);
                }
                if (sso.kind === 'saml') {
                    const { url, pending, post } = await samlStart(sso.settings, sp.saml_acs_url);
                    await noteOnce(ctx.db, 'saml_request', pending.id, new Date(pending.createdAt + SAML_REQUEST_LIFETIME_MS));
                    const cookie = samlCookie(ctx, await sealPending({ id: pending.id }, await signingSecret(ctx.db)), PENDING_TTL_SECONDS);
                    if (cookie) reply.header('Set-Cookie', cookie);
                    return post ? postPage(reply, url, post) : reply.header('Cache-Control', 'no-store').redirect(url, 303);
                }
                // a directory signs in with the password form
                return reply.redirect(`${ctx.config.publicUrl}/login`, 303);
            } catch (error) {
                return finishSsoRedirect(ctx, reply, asSsoError(error));
            }
        },
    );

    app.get(
        '/sso/oidc/callback',
        {
            config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Where the OpenID provider sends the browser back',
                querystring: z.record(z.string(), z.string()),
            },
        },
        async (request, reply) => {
            // the pending sign-in is used once, whatever the outcome
            reply.header('Set-Cookie', oidcCookie(ctx, '', 0));
            try {
                const sealed = cookieOf(request, OIDC_COOKIE);
                const pending = sealed ? await openPending<OidcPending>(sealed, await signingSecret(ctx.db)) : null;
                if (!pending)
                    throw new SsoError(
                        SSO_ERRORS.cannotAuthenticate,
                        'no pending sign-in in this browser (cookie missing, expired or altered)',
                    );
                const sso = await offeredSsoSettings(ctx);
                if (sso.kind !== 'oidc')
                    throw new SsoError(SSO_ERRORS.invalidConfiguration, 'the identity provider is no longer OpenID Connect');
                const sp = serviceProviderOf(ctx);
                const callback = new URL(sp.oidc_redirect_uri);
                for (const [key, value] of Object.entries(request.query)) callback.searchParams.set(key, value);
                const identity = await oidcFinish(
                    sso.settings,
                    { client_secret: sso.secrets.client_secret ?? '' },
                    sp.oidc_redirect_uri,
                    callback,
                    pending,
                );
                return finishSsoRedirect(ctx, reply, await signInExternal(ctx, request, identity));
            } catch (error) {
                return finishSsoRedirect(ctx, reply, asSsoError(error));
            }
        },
    );

    app.post(
        '/sso/saml/acs',
        {
            config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: "SAML assertion consumer service: the identity provider's answer, posted by the browser",
                body: z.object({ SAMLResponse: z.string().max(1_000_000), RelayState: z.string().max(2000).optional() }).loose(),
            },
        },
        async (request, reply) => {
            const cleared = samlCookie(ctx, '', 0);
            if (cleared) reply.header('Set-Cookie', cleared);
            try {
                const sso = await offeredSsoSettings(ctx);
                if (sso.kind !== 'saml') throw new SsoError(SSO_ERRORS.invalidConfiguration, 'the identity provider is no longer SAML');
                const requestId = inResponseTo(request.body.SAMLResponse);
                if (cleared) {
                    const sealed = cookieOf(request, SAML_COOKIE);
                    const sent = sealed ? await openPending<{ id?: unknown }>(sealed, await signingSecret(ctx.db)) : null;
                    if (!sent || !requestId || sent.id !== requestId)
                        throw new SsoError(SSO_ERRORS.cannotAuthenticate, 'the answer is not to the request this browser was sent with');
                }
                const sentAt = requestId ? await takeOnce(ctx.db, 'saml_request', requestId) : undefined;
                const pending = requestId && sentAt ? { id: requestId, createdAt: sentAt.getTime() } : null;
                const sp = serviceProviderOf(ctx, sso.settings.entity_id);
                const identity = await samlFinish(sso.settings, sp.saml_acs_url, request.body, pending, databaseReplayGuard(ctx));
                return finishSsoRedirect(ctx, reply, await signInExternal(ctx, request, identity));
            } catch (error) {
                return finishSsoRedirect(ctx, reply, asSsoError(error));
            }
        },
    );
};
