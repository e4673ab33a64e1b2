import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
    localeInput,
    loginInput,
    loginProvider,
    loginReply,
    me,
    refreshInput,
    tokenPair,
    versionReply,
    type Me,
} from '../../../contract/auth';
import { menuItems } from '../../../contract/menu';
import { can } from '../../../contract/rights';
import { errorReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { forbidden, unauthorized, unprocessable } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { recordAudit } from '../../http/audit';
import { accountOptions } from '../accounts';
import { platformOs, platformVersion } from '../../version';
import { sessionFlags } from './flags';
import { burnPasswordCheck, verifyPassword } from '../../crypto/passwords';
import { revokeSession, rotateRefresh, startSecondFactor, startSession } from '../../http/sessions';
import { claimAttempt } from './lockout';
import { acceptTerms, setUserLocale, userByEmail, userLocale } from './queries';
import { loginProviderInfo, passwordSignInAllowed } from '../sso';
import { directorySignInOffered, signInWithDirectory } from '../sso';
import { effectiveBranding } from '../branding';
import { SSO_MESSAGES } from '../../../contract/sso';

const tags = ['session'];
const errors = { 401: errorReply, 403: errorReply, 422: errorReply, 429: errorReply };

/** Signing in with a password, keeping the session going, signing out. */
export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/login',
        {
            config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' }, whenDiskLow: 'serve' },
            schema: {
                tags,
                summary: 'Sign in with e-mail (or username) and password',
                body: loginInput,
                response: { 200: loginReply, ...errors },
            },
        },
        async request => {
            const email = request.body.username.trim().toLowerCase();
            const attempt = await claimAttempt(ctx, email, request.ip);
            const user = await userByEmail(ctx.db, email);
            // A directory signs in everyone it knows whom the platform does not know as a local user (SPEC 3; docs/decisions.md "Directory sign-in and the directory connector").
            if ((!user || user.external_user) && (await directorySignInOffered(ctx))) {
                const pair = await signInWithDirectory(ctx, request, request.body.username.trim(), request.body.password);
                await attempt.succeeded();
                return pair;
            }
            // One password check on every path (unknown, disabled, external, wrong), so timing does not tell them apart.
            const hash = user && !user.disabled && !user.external_user ? user.password_hash : null;
            const ok = hash ? await verifyPassword(hash, request.body.password) : await burnPasswordCheck(request.body.password);
            if (!user || !ok) throw unprocessable('Incorrect authentication credentials');
            await attempt.succeeded();
            // Asked only once the password is right: the answer tells nothing to someone guessing.
            if (!(await passwordSignInAllowed(ctx, user))) throw forbidden(SSO_MESSAGES.ssoOnly);
            if (user.tfa_enabled || (await tfaRequiredByAccount(ctx, user.account_id))) {
                return { tfa_required: true as const, tfa_setup_required: !user.tfa_enabled, token: await startSecondFactor(ctx, user.id) };
            }
            await recordAudit(ctx.db, request, {
                action: 'login',
                resource: 'users',
                entity: 'User',
                entity_id: user.id,
                account_id: user.account_id,
                actor: { id: user.id, name: user.name },
            });
            return startSession(ctx, user.id);
        },
    );

    app.post(
        '/token/refresh',
        {
            config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' }, whenDiskLow: 'serve' },
            schema: {
                tags,
                summary: 'Rotate a refresh token; a token used twice ends its session',
                body: refreshInput,
                response: { 200: tokenPair, ...errors },
            },
        },
        async request => {
            const pair = await rotateRefresh(ctx, request.body.refresh_token);
            if (!pair) throw unauthorized('Invalid refresh token');
            return pair;
        },
    );

    app.post(
        '/logout',
        {
            config: { access: 'signedIn', scope: 'none', beforePasswordSetup: true, whenDiskLow: 'serve' },
            schema: { tags, summary: 'End the current session', response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            await revokeSession(ctx, auth.sessionId, 'logout');
            return reply.status(204).send(null);
        },
    );
};

/** The signed-in user (its account and menu, its language, the terms), and what the sign-in page and the About box show of the platform. */
export const meRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/me',
        {
            config: { access: 'signedIn', scope: 'account', beforePasswordSetup: true },
            schema: {
                tags,
                summary: 'The signed-in user, its account and menu',
                response: { 200: me, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const current = scopeOf(request).account;
            const flags = sessionFlags(ctx.config, auth, await accountOptions(ctx.db, current.id));
            return {
                id: auth.user.id,
                name: auth.user.name,
                email: auth.user.email,
                role: auth.user.role,
                account: { id: auth.account.id, name: auth.account.name, main: auth.account.main },
                accepted_tos: auth.user.accepted_tos,
                password_changed: auth.user.password_changed,
                tfa_enabled: auth.user.tfa_enabled,
                external_user: auth.user.external_user,
                locale: (await userLocale(ctx.db, auth.user.id)) as Me['locale'],
                default_locale: (await effectiveBranding(ctx.db, auth.account)).default_locale,
                menu: menuItems(flags),
            };
        },
    );

    app.put(
        '/me/locale',
        {
            config: { access: 'signedIn', scope: 'none', beforePasswordSetup: true },
            schema: {
                tags,
                summary: 'Keep the console language the user chose',
                body: localeInput,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            await setUserLocale(ctx.db, auth.user.id, request.body.locale);
            return reply.status(204).send(null);
        },
    );

    app.put(
        '/tos',
        {
            config: { access: 'signedIn', scope: 'none', beforePasswordSetup: true },
            schema: { tags, summary: 'Accept the terms of service', response: { 204: z.null(), ...errors } },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            await acceptTerms(ctx.db, auth.user.id);
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'users',
                entity: 'Terms of service',
                entity_id: auth.user.id,
                account_id: auth.user.account_id,
                after: { accepted_tos: true },
            });
            return reply.status(204).send(null);
        },
    );

    app.get(
        '/login_provider',
        {
            config: { access: 'public' },
            schema: { tags, summary: 'How this platform signs users in', response: { 200: loginProvider } },
        },
        async () => {
            const { provider, alternateLogin } = await loginProviderInfo(ctx);
            return {
                provider,
                platformInstallation: ctx.config.platformInstallation,
                singleTenant: ctx.config.singleTenant,
                acsServiceRunning: true,
                enrollmentEnabled: ctx.config.enrollmentEnabled,
                alternateLogin,
            };
        },
    );

    app.get(
        '/version',
        {
            config: { access: 'signedIn', scope: 'none', beforePasswordSetup: true },
            schema: {
                tags,
                summary: 'Platform version; the operating system for those with the version right',
                response: { 200: versionReply, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            return can(auth.user.role, 'version', 'read')
                ? { platform_version: platformVersion(), platform_os: platformOs() }
                : { platform_version: platformVersion() };
        },
    );
};

const tfaRequiredByAccount = async (ctx: AppContext, accountId: number) =>
    (await accountOptions(ctx.db, accountId)).some(o => o.name === 'tfa/enabled' && o.value === 'true');
