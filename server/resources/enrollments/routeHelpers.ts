import { effectiveBranding, mailBrandOf } from '../branding';
import type { MailBrand } from '../../mail/message';
import type { LocaleCode } from '../../../contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorReply } from '../../../contract/api';
import { ENROLLMENT_IMAGE_MAX_BYTES, ENROLLMENT_MESSAGES, enrollmentSettings, type InviteeInput } from '../../../contract/enrollments';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';
import { forbidden, validationError } from '../../http/errors';
import { defaultAccessGroupId } from '../access-groups';
import { accountOptions } from '../accounts';
import { accessGroupsOfAccount, BADGE_TAKEN, badgeTaken, checkBadge, whyNotForProfile } from '../profiles';
import type { InviteRow, NewInvite } from './queries';
import { sendInvitation } from './sender';
import { enrollmentLink, enrollmentToken, newNonce } from './tokens';

/** What the route modules of web enrollment share: its OpenAPI tag, replies, limits and the checks of an invitation. */
export const tags = ['web enrollment'];

export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
/** The routes that send invitations also answer 429: too many requests, or past the account's daily cap (dailyCap.ts). */
export const sendingErrors = { ...errors, 429: errorReply };

export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * @fastify/multipart's options for the route modules of web enrollment (registered once for them, feature.ts): the uploads (CSV file, consent template,
 * face picture) take one file, and the other routes parse multipart/form-data alike, so a form sent to them gets the
 * reply their schema gives rather than a 415.
 */
export const MULTIPART_OPTIONS = {
    limits: { fileSize: Math.max(TEMPLATE_MAX_BYTES, ENROLLMENT_IMAGE_MAX_BYTES) + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
};

export { readBounded } from '../../http/readBounded';

export const enrollmentAudit = (ctx: AppContext) => auditTrail(ctx.db, 'profiles', 'Web enrollment');

/** SPEC 6.3: web enrollment needs the system switch (ENROLLMENT_ENABLED) and the account's (enr/enabled). */
export const enabledFor = async (ctx: AppContext, accountId: number) => {
    const options = await accountOptions(ctx.db, accountId);
    if (!ctx.config.enrollmentEnabled || !optionOn(options, ACCOUNT_OPTIONS.enrEnabled)) throw forbidden(ENROLLMENT_MESSAGES.disabled);
    return enrollmentSettings(options);
};

export const inviteLink = (ctx: AppContext, invite: Pick<InviteRow, 'id' | 'nonce'>) =>
    enrollmentLink(ctx.config.publicUrl, enrollmentToken(ctx.signer, invite.id, invite.nonce));

/** Sends the invitation now; a temporary failure leaves it to the enrollment-sender job (sender.ts afterFailedTry). */
export const sendNow = (ctx: AppContext, invite: InviteRow, account: { name: string }, brand: MailBrand | undefined) =>
    sendInvitation(ctx, invite, account, inviteLink(ctx, invite), brand);

type RateLimiter = ReturnType<FastifyInstance['rateLimit']>;
/** One limiter per server (keyed by its rate-limit plugin's decorator): each app.rateLimit() call counts on its own. */
const inviteLimiters = new WeakMap<object, RateLimiter>();

/**
 * Requests that create or send invitations (invites, CSV upload, resend):
 * one budget for the three per user or API key, counted once signed in
 * (INVITE_REQUESTS_PER_MINUTE). A person clicks far fewer; a
 * script driving the mail path is slowed down before the daily cap stops it.
 * The route options that apply it: the same limiter for the three, whichever module declares them.
 */
export const sendingRate = (app: Pick<FastifyInstance, 'hasDecorator' | 'rateLimit'>, ctx: AppContext): { preHandler?: RateLimiter } => {
    if (!app.hasDecorator('rateLimit')) return {};
    let limiter = inviteLimiters.get(app.rateLimit);
    if (!limiter) {
        limiter = app.rateLimit({
            max: ctx.config.enrollmentInviteRequestsPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) =>
                request.auth?.apiKey ? `invites:api-key:${request.auth.apiKey.id}` : `invites:user:${request.auth?.user.id}`,
        });
        inviteLimiters.set(app.rateLimit, limiter);
    }
    return { preHandler: limiter };
};

/** A person's badge checked against its format, the opt-out list and the badges already held. */
export const checkInviteeBadge = async (ctx: AppContext, accountId: number, badgeInput: InviteeInput['badge'], prefix: string) => {
    if (!badgeInput) return undefined;
    const badge = await checkBadge(ctx.db, accountId, badgeInput, `${prefix}badge.`);
    const refusal = await whyNotForProfile(ctx.db, accountId, badge);
    if (refusal) throw validationError({ [`${prefix}badge.badge_number`]: refusal });
    if (await badgeTaken(ctx.db, accountId, badge)) throw validationError({ [`${prefix}badge.badge_number`]: BADGE_TAKEN });
    return badge;
};

/** The groups given, all of the account, or else the account's default group. */
export const inviteeGroups = async (ctx: AppContext, accountId: number, ids: number[] | undefined, prefix: string) => {
    const fallback = ids?.length ? undefined : await defaultAccessGroupId(ctx.db, accountId);
    const groups = ids?.length ? [...new Set(ids)] : fallback ? [fallback] : [];
    if (!groups.length || (await accessGroupsOfAccount(ctx.db, accountId, groups)).length !== groups.length)
        throw validationError({ [`${prefix}access_group_ids`]: "Choose access groups of the person's account" });
    return groups;
};

/**
 * The language an account's invitations go out in when the inviter chooses none: its brand's, inherited (docs/decisions.md
 * "Mails in the recipient's language").
 */
export const accountInviteLocale = async (ctx: AppContext, account: { id: number; path: string }): Promise<LocaleCode> =>
    (await effectiveBranding(ctx.db, account)).default_locale ?? 'en';

/** The product name of the brand an account wears (its own or inherited); null, the platform's own (no brand). */
export const accountBrandName = async (ctx: AppContext, account: { id: number; path: string }) =>
    (await mailBrandOf(ctx, account))?.product_name ?? null;

/** The row of a new invitation: a fresh link for the person, with the badge and groups checked for the account. */
export const newInvite = (
    invite: { accountId: number; name: string; email: string; locale: LocaleCode; createdBy: string; expiresAt: Date; batchId?: number },
    badge: { card_format_id: number; facility_code: number | null; badge_number: number } | null | undefined,
    groups: number[],
): NewInvite => ({
    account_id: invite.accountId,
    ...(invite.batchId === undefined ? {} : { batch_id: invite.batchId }),
    name: invite.name,
    email: invite.email.toLowerCase(),
    locale: invite.locale,
    nonce: newNonce(),
    card_format_id: badge?.card_format_id ?? null,
    facility_code: badge?.facility_code ?? null,
    badge_number: badge?.badge_number ?? null,
    access_group_ids: groups,
    expires_at: invite.expiresAt,
    created_by: invite.createdBy,
});
