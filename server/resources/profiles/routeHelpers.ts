import type { FastifyRequest } from 'fastify';
import { errorReply } from '../../../contract/api';
import type { BadgeInput } from '../../../contract/profiles';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';
import { conflict, conflictOnDuplicate, validationError } from '../../http/errors';
import { rowInScope } from '../../http/scope';
import { BADGE_TAKEN, checkBadge, whyNotForProfile } from './badges';
import { accessGroupsOfAccount, badgeTaken, findProfile, toProfiles, type CheckedBadge, type ProfileRow } from './queries';

/** What the route modules of profiles share: their OpenAPI tag, replies, limits and the checks of a profile's groups and badges. */
export const tags = ['profiles'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

export const CONSENT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * @fastify/multipart's options for the route modules of profiles that take a body: the signed consent is one file,
 * and the other routes parse multipart/form-data alike, so a form sent to them gets the reply their schema gives
 * rather than a 415.
 */
export const MULTIPART_OPTIONS = { limits: { fileSize: CONSENT_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 } };

export const profileAudit = (ctx: AppContext) => auditTrail(ctx.db, 'profiles', 'Profile');

/** A profile the caller may act on; ids of other tenants do not exist for the caller (404). */
export const visibleProfile = (ctx: AppContext, request: FastifyRequest, id: number): Promise<ProfileRow> =>
    rowInScope(ctx.db, request, findProfile(ctx.db, id), 'profile');

/** A profile as the API shows it. */
export const profileRecordOf = async (ctx: AppContext, id: number) => (await toProfiles(ctx.db, [(await findProfile(ctx.db, id))!]))[0]!;

/** Access groups must be the profile's account's own. */
export const checkGroups = async (ctx: AppContext, accountId: number, ids: number[], field = 'access_group_ids') => {
    const own = await accessGroupsOfAccount(ctx.db, accountId, ids);
    if (own.length !== new Set(ids).size) throw validationError({ [field]: "Choose access groups of the profile's account" });
};

/** Badges checked against their formats, none already used in the account, none twice in the request. */
export const checkCards = async (
    ctx: AppContext,
    accountId: number,
    cards: BadgeInput[],
    prefix: (i: number) => string,
): Promise<CheckedBadge[]> => {
    const checked: CheckedBadge[] = [];
    for (const [i, card] of cards.entries()) {
        const badge = await checkBadge(ctx.db, accountId, card, prefix(i));
        const twice = checked.some(
            c =>
                c.card_format_id === badge.card_format_id &&
                c.badge_number === badge.badge_number &&
                c.facility_code === badge.facility_code,
        );
        if (twice || (await badgeTaken(ctx.db, accountId, badge))) throw conflict(BADGE_TAKEN);
        // SPEC 2.2 /opt_out: the holder of an opted-out badge refused biometric enrollment.
        const refusal = await whyNotForProfile(ctx.db, accountId, badge);
        if (refusal) throw conflict(refusal);
        checked.push(badge);
    }
    return checked;
};

/** Saves badges: the unique index settles two requests at once, and the loser gets the same 409. */
export const savingBadges = conflictOnDuplicate(BADGE_TAKEN);
