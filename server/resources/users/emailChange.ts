import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { opaqueToken, sha256 } from '../../crypto/tokens';
import { fill } from '../../mail/language';
import { message } from '../../mail/message';
import { userMailStyle } from '../branding';
import { EMAIL_CHANGE_MAIL_TEXTS } from './mailTexts';
import { findUserByEmail, insertEmailChange, mailRecipientOf } from './queries';

/**
 * The link to confirm a new address, in the language and brand of the user who asked; or, when the address already
 * has an account, a word that nothing changed, in the language and brand of that account's user.
 */
const mailEmailChange = async (ctx: AppContext, user: { id: number; name: string }, email: string, token: string) => {
    const holder = await findUserByEmail(ctx.db, email);
    const style = await userMailStyle(ctx, holder ?? (await mailRecipientOf(ctx.db, user.id))!);
    const t = EMAIL_CHANGE_MAIL_TEXTS[style.locale];
    const values = { product: style.product, name: user.name, minutes: String(Math.round(ctx.config.resetTokenTtlSeconds / 60)) };
    const link = `${ctx.config.publicUrl}/confirm_email?token=${token}`;
    await ctx.mailer.send(
        holder
            ? message(
                  email,
                  fill(t.takenSubject, values),
                  [t.helloNoName, fill(t.taken, values), t.takenNothingToDo],
                  style.locale,
                  style.brand,
              )
            : message(
                  email,
                  fill(t.confirmSubject, values),
                  [fill(t.hello, values), fill(t.confirm, values), { link, label: t.confirmLabel }, t.untilThen],
                  style.locale,
                  style.brand,
              ),
    );
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
    app.afterReply(request, () => mailEmailChange(ctx, user, email, token));
};
