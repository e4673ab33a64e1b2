import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { CARD_MESSAGES, listedCardInput, OPT_OUT_OFF, type CardList } from '../../../contract/cards';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { Action, Resource } from '../../../contract/rights';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import type { AppContext } from '../../context';
import { recordAudit, recordAudits } from '../../http/audit';
import { requireAuth } from '../../http/auth';
import { conflict, forbidden } from '../../http/errors';
import { listParams } from '../../http/lists';
import type { RouteScope } from '../../http/scope';
import { removeImages } from '../../storage/images';
import { accountOptions } from '../accounts';
import { checkBadge, type DeletedProfile } from '../profiles';
import { listBadge } from './listQueries';
import { findListed } from './queries';
import { whyNotListed } from './rules';

/** What the route modules of the badge lists and visitors share: their OpenAPI tag, replies, rights and audit. */
export const tags = ['cards'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
export const listQuery = z.object({ ...listParams(LIST_MAX_PAGE_SIZE), card_format_id: z.coerce.number().int().positive().optional() });

/** An opt-out file larger than this is refused: 100,000 lines of badges are about 3 MB. */
export const OPT_OUT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * @fastify/multipart's options for the route modules of cards that take a body: the opt-out import is one file, and
 * the other routes parse multipart/form-data alike, so a form sent to them gets the reply their schema gives rather
 * than a 415.
 */
export const MULTIPART_OPTIONS = { limits: { fileSize: OPT_OUT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } };

/** The list, its rights (SPEC 6.2: opt-out, adaptive, visitors; the exclusion list follows profiles) and its audit resource. */
export const LISTS: Record<CardList, { path: string; right: Resource; audit: 'optOut' | 'adaptive' | 'profiles'; entity: string }> = {
    opt_out: { path: '/opt_out', right: 'optOut', audit: 'optOut', entity: 'Bio opt-out badge' },
    adaptive: { path: '/cards/adaptive', right: 'adaptive', audit: 'adaptive', entity: 'Adaptive badge' },
    exclusion: { path: '/exclusion', right: 'profiles', audit: 'profiles', entity: 'Exclusion badge' },
};

/** A route's config: the right it needs and how the account scope applies. */
export const access = (resource: Resource, action: Action, scope: RouteScope) => ({ access: [resource, action] as const, scope });

/** SPEC 3 acs/opt_out_enabled: the opt-out list is the account's only when the option is on. */
export const optOutOn = async (ctx: AppContext, list: CardList, accountId: number) => {
    if (list === 'opt_out' && !optionOn(await accountOptions(ctx.db, accountId), ACCOUNT_OPTIONS.optOutEnabled))
        throw forbidden(OPT_OUT_OFF);
};

/** The audit of profiles deleted by a list or the end of a visit, with why. */
export const auditDeleted = (ctx: AppContext, request: FastifyRequest | null, gone: DeletedProfile[], cause: string) =>
    recordAudits(
        ctx.db,
        request,
        gone.map(p => ({
            action: 'delete' as const,
            resource: 'profiles' as const,
            entity: 'Profile',
            entity_id: p.id,
            account_id: p.account_id,
            before: p,
            after: { deletion_cause: cause },
        })),
    );

/** Adding a badge to a list: checked against its format and the SPEC 4.7 rules; opting out deletes its holder. */
export const addToList = async (
    ctx: AppContext,
    request: FastifyRequest,
    accountId: number,
    list: CardList,
    input: z.infer<typeof listedCardInput>,
) => {
    const key = await checkBadge(ctx.db, accountId, input);
    const refusal = await whyNotListed(ctx.db, accountId, list, key);
    if (refusal) throw conflict(refusal);
    const listed = await listBadge(ctx.db, accountId, list, key, requireAuth(request).user.name);
    if (!listed) throw conflict(CARD_MESSAGES.alreadyListed);
    await removeImages(ctx.storage, listed.files);
    const entry = (await findListed(ctx.db, accountId, list, listed.id))!;
    await recordAudit(ctx.db, request, {
        action: 'create',
        resource: LISTS[list].audit,
        entity: LISTS[list].entity,
        entity_id: listed.id,
        account_id: accountId,
        after: entry,
    });
    await auditDeleted(ctx, request, listed.gone, 'opt_out');
    return { entry, profiles_deleted: listed.gone.length };
};
