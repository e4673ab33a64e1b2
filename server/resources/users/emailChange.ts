import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { opaqueToken, sha256 } from '../../crypto/tokens';
import { findUserByEmail, insertEmailChange } from './queries';

/** The link to confirm a new address, or, when the address already has an account, a word that nothing changed. */
const mailEmailChange = async (ctx: AppContext, name: string, email: string, token: string) => {
    if (await findUserByEmail(ctx.db, email)) {
        await ctx.mailer.send({
            to: email,
            subject: 'Your address was given for another Access Console account',
            text: `Hello,\n\nSomeone signed in to Access Console asked to use this address for their account. It already belongs to an account, so nothing was changed.\n\nIf you did not ask for it, you need not do anything.\n`,
        });
        return;
    }
    const minutes = Math.round(ctx.config.resetTokenTtlSeconds / 60);
    await ctx.mailer.send({
        to: email,
        subject: 'Confirm your new Access Console e-mail address',
        text: `Hello ${name},\n\nTo use this address to sign in to Access Console, open this link within ${minutes} minutes:\n\n${ctx.config.publicUrl}/confirm_email?token=${token}\n\nUntil then you sign in with your current address. If you did not ask for it, ignore this message.\n`,
    });
};

/**
 * A new address a user gave for themselves: kept aside until the link mailed to it is opened
 * (POST /confirm_email/:token, routes.ts); the mail leaves once the reply is sent.
 */
export const startEmailChange = async (
    app: Pick<FastifyInstance, 'afterReply'>,
    ctx: AppContext,
    request: FastifyRequest,
    user: { id: number; name: string },
    email: string,
) => {
    const token = opaqueToken();
    const expires_at = new Date(ctx.now().getTime() + ctx.config.resetTokenTtlSeconds * 1000);
    await insertEmailChange(ctx.db, { token_hash: sha256(token), user_id: user.id, email, expires_at });
    app.afterReply(request, () => mailEmailChange(ctx, user.name, email, token));
};
