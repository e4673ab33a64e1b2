import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { newPassword, resetPasswordRequest, resetPasswordStatus } from '../../../contract/auth';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden, HttpError } from '../../http/errors';
import { opaqueToken, sha256 } from '../../crypto/tokens';
import { recordAudit } from '../../http/audit';
import { hashPassword } from '../../crypto/passwords';
import {
    findPasswordReset,
    forgetFailedSignIns,
    insertPasswordReset,
    redeemPasswordReset,
    setFirstPassword,
    setPassword,
    userByEmail,
} from './queries';
import { revokeUserSessions } from '../../http/sessions';
import { fill } from '../../mail/language';
import { message } from '../../mail/message';
import { userMailStyle } from '../branding';
import { PASSWORD_MAIL_TEXTS } from './mailTexts';

const tags = ['session'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 409: errorReply, 410: errorReply, 429: errorReply };
const tokenParam = z.object({ token: z.string().min(10).max(100) });

export const passwordRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    /**
     * The reset link in the user's language and the brand of the user's account (docs/decisions.md "Mails in the
     * recipient's language", "Brands per account").
     */
    const resetMail = async (user: { email: string; name: string; locale: string | null; account_id: number }, link: string) => {
        const { locale, brand, product } = await userMailStyle(ctx, user);
        const t = PASSWORD_MAIL_TEXTS[locale];
        const values = { product, name: user.name, minutes: String(Math.round(ctx.config.resetTokenTtlSeconds / 60)) };
        return message(
            user.email,
            fill(t.subject, values),
            [fill(t.hello, values), fill(t.asked, values), { link, label: t.choose }, t.notAsked],
            locale,
            brand,
        );
    };

    /** A reset link for the address if it is a user's who signs in with a password; nothing otherwise. */
    const sendResetLink = async (request: FastifyRequest, email: string) => {
        const user = await userByEmail(ctx.db, email);
        if (user && !user.external_user && !user.disabled) {
            const token = opaqueToken();
            await insertPasswordReset(ctx.db, {
                token_hash: sha256(token),
                user_id: user.id,
                expires_at: new Date(ctx.now().getTime() + ctx.config.resetTokenTtlSeconds * 1000),
            });
            const link = `${ctx.config.publicUrl}/reset_password?token=${token}`;
            await ctx.mailer.send(await resetMail(user, link));
            await recordAudit(ctx.db, request, {
                action: 'reset_password_requested',
                resource: 'users',
                entity: 'User',
                entity_id: user.id,
                account_id: user.account_id,
                actor: { id: user.id, name: user.name },
            });
        }
    };

    app.post(
        '/reset_password',
        {
            config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Send a password-reset link by e-mail (always 204: it never tells whether the address exists)',
                body: resetPasswordRequest,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            // Everything happens after the reply, whose timing then says nothing of whether the address exists.
            app.afterReply(request, () => sendResetLink(request, request.body.email.trim().toLowerCase()));
            return reply.status(204).send(null);
        },
    );

    const statusOf = async (token: string) => {
        const row = await findPasswordReset(ctx.db, sha256(token));
        if (!row) return 'invalid' as const;
        if (row.used_at) return 'used' as const;
        if (row.expires_at <= ctx.now()) return 'expired' as const;
        return 'valid' as const;
    };

    app.get(
        '/reset_password/:token/status',
        {
            config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Whether a reset link can still be used',
                params: tokenParam,
                response: { 200: resetPasswordStatus, ...errors },
            },
        },
        async request => ({ status: await statusOf(request.params.token) }),
    );

    app.put(
        '/reset_password/:token',
        {
            config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Set a new password with a reset link (once)',
                params: tokenParam,
                body: newPassword,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const userId = await redeemPasswordReset(ctx.db, sha256(request.params.token), ctx.now());
            if (userId === undefined) {
                const status = await statusOf(request.params.token);
                throw new HttpError(
                    410,
                    status === 'expired'
                        ? 'This reset link has expired. Ask for a new one.'
                        : 'This reset link is not valid any more. Ask for a new one.',
                );
            }
            const user = await setPassword(ctx.db, userId, await hashPassword(request.body.password));
            await revokeUserSessions(ctx, userId, 'password reset');
            await forgetFailedSignIns(ctx.db, user.email);
            await recordAudit(ctx.db, request, {
                action: 'reset_password',
                resource: 'users',
                entity: 'User',
                entity_id: user.id,
                account_id: user.account_id,
                actor: { id: user.id, name: user.name },
            });
            return reply.status(204).send(null);
        },
    );

    app.put(
        '/users/:id/password_setup',
        {
            config: { access: 'signedIn', scope: 'none', beforePasswordSetup: true },
            schema: {
                tags,
                summary: 'Set your first password (while a change is required)',
                params: z.object({ id: z.coerce.number().int().positive() }),
                body: newPassword,
                response: { 204: z.null(), ...errors },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            if (request.params.id !== auth.user.id) throw forbidden('You can only set your own password.');
            if (!(await setFirstPassword(ctx.db, auth.user.id, await hashPassword(request.body.password))))
                throw conflict('Password already set');
            await recordAudit(ctx.db, request, {
                action: 'update',
                resource: 'users',
                entity: 'Password',
                entity_id: auth.user.id,
                account_id: auth.user.account_id,
                after: { password_changed: true },
            });
            return reply.status(204).send(null);
        },
    );
};
