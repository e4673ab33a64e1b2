import { randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
    ENROLLMENT_CODE_MAX_TOTAL_TRIES,
    ENROLLMENT_CODE_MAX_TRIES,
    ENROLLMENT_CODE_TTL_SECONDS,
    ENROLLMENT_MESSAGES,
    enrollmentPage,
    openedEnrollmentPage,
    OPEN_ENROLLMENT_STATUSES,
} from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { sha256 } from '../../crypto/tokens';
import { HttpError, validationError } from '../../http/errors';
import { codeMail, inviteLocale } from './mails';
import { mailBrandOf } from '../branding';
import { publicErrors, opened, openedPageOf, pageOf, PUBLIC_RATE, tokenParam } from './publicPage';
import { consentTemplateOf, findInvite, moveInvite, takeCodeTry, updateInvite } from './queries';
import { tags } from './routeHelpers';

/**
 * The public enrollment page (docs/decisions.md "Web enrollment"): what it
 * shows, the consent to read, and the e-mailed one-time code. Signing and the
 * picture are completionRoutes.ts.
 */
export const enrollmentPageRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/enrollment/:token',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary:
                    "What the enrollment page shows for its link: its steps, the inviting account's brand and the invitation's language",
                params: tokenParam,
                response: { 200: openedEnrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(ctx, request.params.token, { forWrite: false });
            const seen =
                invite.status === 'sent'
                    ? ((await moveInvite(ctx.db, invite.id, ['sent'], { status: 'opened', opened_at: ctx.now() })) ?? invite)
                    : invite;
            return openedPageOf(ctx, seen, account, settings);
        },
    );

    app.get(
        '/enrollment/:token/consent.pdf',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: { tags, summary: 'The consent document to read before signing', params: tokenParam, produces: ['application/pdf'] },
        },
        async (request, reply) => {
            const { account } = await opened(ctx, request.params.token, { forWrite: false });
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!file) throw new HttpError(404, ENROLLMENT_MESSAGES.templateMissing);
            return reply.type('application/pdf').header('Content-Disposition', 'inline; filename="consent.pdf"').send(file);
        },
    );

    app.post(
        '/enrollment/:token/code',
        {
            config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: `Send the one-time code to the invited address (multi-factor): a new code takes ${ENROLLMENT_CODE_MAX_TRIES} tries, and the link ${ENROLLMENT_CODE_MAX_TOTAL_TRIES} over all its codes`,
                params: tokenParam,
                response: { 204: z.null(), ...publicErrors },
            },
        },
        async (request, reply) => {
            const { invite, account } = await opened(ctx, request.params.token, { forWrite: true });
            const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
            // code_tries starts again; code_tries_total does not, so new codes do not give new tries without end.
            await updateInvite(ctx.db, invite.id, {
                code_hash: sha256(`${invite.id}:${code}`),
                code_expires_at: new Date(ctx.now().getTime() + ENROLLMENT_CODE_TTL_SECONDS * 1000),
                code_tries: 0,
            });
            await ctx.mailer.send(
                codeMail({
                    to: invite.email,
                    name: invite.name,
                    accountName: account.name,
                    code,
                    locale: inviteLocale(invite),
                    brand: await mailBrandOf(ctx, account),
                }),
            );
            return reply.status(204).send(null);
        },
    );

    app.post(
        '/enrollment/:token/code/verify',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: `Check the one-time code: each try is counted before the code is compared; past ${ENROLLMENT_CODE_MAX_TRIES} the code no longer works (409), past ${ENROLLMENT_CODE_MAX_TOTAL_TRIES} over the link's codes the invitation is locked (410) until the staff send it again`,
                params: tokenParam,
                body: z.object({ code: z.string().max(20) }),
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(ctx, request.params.token, { forWrite: true });
            const tried = await takeCodeTry(ctx.db, invite, ctx.now());
            if (!tried?.code_hash) {
                // Why no try was counted, as the invitation is now (tries sent at once changed it since it was opened).
                const current = (await findInvite(ctx.db, invite.id)) ?? invite;
                if (current.status === 'locked' || current.code_tries_total >= ENROLLMENT_CODE_MAX_TOTAL_TRIES)
                    throw new HttpError(410, ENROLLMENT_MESSAGES.linkLocked);
                if (current.code_hash && current.code_tries >= ENROLLMENT_CODE_MAX_TRIES)
                    throw new HttpError(409, ENROLLMENT_MESSAGES.codeTooManyTries);
                throw new HttpError(409, ENROLLMENT_MESSAGES.codeRequired);
            }
            const given = Buffer.from(sha256(`${invite.id}:${request.body.code.trim()}`));
            const expected = Buffer.from(tried.code_hash);
            if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
                if (tried.code_tries_total < ENROLLMENT_CODE_MAX_TOTAL_TRIES)
                    throw validationError({ code: ENROLLMENT_MESSAGES.codeWrong });
                // The link's last try was wrong: no code works on it any more, and the staff see it locked.
                await moveInvite(ctx.db, invite.id, OPEN_ENROLLMENT_STATUSES, { status: 'locked', code_hash: null });
                throw new HttpError(410, ENROLLMENT_MESSAGES.linkLocked);
            }
            const after = (await updateInvite(ctx.db, invite.id, { code_verified_at: ctx.now(), code_hash: null }))!;
            return pageOf(ctx, after, account.name, settings);
        },
    );
};
