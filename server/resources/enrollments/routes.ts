import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { ENROLLMENT_MESSAGES, ENROLLMENT_STATUSES, enrollmentRecord, invitesInput, type InviteeInput } from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden } from '../../http/errors';
import { listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { takeInvitations } from './dailyCap';
import { mailBrandOf } from '../branding';
import { consentTemplateOf, insertInvites, listEnrollments, toEnrollment } from './queries';
import {
    newInvite,
    accountInviteLocale,
    checkInviteeBadge,
    enabledFor,
    enrollmentAudit,
    errors,
    inviteeGroups,
    sendingErrors,
    sendingRate,
    sendNow,
    tags,
} from './routeHelpers';

/** One person checked as an invitation: badge against its format and the opt-out list, groups of the account. */
const checkInvitee = async (ctx: AppContext, accountId: number, person: InviteeInput, prefix: string) => ({
    badge: await checkInviteeBadge(ctx, accountId, person.badge, prefix),
    groups: await inviteeGroups(ctx, accountId, person.access_group_ids, prefix),
});

/**
 * Web enrollment (docs/decisions.md "Web enrollment"): the invitations of an
 * account, and inviting people by e-mail. The CSV upload (csvRoutes.ts), one
 * invitation's actions (inviteRoutes.ts), the account's settings
 * (settingsRoutes.ts) and the public enrollment page (pageRoutes.ts,
 * completionRoutes.ts) are plugins of their own.
 */
export const enrollmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = enrollmentAudit(ctx);

    app.get(
        '/web-enrollments',
        {
            config: { access: ['profiles', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The invitations of the account; q finds a name or e-mail, status filters',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), status: z.enum(ENROLLMENT_STATUSES).optional() }),
                response: { 200: listReply(enrollmentRecord), ...errors },
            },
        },
        async request => {
            const { account, accounts, cross } = scopeOf(request);
            // Across accounts: the invitations each account in reach made while it could; one account answers as its option says.
            if (cross) {
                if (!ctx.config.enrollmentEnabled) throw forbidden(ENROLLMENT_MESSAGES.disabled);
            } else await enabledFor(ctx, account.id);
            return listEnrollments(
                ctx.db,
                { scope: accounts, q: request.query.q, status: request.query.status, now: ctx.now() },
                request.query,
            );
        },
    );

    app.post(
        '/web-enrollments/invites',
        {
            config: { access: ['profiles', 'write'], scope: 'account' },
            ...sendingRate(app, ctx),
            schema: {
                tags,
                summary:
                    "Invite people by e-mail: each gets a single-use link, valid for the days the account chose (1, 3 or 7). 429 past the account's invitations a day (nothing is sent), or too many requests",
                body: invitesInput,
                response: { 201: z.object({ result: z.array(enrollmentRecord) }), ...sendingErrors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const settings = await enabledFor(ctx, account.id);
            if (settings.consentType === 'template' && !(await consentTemplateOf(ctx.db, account.id)))
                throw conflict(ENROLLMENT_MESSAGES.templateMissing);
            // Everyone is checked before anyone is invited: a refused line sends nothing.
            const checked = [];
            for (const [i, person] of request.body.people.entries())
                checked.push({ person, ...(await checkInvitee(ctx, account.id, person, `people.${i}.`)) });
            const now = ctx.now();
            const accountLocale = await accountInviteLocale(ctx, account);
            const giveBack = await takeInvitations(ctx, reply, account.id, checked.length);
            const rows = await insertInvites(
                ctx.db,
                checked.map(({ person, badge, groups }) =>
                    newInvite(
                        {
                            accountId: account.id,
                            name: person.name,
                            email: person.email,
                            locale: person.locale ?? accountLocale,
                            expiresAt: new Date(now.getTime() + settings.linkDays * 86_400_000),
                            createdBy: requireAuth(request).user.name,
                        },
                        badge,
                        groups,
                    ),
                ),
            ).catch(async error => {
                await giveBack();
                throw error;
            });
            const sent = [];
            const brand = await mailBrandOf(ctx, account);
            for (const row of rows) {
                const after = await sendNow(ctx, row, account, brand);
                await audit(request, 'create', after, undefined, toEnrollment(after, now));
                sent.push(toEnrollment(after, now));
            }
            return reply.status(201).send({ result: sent });
        },
    );
};
