import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { otpInput, twoFactorConfirmInput, twoFactorSetupReply } from '../../../contract/auth';
import { isAtLeast } from '../../../contract/roles';
import type { AppContext } from '../../context';
import { requireAuth, type AuthContext } from '../../http/auth';
import { badRequest, forbidden, notFound, unprocessable } from '../../http/errors';
import { accountInScope } from '../../http/scope';
import { sha256 } from '../../crypto/tokens';
import { recordAudit } from '../../http/audit';
import { claimAttempt } from './lockout';
import { acceptTotpStep, clearTwoFactor, enableTwoFactor, setPendingSecret, useRecoveryCode, userById } from './queries';
import { accessTokenFor, revokeUserSessions } from '../../http/sessions';
import { matchingStep, newTotpSecret, totpFor } from './totp';
import { productNameOf } from '../branding';

const tags = ['session'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 422: errorReply, 429: errorReply };
const RECOVERY_CODES = 10;
const newRecoveryCode = () =>
    randomBytes(5)
        .toString('hex')
        .replace(/(.{5})/, '$1-');

const userRow = async (ctx: AppContext, id: number) => (await userById(ctx.db, id))!;

/**
 * Checks a one-time code for a user: right code, in a later time step than
 * the last accepted one (a code works once), within the lockout rules.
 */
const acceptCode = async (ctx: AppContext, request: FastifyRequest, auth: AuthContext, secret: string, otp: string) => {
    const attempt = await claimAttempt(ctx, auth.user.email, request.ip);
    const user = await userRow(ctx, auth.user.id);
    const step = matchingStep(secret, otp, ctx.now());
    if (step === undefined || (user.tfa_last_step !== null && step <= user.tfa_last_step)) throw unprocessable('Invalid one-time code');
    if (!(await acceptTotpStep(ctx.db, user.id, step))) throw unprocessable('Invalid one-time code');
    await attempt.succeeded();
};

/**
 * The sign-in step token (password only) may set up a second factor only while the user has none: with one
 * already set up it would let a password alone replace it. Replacing it takes a full session.
 */
const refuseStepTokenOnceSetUp = (auth: AuthContext, tfaEnabled: boolean) => {
    if (auth.kind === 'tfa' && tfaEnabled)
        throw forbidden('Two-factor login is already set up: sign in with a code from your authenticator app.');
};

const rateLimit = { max: 20, timeWindow: '1 minute' };

/**
 * Setting up is open to the sign-in step token while the user has no second factor (2FA required by the
 * account), and to a signed-in user turning it on or replacing it (with a code of the current one).
 */
export const twoFactorSetupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const url = '/2fa-setup';
    app.get(
        url,
        {
            config: { access: 'anySignIn', scope: 'none', beforePasswordSetup: true },
            schema: {
                tags,
                summary: 'Start two-factor setup: a new secret and its QR code',
                response: { 200: twoFactorSetupReply, ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            refuseStepTokenOnceSetUp(auth, (await userRow(ctx, auth.user.id)).tfa_enabled);
            const secret = newTotpSecret();
            await setPendingSecret(ctx.db, auth.user.id, secret);
            // the authenticator names the product the user knows: the brand their account wears
            const otpauth_url = totpFor(secret, auth.user.email, 6, await productNameOf(ctx.db, auth.user.account_id)).toString();
            return { secret, otpauth_url, qr: await QRCode.toDataURL(otpauth_url, { margin: 1, width: 220 }) };
        },
    );

    app.post(
        url,
        {
            config: { access: 'anySignIn', scope: 'none', beforePasswordSetup: true, rateLimit },
            schema: {
                tags,
                summary:
                    'Confirm two-factor setup with a code; returns the recovery codes once (and the session tokens at sign-in). ' +
                    'Replacing a second factor already set up needs a full session and current_otp, a code of the current one.',
                body: twoFactorConfirmInput,
                response: {
                    200: z.object({
                        recovery_codes: z.array(z.string()),
                        token: z.string().optional(),
                        refresh_token: z.string().optional(),
                    }),
                    ...errors,
                },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const user = await userRow(ctx, auth.user.id);
            refuseStepTokenOnceSetUp(auth, user.tfa_enabled);
            if (!user.tfa_pending_secret) throw badRequest('Start the two-factor setup first.');
            let newStep: number | undefined;
            if (user.tfa_enabled) {
                if (!request.body.current_otp || !user.tfa_secret)
                    throw forbidden('Enter a code from your current authenticator to replace it.');
                await acceptCode(ctx, request, auth, user.tfa_secret, request.body.current_otp);
                // The new secret's code may share the current one's time step: it is checked on its own.
                const attempt = await claimAttempt(ctx, auth.user.email, request.ip);
                newStep = matchingStep(user.tfa_pending_secret, request.body.otp, ctx.now());
                if (newStep === undefined) throw unprocessable('Invalid one-time code');
                await attempt.succeeded();
            } else {
                await acceptCode(ctx, request, auth, user.tfa_pending_secret, request.body.otp);
            }
            const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
            await enableTwoFactor(ctx.db, user.id, user.tfa_pending_secret, newStep, codes.map(sha256));
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'users',
                entity: 'Two-factor login',
                entity_id: user.id,
                account_id: user.account_id,
                after: { tfa_enabled: true },
            });
            const pair = auth.kind === 'tfa' ? await accessTokenFor(ctx, user.id, auth.sessionId) : {};
            return { recovery_codes: codes, ...pair };
        },
    );
};

/** The second sign-in step, and resetting a user's second factor. */
export const twoFactorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/login-2fa',
        {
            config: { access: 'tfaStep', scope: 'none', rateLimit, whenDiskLow: 'serve' },
            schema: {
                tags,
                summary: 'Second sign-in step: the one-time code',
                body: otpInput,
                response: { 200: z.object({ token: z.string(), refresh_token: z.string() }), ...errors },
            },
        },
        async request => {
            const auth = requireAuth(request);
            const user = await userRow(ctx, auth.user.id);
            if (!user.tfa_enabled || !user.tfa_secret) throw badRequest('Two-factor login is not set up for this user.');
            await acceptCode(ctx, request, auth, user.tfa_secret, request.body.otp);
            await recordAudit(ctx.db, request, {
                action: 'login',
                resource: 'users',
                entity: 'User',
                entity_id: user.id,
                account_id: user.account_id,
            });
            return accessTokenFor(ctx, user.id, auth.sessionId);
        },
    );

    /** Clears a user's two-factor login so it is set up again at the next sign-in. */
    const resetTwoFactor = async (request: FastifyRequest, userId: number, accountId: number, how: string) => {
        await clearTwoFactor(ctx.db, userId);
        await recordAudit(ctx.db, request, {
            action: 'update',
            resource: 'users',
            entity: 'Two-factor login',
            entity_id: userId,
            account_id: accountId,
            after: { tfa_enabled: false, reset: how },
        });
    };

    app.delete(
        '/2fa-setup',
        {
            config: { access: 'anySignIn', scope: 'none', rateLimit },
            schema: {
                tags,
                summary:
                    "Reset two-factor login: your own with a recovery code, or another user's by user_id (admin, or a moderator of the user's account)",
                querystring: z.union([
                    z.object({ recovery_code: z.string().min(1).max(40) }),
                    z.object({ user_id: z.coerce.number().int().positive() }),
                ]),
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const query = request.query;
            if ('recovery_code' in query) {
                const attempt = await claimAttempt(ctx, auth.user.email, request.ip);
                if (!(await useRecoveryCode(ctx.db, auth.user.id, sha256(query.recovery_code.trim().toLowerCase()), ctx.now()))) {
                    throw unprocessable('Invalid recovery code');
                }
                await attempt.succeeded();
                await resetTwoFactor(request, auth.user.id, auth.user.account_id, 'recovery code');
                return reply.status(204).send(null);
            }
            if (auth.kind !== 'access') throw forbidden();
            const target = await userById(ctx.db, query.user_id);
            if (!target) throw notFound('user');
            await accountInScope(ctx.db, auth, target.account_id).catch(() => {
                throw notFound('user');
            });
            // SPEC 6.3: offered to admin (cloud) and moderator; a moderator resets users of their own account below their role.
            const allowed =
                auth.user.role === 'admin' ||
                (auth.user.role === 'moderator' && target.account_id === auth.account.id && !isAtLeast(target.role, 'moderator'));
            if (!allowed) throw forbidden('Only an administrator or the account administrator can reset two-factor login.');
            await resetTwoFactor(request, target.id, target.account_id, `by user ${auth.user.id}`);
            await revokeUserSessions(ctx, target.id, 'two-factor reset');
            return reply.status(204).send(null);
        },
    );
};
