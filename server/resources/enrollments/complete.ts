import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CARD_MESSAGES } from '../../../contract/cards';
import type { EnrollmentSettings } from '../../../contract/enrollments';
import {
    ENROLLMENT_IMAGE_MAX_PIXELS,
    ENROLLMENT_IMAGE_MAX_SIDE,
    ENROLLMENT_IMAGE_MIN_SIDE,
    ENROLLMENT_MESSAGES,
    OPEN_ENROLLMENT_STATUSES,
} from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { events, profileConsents, users } from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';
import { checkPicture, type PictureCheck, type PictureLimits } from '../../http/pictures';
import { recordAudit } from '../../http/audit';
import { eventImageKey, storeImage } from '../../storage/images';
import { findCardFormat } from '../card-formats';
import { BADGE_TAKEN, badgeTaken, insertProfile, whyNotForProfile, type CheckedBadge } from '../profiles';
import { completionMail } from './mails';
import { consentTemplateOf, moveInvite, updateInvite, type InviteRow } from './queries';

const PICTURE_LIMITS: PictureLimits = {
    formats: ['jpeg', 'png', 'webp'],
    minSide: ENROLLMENT_IMAGE_MIN_SIDE,
    maxSide: ENROLLMENT_IMAGE_MAX_SIDE,
    maxPixels: ENROLLMENT_IMAGE_MAX_PIXELS,
};
const PICTURE_PROBLEMS: Record<Extract<PictureCheck, { problem: string }>['problem'], string> = {
    format: ENROLLMENT_MESSAGES.imageFormat,
    unreadable: ENROLLMENT_MESSAGES.imageUnreadable,
    'too small': ENROLLMENT_MESSAGES.imageTooSmall,
    'too large': ENROLLMENT_MESSAGES.imageTooLarge,
};

/**
 * The picture as it is kept, once every pixel of it decoded within the
 * limits (refused with its text otherwise). A WebP picture is kept as a
 * JPEG: event images are JPEG or PNG, as readers send them (events/images.ts).
 */
const enrollmentPicture = async (image: Buffer) => {
    const checked = await checkPicture(image, PICTURE_LIMITS);
    if ('problem' in checked) throw validationError({ image: PICTURE_PROBLEMS[checked.problem] });
    if (checked.format !== 'webp') return image;
    return sharp(image, { limitInputPixels: ENROLLMENT_IMAGE_MAX_PIXELS }).rotate().jpeg({ quality: 90 }).toBuffer();
};

/**
 * The last step of a web enrollment: the picture, decoded first, is stored
 * as the image of a WebEnrollmentCompleted event (so the enrollment image
 * retention policy governs it), the profile is made active with the
 * invitation's badge and groups and its signed consent, and the staff are
 * told if the account asked for it. The invitation is claimed first, so a link used twice at
 * once enrolls once.
 */
export const completeEnrollment = async (
    ctx: AppContext,
    {
        invite,
        account,
        settings,
        image,
    }: { invite: InviteRow; account: { id: number; name: string }; settings: EnrollmentSettings; image: Buffer },
) => {
    const picture = await enrollmentPicture(image);
    const badge: CheckedBadge | undefined =
        invite.badge_number !== null && invite.card_format_id !== null
            ? {
                  card_format_id: invite.card_format_id,
                  facility_code: invite.facility_code,
                  badge_number: invite.badge_number,
                  card_length: 0,
              }
            : undefined;
    if (badge) {
        // Opted out, or given to someone else, since the invitation was sent: this person cannot enroll with it.
        const refusal =
            (await whyNotForProfile(ctx.db, account.id, badge)) ?? ((await badgeTaken(ctx.db, account.id, badge)) ? BADGE_TAKEN : null);
        if (refusal) {
            await updateInvite(ctx.db, invite.id, { status: 'failed', failure: refusal });
            throw new HttpError(409, refusal === BADGE_TAKEN ? refusal : CARD_MESSAGES.optedOut);
        }
    }
    const now = ctx.now();
    const stored = await storeImage(picture, ctx.disk.critical(), async (data, kind) => {
        const key = eventImageKey(account.id, 0, now, kind);
        await ctx.storage.put(key, data);
        return key;
    });
    if (!('key' in stored))
        throw new HttpError(
            stored && 'reason' in stored ? 507 : 400,
            'problem' in stored ? stored.problem : ENROLLMENT_MESSAGES.imageRequired,
        );
    const claimed = await moveInvite(ctx.db, invite.id, OPEN_ENROLLMENT_STATUSES, { status: 'completed', completed_at: now });
    if (!claimed) {
        await ctx.storage.delete(stored.key);
        throw new HttpError(410, ENROLLMENT_MESSAGES.linkUsed);
    }
    const format = badge ? await findCardFormat(ctx.db, badge.card_format_id) : undefined;
    let profileId: number;
    try {
        const row = await insertProfile(
            ctx.db,
            account.id,
            { acs_id: invite.name.slice(0, 100), status: 'active', enabled: true },
            invite.access_group_ids,
            badge && format ? [{ ...badge, card_length: format.bits }] : [],
        );
        profileId = row.id;
    } catch (error) {
        await ctx.storage.delete(stored.key);
        await updateInvite(ctx.db, invite.id, { status: 'failed', failure: BADGE_TAKEN });
        throw new HttpError(409, (error as { code?: string }).code === '23505' ? BADGE_TAKEN : ENROLLMENT_MESSAGES.imageRequired);
    }
    const template = settings.consentType === 'template' ? await consentTemplateOf(ctx.db, account.id) : undefined;
    if (claimed.consented_at)
        await ctx.db.insert(profileConsents).values({
            profile_id: profileId,
            accepted_at: claimed.consented_at,
            method: 'web',
            document_version: template?.version ?? null,
            file_key: claimed.consent_file_key,
            recorded_by: 'Web enrollment',
        });
    await ctx.db.insert(events).values({
        event: 'WebEnrollmentCompleted',
        account_id: account.id,
        timestamp: now,
        profiles: [
            {
                profile_id: profileId,
                status: 'active',
                badge_number: badge?.badge_number ?? null,
                facility_code: badge?.facility_code ?? null,
            },
        ],
        profile_ids: [profileId],
        badge_numbers: badge ? [badge.badge_number] : [],
        image_key: stored.key,
    });
    const done = (await updateInvite(ctx.db, invite.id, { profile_id: profileId, consent_file_key: null }))!;
    await recordAudit(ctx.db, null, {
        action: 'create',
        resource: 'profiles',
        entity: 'Profile',
        entity_id: profileId,
        account_id: account.id,
        after: { acs_id: invite.name, web_enrollment: invite.id },
    });
    if (settings.notify) {
        const staff = await ctx.db
            .select({ email: users.email })
            .from(users)
            .where(and(eq(users.account_id, account.id), eq(users.role, 'moderator')));
        for (const { email } of staff)
            await ctx.mailer
                .send(
                    completionMail({
                        to: email,
                        name: invite.name,
                        email: invite.email,
                        accountName: account.name,
                        profileLink: `${ctx.config.publicUrl}/profiles/${profileId}`,
                    }),
                )
                .catch(() => undefined);
    }
    return done;
};
