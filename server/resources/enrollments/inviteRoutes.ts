import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../contract/api';
import { enrollmentRecord, OPEN_ENROLLMENT_STATUSES } from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, notFound } from '../../http/errors';
import { mayActIn } from '../../http/scope';
import { findAccount } from '../accounts';
import { mailBrandOf } from '../branding';
import { takeInvitations } from './dailyCap';
import { effectiveStatus, findInvite, moveInvite, toEnrollment, updateInvite } from './queries';
import { enabledFor, enrollmentAudit, errors, inviteLink, sendingErrors, sendingRate, sendNow, tags } from './routeHelpers';
import { newNonce } from './tokens';

/** An invitation the caller may act on, with its account and the account's settings; ids of other tenants do not exist (404). */
const visible = async (ctx: AppContext, request: FastifyRequest, id: number) => {
    const invite = await findInvite(ctx.db, id);
    const account = invite && (await findAccount(ctx.db, invite.account_id));
    if (!invite || !account || !mayActIn(requireAuth(request), account)) throw notFound('web enrollment');
    return { invite, account, settings: await enabledFor(ctx, account.id) };
};

/** One invitation: sent again with a new link, withdrawn, or its link given to copy. */
export const inviteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = enrollmentAudit(ctx);

    app.post(
        '/web-enrollments/:id/resend',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            ...sendingRate(app, ctx),
            schema: {
                tags,
                summary:
                    "Send the invitation again with a new link (the old one stops working) and a new expiry; it counts in the account's invitations a day",
                params: idParam,
                response: { 200: enrollmentRecord, ...sendingErrors },
            },
        },
        async (request, reply) => {
            const { invite, account, settings } = await visible(ctx, request, request.params.id);
            if (invite.status === 'completed' || invite.status === 'revoked')
                throw conflict(`This invitation is ${invite.status}: it cannot be sent again.`);
            const now = ctx.now();
            await takeInvitations(ctx, reply, account.id, 1);
            // The new link is not sent yet: a new round of tries, whose retry window counts from this one (sender.ts
            // afterFailedTry), under this request's lease so that the enrollment-sender job does not send it as well.
            const renewed = (await updateInvite(ctx.db, invite.id, {
                nonce: newNonce(),
                status: invite.status === 'consented' ? 'consented' : 'sent',
                expires_at: new Date(now.getTime() + settings.linkDays * 86_400_000),
                failure: null,
                sent_at: null,
                send_claimed_at: now,
                send_tries: 0,
                send_first_at: null,
                send_next_at: null,
                send_error: null,
                // A new link, so a new allowance of code tries: this is how a locked invitation works again.
                code_hash: null,
                code_tries: 0,
                code_tries_total: 0,
            }))!;
            const after = await sendNow(ctx, renewed, account, await mailBrandOf(ctx, account));
            await audit(request, 'update', after, toEnrollment(invite, now), toEnrollment(after, now));
            return toEnrollment(after, now);
        },
    );

    app.post(
        '/web-enrollments/:id/revoke',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Withdraw an invitation: its link stops working at once',
                params: idParam,
                response: { 200: enrollmentRecord, ...errors },
            },
        },
        async request => {
            const { invite } = await visible(ctx, request, request.params.id);
            const after = await moveInvite(ctx.db, invite.id, OPEN_ENROLLMENT_STATUSES, { status: 'revoked' });
            if (!after) throw conflict(`This invitation is ${effectiveStatus(invite, ctx.now())}: there is nothing to withdraw.`);
            await audit(request, 'revoke_access', after, toEnrollment(invite, ctx.now()), toEnrollment(after, ctx.now()));
            return toEnrollment(after, ctx.now());
        },
    );

    app.get(
        '/web-enrollments/:id/link',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: "The invitation's link, to give to the person another way (copy link)",
                params: idParam,
                response: { 200: z.object({ link: z.string() }), ...errors },
            },
        },
        async request => {
            const { invite } = await visible(ctx, request, request.params.id);
            if (!OPEN_ENROLLMENT_STATUSES.includes(effectiveStatus(invite, ctx.now())))
                throw conflict(`This invitation is ${effectiveStatus(invite, ctx.now())}: its link no longer works.`);
            return { link: inviteLink(ctx, invite) };
        },
    );
};
