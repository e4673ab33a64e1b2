import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { ENROLLMENT_MESSAGES, type EnrollmentSettings } from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { findAccount } from '../accounts';
import { effectiveBranding } from '../branding';
import { inviteLocale } from './mails';
import { effectiveStatus, findInvite, type InviteRow } from './queries';
import { enabledFor } from './routeHelpers';
import { readEnrollmentToken } from './tokens';

/** What the route modules of the public enrollment page share: the link's token is the only credential of its calls. */
export const tokenParam = z.object({ token: z.string().max(200) });
/** Public calls a client may make per minute: enough for a person, too few to guess a link. */
export const PUBLIC_RATE = { max: 30, timeWindow: '1 minute' };
export const publicErrors = { 400: errorReply, 404: errorReply, 409: errorReply, 410: errorReply, 413: errorReply, 429: errorReply };

/**
 * The invitation a token opens, or the clear refusal of docs/decisions.md "Web enrollment", Links (never which part
 * was wrong).
 */
export const opened = async (ctx: AppContext, token: string, { forWrite }: { forWrite: boolean }) => {
    const claim = readEnrollmentToken(ctx.signer, token);
    const invite = claim && (await findInvite(ctx.db, claim.id));
    if (!claim || !invite || invite.nonce !== claim.nonce) throw new HttpError(404, ENROLLMENT_MESSAGES.linkInvalid);
    const status = effectiveStatus(invite, ctx.now());
    if (status === 'completed') throw new HttpError(410, ENROLLMENT_MESSAGES.linkUsed);
    if (status === 'revoked') throw new HttpError(410, ENROLLMENT_MESSAGES.linkRevoked);
    if (status === 'expired') throw new HttpError(410, ENROLLMENT_MESSAGES.linkExpired);
    if (status === 'locked') throw new HttpError(410, ENROLLMENT_MESSAGES.linkLocked);
    if (status === 'failed' && forWrite) throw new HttpError(410, ENROLLMENT_MESSAGES.linkRevoked);
    const account = (await findAccount(ctx.db, invite.account_id))!;
    let settings: EnrollmentSettings;
    try {
        settings = await enabledFor(ctx, account.id);
    } catch {
        throw new HttpError(410, ENROLLMENT_MESSAGES.disabled);
    }
    return { invite, account, settings };
};

/** What the enrollment page shows: where the person is in the steps. */
export const pageOf = (ctx: AppContext, invite: InviteRow, accountName: string, settings: EnrollmentSettings) => ({
    account_name: accountName,
    person_name: invite.name,
    status: effectiveStatus(invite, ctx.now()),
    expires_at: invite.expires_at.toISOString(),
    consent: { required: settings.consentType === 'template', signed: invite.consented_at !== null },
    multi_factor: { required: settings.multiFactor, verified: invite.code_verified_at !== null },
});

/**
 * What the page shows when it opens: its steps (pageOf), the brand of the inviting account (its own, the nearest
 * above it, else the platform's: docs/decisions.md "Brands per account") and the invitation's language. Only the
 * brand's public fields: no host names, no account ids but the logo's address.
 */
export const openedPageOf = async (
    ctx: AppContext,
    invite: InviteRow,
    account: { id: number; path: string; name: string },
    settings: EnrollmentSettings,
) => {
    const { product_name, primary_color, secondary_color, logo_url, support_email, support_url } = await effectiveBranding(ctx.db, account);
    return {
        ...pageOf(ctx, invite, account.name, settings),
        brand: { product_name, primary_color, secondary_color, logo_url, support_email, support_url },
        locale: inviteLocale(invite),
    };
};
