import multipart from '@fastify/multipart';
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import {
    consentSignature,
    ENROLLMENT_CODE_MAX_TOTAL_TRIES,
    ENROLLMENT_CODE_MAX_TRIES,
    ENROLLMENT_CODE_TTL_SECONDS,
    ENROLLMENT_IMAGE_MAX_BYTES,
    ENROLLMENT_IMAGE_MIN_SIDE,
    ENROLLMENT_MESSAGES,
    ENROLLMENT_STATUSES,
    enrollmentPage,
    enrollmentRecord,
    enrollmentSettings,
    invitesInput,
    inviteBatch,
    inviteCsvRefusal,
    inviteeInput,
    INVITE_CSV_COLUMNS,
    INVITE_CSV_HEADER_PROBLEM,
    INVITE_CSV_MAX_LINES,
    OPEN_ENROLLMENT_STATUSES,
    type EnrollmentSettings,
    type InviteeInput,
} from '../../../contract/enrollments';
import { ACCOUNT_OPTIONS, optionOn } from '../../../contract/session';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { attachment } from '../../http/attachments';
import { conflict, forbidden, HttpError, notFound, validationError } from '../../http/errors';
import { listParams } from '../../http/lists';
import { mayActIn, scopeOf } from '../../http/scope';
import { sha256 } from '../../crypto/tokens';
import { csvRecords } from '../../http/csvLines';
import { checkPicture } from '../../http/pictures';
import { rows } from '../../db/database';
import { cardFormats, enrollmentBatches, enrollmentInvites } from '../../db/schema';
import { REFUSED_LISTED_MAX } from '../../../contract/cards';
import { eq, isNull, or, sql } from 'drizzle-orm';
import { sendBatch, sendInvitation } from './sender';
import { invitationsLeftToday, refuseMoreThanLeft, takeInvitations } from './dailyCap';
import { accountOptions, findAccount } from '../accounts';
import { defaultAccessGroupId } from '../access-groups';
import { auditTrail } from '../../http/audit';
import { accessGroupsOfAccount, BADGE_TAKEN, badgeTaken, checkBadge, whyNotForProfile } from '../profiles';
import { completeEnrollment } from './complete';
import { readablePdf, sampleSignature, stampConsent } from './consentPdf';
import { codeMail, sendTestMail } from './mails';
import {
    consentTemplateOf,
    effectiveStatus,
    findInvite,
    insertInvites,
    listEnrollments,
    moveInvite,
    setConsentTemplate,
    takeCodeTry,
    toEnrollment,
    updateInvite,
    type InviteRow,
} from './queries';
import { enrollmentLink, enrollmentToken, newNonce, readEnrollmentToken } from './tokens';

const tags = ['web enrollment'];

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
/** The routes that send invitations also answer 429: too many requests, or past the account's daily cap (dailyCap.ts). */
const sendingErrors = { ...errors, 429: errorReply };
const tokenParam = z.object({ token: z.string().max(200) });
const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
/** A drawn signature (the page's canvas is 600×180): a PNG, decoded before pdf-lib embeds it, which would decode any size. */
const SIGNATURE_LIMITS = { formats: ['png'], minSide: 1, maxSide: 4000, maxPixels: 4_000_000 } as const;
/** Public calls a client may make per minute: enough for a person, too few to guess a link. */
const PUBLIC_RATE = { max: 30, timeWindow: '1 minute' };

const readBounded = async (stream: AsyncIterable<Buffer>, max: number) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
        size += chunk.length;
        if (size <= max) chunks.push(chunk);
    }
    return size > max ? undefined : Buffer.concat(chunks);
};

/**
 * Web enrollment (issue 10): invitations by e-mail for staff, and the public
 * calls of the enrollment page, whose only credential is the link's token.
 */
export const enrollmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, {
        limits: { fileSize: Math.max(TEMPLATE_MAX_BYTES, ENROLLMENT_IMAGE_MAX_BYTES) + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
    });
    const audit = auditTrail(ctx.db, 'profiles', 'Web enrollment');

    /** SPEC 6.3: web enrollment needs the system switch (ENROLLMENT_ENABLED) and the account's (enr/enabled). */
    const enabledFor = async (accountId: number) => {
        const options = await accountOptions(ctx.db, accountId);
        if (!ctx.config.enrollmentEnabled || !optionOn(options, ACCOUNT_OPTIONS.enrEnabled)) throw forbidden(ENROLLMENT_MESSAGES.disabled);
        return enrollmentSettings(options);
    };
    /** An upload taken back: its invitations (none sent yet) and the batch. */
    const dropBatch = async (batchId: number) => {
        await ctx.db.delete(enrollmentInvites).where(eq(enrollmentInvites.batch_id, batchId));
        await ctx.db.delete(enrollmentBatches).where(eq(enrollmentBatches.id, batchId));
    };
    const visible = async (request: FastifyRequest, id: number) => {
        const invite = await findInvite(ctx.db, id);
        const account = invite && (await findAccount(ctx.db, invite.account_id));
        if (!invite || !account || !mayActIn(requireAuth(request), account)) throw notFound('web enrollment');
        return { invite, account, settings: await enabledFor(account.id) };
    };
    const link = (invite: Pick<InviteRow, 'id' | 'nonce'>) =>
        enrollmentLink(ctx.config.publicUrl, enrollmentToken(ctx.signer, invite.id, invite.nonce));

    /** Sends the invitation now; a temporary failure leaves it to the enrollment-sender job (sender.ts afterFailedTry). */
    const send = (invite: InviteRow, accountName: string) => sendInvitation(ctx, invite, accountName, link(invite));

    /**
     * Requests that create or send invitations (invites, CSV upload, resend):
     * one budget for the three per user or API key, counted once signed in
     * (INVITE_REQUESTS_PER_MINUTE). A person clicks far fewer; a
     * script driving the mail path is slowed down before the daily cap stops it.
     */
    const inviteRate = app.hasDecorator('rateLimit')
        ? app.rateLimit({
              max: ctx.config.enrollmentInviteRequestsPerMinute,
              timeWindow: '1 minute',
              keyGenerator: (request: FastifyRequest) =>
                  request.auth?.apiKey ? `invites:api-key:${request.auth.apiKey.id}` : `invites:user:${request.auth?.user.id}`,
          })
        : undefined;
    const sendingRate = inviteRate ? { preHandler: inviteRate } : {};

    /** A person's badge checked against its format, the opt-out list and the badges already held. */
    const checkInviteeBadge = async (accountId: number, badgeInput: InviteeInput['badge'], prefix: string) => {
        if (!badgeInput) return undefined;
        const badge = await checkBadge(ctx.db, accountId, badgeInput, `${prefix}badge.`);
        const refusal = await whyNotForProfile(ctx.db, accountId, badge);
        if (refusal) throw validationError({ [`${prefix}badge.badge_number`]: refusal });
        if (await badgeTaken(ctx.db, accountId, badge)) throw validationError({ [`${prefix}badge.badge_number`]: BADGE_TAKEN });
        return badge;
    };
    /** The groups given, all of the account, or else the account's default group. */
    const inviteeGroups = async (accountId: number, ids: number[] | undefined, prefix: string) => {
        const fallback = ids?.length ? undefined : await defaultAccessGroupId(ctx.db, accountId);
        const groups = ids?.length ? [...new Set(ids)] : fallback ? [fallback] : [];
        if (!groups.length || (await accessGroupsOfAccount(ctx.db, accountId, groups)).length !== groups.length)
            throw validationError({ [`${prefix}access_group_ids`]: "Choose access groups of the person's account" });
        return groups;
    };
    /** One person checked as an invitation: badge against its format and the opt-out list, groups of the account. */
    const checkInvitee = async (accountId: number, person: InviteeInput, prefix: string) => ({
        badge: await checkInviteeBadge(accountId, person.badge, prefix),
        groups: await inviteeGroups(accountId, person.access_group_ids, prefix),
    });

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
            } else await enabledFor(account.id);
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
            ...sendingRate,
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
            const settings = await enabledFor(account.id);
            if (settings.consentType === 'template' && !(await consentTemplateOf(ctx.db, account.id)))
                throw conflict(ENROLLMENT_MESSAGES.templateMissing);
            // Everyone is checked before anyone is invited: a refused line sends nothing.
            const checked = [];
            for (const [i, person] of request.body.people.entries())
                checked.push({ person, ...(await checkInvitee(account.id, person, `people.${i}.`)) });
            const now = ctx.now();
            const giveBack = await takeInvitations(ctx, reply, account.id, checked.length);
            const rows = await insertInvites(
                ctx.db,
                checked.map(({ person, badge, groups }) => ({
                    account_id: account.id,
                    name: person.name,
                    email: person.email.toLowerCase(),
                    nonce: newNonce(),
                    card_format_id: badge?.card_format_id ?? null,
                    facility_code: badge?.facility_code ?? null,
                    badge_number: badge?.badge_number ?? null,
                    access_group_ids: groups,
                    expires_at: new Date(now.getTime() + settings.linkDays * 86_400_000),
                    created_by: requireAuth(request).user.name,
                })),
            ).catch(async error => {
                await giveBack();
                throw error;
            });
            const sent = [];
            for (const row of rows) {
                const after = await send(row, account.name);
                await audit(request, 'create', after, undefined, toEnrollment(after, now));
                sent.push(toEnrollment(after, now));
            }
            return reply.status(201).send({ result: sent });
        },
    );

    app.post(
        '/web-enrollments/csv',
        {
            config: { access: ['profiles', 'write'], scope: 'account' },
            ...sendingRate,
            schema: {
                tags,
                summary: `Invite the people of a CSV file (multipart, field "file"; header name,email[,badge_number,facility_code,card_format]; at most ${INVITE_CSV_MAX_LINES} lines). Every line is checked first: one refused line and nothing is created (400 with each line's reason), nor for a file past the account's invitations a day (429); else the invitations are made and sent in the background (GET /web-enrollments/batches/{id})`,
                consumes: ['multipart/form-data'],
                response: {
                    202: inviteBatch,
                    400: inviteCsvRefusal.or(errorReply),
                    401: errorReply,
                    403: errorReply,
                    404: errorReply,
                    409: errorReply,
                    413: errorReply,
                    429: errorReply,
                },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const settings = await enabledFor(account.id);
            if (settings.consentType === 'template' && !(await consentTemplateOf(ctx.db, account.id)))
                throw conflict(ENROLLMENT_MESSAGES.templateMissing);
            if (!request.isMultipart()) throw new HttpError(400, 'Send the CSV file in the multipart field "file".');
            const formats = await ctx.db
                .select()
                .from(cardFormats)
                .where(or(isNull(cardFormats.account_id), eq(cardFormats.account_id, account.id)));
            const byName = new Map(formats.flatMap(f => [[f.name.toLowerCase(), f] as const, ...(f.key ? [[f.key, f] as const] : [])]));
            const now = ctx.now();
            // Read once: a file with more lines than are left today is refused as soon as its line left + 1 arrives.
            const left = await invitationsLeftToday(ctx, account.id);
            const refused: { line: number; reason: string }[] = [];
            let refusedMore = 0;
            let lines = 0;
            let batchId: number | undefined;
            const refuse = (line: number, reason: string) =>
                refused.length < REFUSED_LISTED_MAX ? refused.push({ line, reason }) : refusedMore++;
            for await (const part of request.parts()) {
                if (part.type === 'field') continue;
                if (part.fieldname !== 'file' || batchId !== undefined) {
                    part.file.resume();
                    throw new HttpError(400, 'Send one file, in the field "file".');
                }
                // The lines are checked and stored as they arrive; a file with a refused line is taken back whole. Its
                // batch's total stays 0 until every line passed, and the sender takes no invitation of such a batch.
                const [batch] = await ctx.db
                    .insert(enrollmentBatches)
                    .values({ account_id: account.id, total: 0, created_by: requireAuth(request).user.name })
                    .returning();
                let pending: (typeof enrollmentInvites.$inferInsert)[] = [];
                let defaultGroups: Promise<number[]> | undefined;
                const flush = async () => {
                    if (pending.length) await ctx.db.insert(enrollmentInvites).values(pending);
                    pending = [];
                };
                try {
                    for await (const row of csvRecords(
                        part.file,
                        { required: [...INVITE_CSV_COLUMNS.required], optional: [...INVITE_CSV_COLUMNS.optional] },
                        INVITE_CSV_HEADER_PROBLEM,
                        4096,
                    )) {
                        lines++;
                        // Once the file is in hand, PGlite answers without I/O: without a turn given back now and
                        // then, no other request would be served until the whole file is checked.
                        if (lines % 200 === 0) await new Promise(resolve => setImmediate(resolve));
                        if (lines > INVITE_CSV_MAX_LINES) {
                            part.file.resume();
                            throw new HttpError(400, `The file holds more than ${INVITE_CSV_MAX_LINES} lines: split it.`);
                        }
                        if (lines > left) {
                            part.file.resume();
                            throw refuseMoreThanLeft(ctx, reply, left);
                        }
                        if ('problem' in row) {
                            refuse(row.line, row.problem);
                            continue;
                        }
                        const r = row.record;
                        const format = r.card_format ? byName.get(r.card_format.toLowerCase()) : byName.get('h10301');
                        if (r.badge_number && !format) {
                            refuse(row.line, `Unknown card format "${(r.card_format ?? '').slice(0, 60)}"`);
                            continue;
                        }
                        if (r.badge_number && !/^\d{1,15}$/.test(r.badge_number)) {
                            refuse(row.line, 'Badge number must be a whole number');
                            continue;
                        }
                        if (r.facility_code && !/^\d{1,15}$/.test(r.facility_code)) {
                            refuse(row.line, 'Facility code must be a whole number');
                            continue;
                        }
                        const parsed = inviteeInput.safeParse({
                            name: r.name ?? '',
                            email: r.email ?? '',
                            ...(r.badge_number
                                ? {
                                      badge: {
                                          card_format_id: format!.id,
                                          badge_number: Number(r.badge_number),
                                          facility_code: r.facility_code ? Number(r.facility_code) : null,
                                      },
                                  }
                                : {}),
                        });
                        if (!parsed.success) {
                            refuse(row.line, parsed.error.issues[0]?.message ?? 'Not a person to invite');
                            continue;
                        }
                        try {
                            // A line of the file names no groups: everyone joins the account's default group, checked once.
                            const badge = await checkInviteeBadge(account.id, parsed.data.badge, '');
                            const groups = await (defaultGroups ??= inviteeGroups(account.id, undefined, ''));
                            pending.push({
                                account_id: account.id,
                                batch_id: batch!.id,
                                name: parsed.data.name,
                                email: parsed.data.email.toLowerCase(),
                                nonce: newNonce(),
                                card_format_id: badge?.card_format_id ?? null,
                                facility_code: badge?.facility_code ?? null,
                                badge_number: badge?.badge_number ?? null,
                                access_group_ids: groups,
                                expires_at: new Date(now.getTime() + settings.linkDays * 86_400_000),
                                created_by: requireAuth(request).user.name,
                            });
                            if (pending.length >= 500) await flush();
                        } catch (error) {
                            if (!(error instanceof HttpError)) throw error;
                            refuse(row.line, Object.values(error.fields ?? {})[0] ?? error.message);
                        }
                    }
                    if (!lines) throw new HttpError(400, 'The file holds nobody to invite: add one line per person under the header.');
                    await flush();
                } catch (error) {
                    await dropBatch(batch!.id);
                    throw error;
                }
                if (refused.length || refusedMore) {
                    await dropBatch(batch!.id);
                    batchId = -1;
                } else {
                    // Taken only now that every line passed; another upload may have taken the rest meanwhile.
                    await takeInvitations(ctx, reply, account.id, lines).catch(async error => {
                        await dropBatch(batch!.id);
                        throw error;
                    });
                    await ctx.db.update(enrollmentBatches).set({ total: lines }).where(eq(enrollmentBatches.id, batch!.id));
                    batchId = batch!.id;
                }
            }
            if (batchId === undefined) throw new HttpError(400, 'Send the CSV file in the multipart field "file".');
            if (batchId === -1)
                return reply.status(400).send({
                    error: `${refused.length + refusedMore} of ${lines} lines are refused: nothing was sent. Correct them and upload the file again.`,
                    request_id: request.id,
                    lines,
                    refused,
                    refused_more: refusedMore,
                });
            await audit(
                request,
                'import',
                { id: batchId, account_id: account.id },
                undefined,
                { invitations: lines },
                'Web enrollment batch',
            );
            // The mail goes out in the background; a restart leaves the rest to the enrollment-sender job.
            void sendBatch(ctx, batchId).catch(error => request.log.error({ err: error }, 'sending a batch of invitations failed'));
            return reply.status(202).send({ id: batchId, total: lines, sent: 0, failed: 0, pending: lines, waiting: 0 });
        },
    );

    app.get(
        '/web-enrollments/batches/:id',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: { tags, summary: 'How far the sending of an upload is', params: idParam, response: { 200: inviteBatch, ...errors } },
        },
        async request => {
            const [batch] = await ctx.db.select().from(enrollmentBatches).where(eq(enrollmentBatches.id, request.params.id));
            const account = batch && (await findAccount(ctx.db, batch.account_id));
            if (!batch || !account || !mayActIn(requireAuth(request), account)) throw notFound('batch');
            const [counts] = await rows<{ sent: number; failed: number; pending: number; waiting: number }>(
                ctx.db,
                sql`select count(*) filter (where sent_at is not null and status <> 'failed')::int as sent,
                        count(*) filter (where status = 'failed')::int as failed,
                        count(*) filter (where sent_at is null and status in ('sent', 'consented'))::int as pending,
                        count(*) filter (where sent_at is null and status in ('sent', 'consented') and send_tries > 0)::int as waiting
                    from enrollment_invites where batch_id = ${batch.id}`,
            );
            return { id: batch.id, total: batch.total, ...counts! };
        },
    );

    app.post(
        '/web-enrollments/:id/resend',
        {
            config: { access: ['profiles', 'write'], scope: 'row' },
            ...sendingRate,
            schema: {
                tags,
                summary:
                    "Send the invitation again with a new link (the old one stops working) and a new expiry; it counts in the account's invitations a day",
                params: idParam,
                response: { 200: enrollmentRecord, ...sendingErrors },
            },
        },
        async (request, reply) => {
            const { invite, account, settings } = await visible(request, request.params.id);
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
            const after = await send(renewed, account.name);
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
            const { invite } = await visible(request, request.params.id);
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
            const { invite } = await visible(request, request.params.id);
            if (!OPEN_ENROLLMENT_STATUSES.includes(effectiveStatus(invite, ctx.now())))
                throw conflict(`This invitation is ${effectiveStatus(invite, ctx.now())}: its link no longer works.`);
            return { link: link(invite) };
        },
    );

    app.post(
        '/accounts/test/email',
        {
            config: { access: ['accounts', 'edit'], scope: 'none', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary: 'Send a test message to an address, through the mail settings invitations use (SMTP_URL, or the outbox folder)',
                body: z.object({ email: z.email({ error: ENROLLMENT_MESSAGES.emailInvalid }).max(255) }),
                response: { 200: z.object({ sent: z.literal(true), via: z.enum(['smtp', 'outbox']) }), ...errors, 502: errorReply },
            },
        },
        async request => sendTestMail(ctx, request.body.email, requireAuth(request).user.name),
    );

    app.post(
        '/accounts/test/esignature',
        {
            config: { access: ['accounts', 'edit'], scope: 'account', rateLimit: { max: 10, timeWindow: '1 minute' } },
            schema: {
                tags,
                summary:
                    "Test the signing of consents (SPEC 7.2 e-signature test): the account's template stamped as a person's would be, with a sample name and signature, as a PDF",
                body: z.object({}),
                produces: ['application/pdf'],
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!template || !file) throw conflict(ENROLLMENT_MESSAGES.templateMissing);
            const chunks: Buffer[] = [];
            for await (const chunk of file) chunks.push(chunk as Buffer);
            const signed = await stampConsent(Buffer.concat(chunks), {
                name: 'Sample Signer',
                signedAt: ctx.now(),
                signaturePng: await sampleSignature(),
                reference: `${account.id}-test-${template.version}`,
            });
            return reply.type('application/pdf').header('Content-Disposition', attachment('consent-test.pdf')).send(Buffer.from(signed));
        },
    );

    // ---- the consent template (SPEC 3 consent type, SPEC 5 PDF only) ----

    app.put(
        '/accounts/:id/consent_template',
        {
            config: { access: ['accounts', 'edit'], scope: 'account' },
            schema: {
                tags,
                summary: 'Upload the consent template people sign: multipart, field version first, then the PDF in the field "file"',
                consumes: ['multipart/form-data'],
                params: idParam,
                response: {
                    200: z.object({ file_name: z.string(), version: z.string(), uploaded_at: z.string() }),
                    ...errors,
                    413: errorReply,
                },
            },
        },
        async request => {
            const { account } = scopeOf(request);
            if (!request.isMultipart()) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
            const fields: Record<string, string> = {};
            let stored: { key: string; name: string } | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== 'file' || stored) {
                    part.file.resume();
                    throw new HttpError(400, 'Send one file, in the field "file".');
                }
                const data = await readBounded(part.file, TEMPLATE_MAX_BYTES);
                if (!data) throw new HttpError(413, `The template is larger than ${TEMPLATE_MAX_BYTES / (1024 * 1024)} MB`);
                if (!(await readablePdf(data))) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
                stored = {
                    key: `consent-templates/${account.id}/${randomUUID()}.pdf`,
                    name: (part.filename || 'consent.pdf').slice(0, 255),
                };
                await ctx.storage.put(stored.key, data);
            }
            if (!stored) throw validationError({ file: ENROLLMENT_MESSAGES.templatePdfOnly });
            const version = fields.version?.trim().slice(0, 100) || ctx.now().toISOString().slice(0, 10);
            const previous = await setConsentTemplate(ctx.db, {
                account_id: account.id,
                file_key: stored.key,
                file_name: stored.name,
                version,
                uploaded_by: requireAuth(request).user.name,
            });
            if (previous) await ctx.storage.delete(previous).catch(() => undefined);
            await audit(
                request,
                'update',
                { id: account.id, account_id: account.id },
                undefined,
                { consent_template: stored.name, version },
                'Consent template',
            );
            const row = (await consentTemplateOf(ctx.db, account.id))!;
            return { file_name: row.file_name, version: row.version, uploaded_at: row.uploaded_at.toISOString() };
        },
    );

    app.get(
        '/accounts/:id/consent_template',
        {
            config: { access: ['profiles', 'read'], scope: 'account' },
            schema: { tags, summary: "The account's consent template (PDF)", params: idParam, produces: ['application/pdf'] },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!file) throw notFound('consent template');
            return reply.type('application/pdf').header('Content-Disposition', attachment(template.file_name)).send(file);
        },
    );

    // ---- the public enrollment page's calls: the token is the only credential ----

    /** The invitation a token opens, or the clear refusal of SPEC issue 10 (never which part was wrong). */
    const opened = async (token: string, { forWrite }: { forWrite: boolean }) => {
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
            settings = await enabledFor(account.id);
        } catch {
            throw new HttpError(410, ENROLLMENT_MESSAGES.disabled);
        }
        return { invite, account, settings };
    };
    const pageOf = (invite: InviteRow, accountName: string, settings: EnrollmentSettings) => ({
        account_name: accountName,
        person_name: invite.name,
        status: effectiveStatus(invite, ctx.now()),
        expires_at: invite.expires_at.toISOString(),
        consent: { required: settings.consentType === 'template', signed: invite.consented_at !== null },
        multi_factor: { required: settings.multiFactor, verified: invite.code_verified_at !== null },
    });
    const publicErrors = { 400: errorReply, 404: errorReply, 409: errorReply, 410: errorReply, 413: errorReply, 429: errorReply };

    app.get(
        '/enrollment/:token',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: 'What the enrollment page shows for its link',
                params: tokenParam,
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(request.params.token, { forWrite: false });
            const seen =
                invite.status === 'sent'
                    ? ((await moveInvite(ctx.db, invite.id, ['sent'], { status: 'opened', opened_at: ctx.now() })) ?? invite)
                    : invite;
            return pageOf(seen, account.name, settings);
        },
    );

    app.get(
        '/enrollment/:token/consent.pdf',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: { tags, summary: 'The consent document to read before signing', params: tokenParam, produces: ['application/pdf'] },
        },
        async (request, reply) => {
            const { account } = await opened(request.params.token, { forWrite: false });
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
            const { invite, account } = await opened(request.params.token, { forWrite: true });
            const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
            // code_tries starts again; code_tries_total does not, so new codes do not give new tries without end.
            await updateInvite(ctx.db, invite.id, {
                code_hash: sha256(`${invite.id}:${code}`),
                code_expires_at: new Date(ctx.now().getTime() + ENROLLMENT_CODE_TTL_SECONDS * 1000),
                code_tries: 0,
            });
            await ctx.mailer.send(codeMail({ to: invite.email, name: invite.name, accountName: account.name, code }));
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
            const { invite, account, settings } = await opened(request.params.token, { forWrite: true });
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
            return pageOf(after, account.name, settings);
        },
    );

    const needCode = (invite: InviteRow, settings: EnrollmentSettings) => {
        if (settings.multiFactor && !invite.code_verified_at) throw new HttpError(409, ENROLLMENT_MESSAGES.codeRequired);
    };

    app.post(
        '/enrollment/:token/consent',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: "Sign the consent: the typed name and the drawn signature are stamped on the account's template",
                params: tokenParam,
                body: consentSignature,
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(request.params.token, { forWrite: true });
            needCode(invite, settings);
            const template = await consentTemplateOf(ctx.db, account.id);
            const file = template && (await ctx.storage.get(template.file_key));
            if (!template || !file) throw new HttpError(409, ENROLLMENT_MESSAGES.templateMissing);
            const png = Buffer.from(request.body.signature.slice('data:image/png;base64,'.length), 'base64');
            if ('problem' in (await checkPicture(png, SIGNATURE_LIMITS))) throw validationError({ signature: 'Draw your signature' });
            const signedAt = ctx.now();
            const chunks: Buffer[] = [];
            for await (const chunk of file) chunks.push(chunk as Buffer);
            const signed = await stampConsent(Buffer.concat(chunks), {
                name: request.body.signed_name,
                signedAt,
                signaturePng: png,
                reference: `${account.id}-${invite.id}-${template.version}`,
            }).catch(() => {
                throw validationError({ signature: 'Draw your signature' });
            });
            const key = `consents/${account.id}/enrollment-${invite.id}-${randomUUID()}.pdf`;
            await ctx.storage.put(key, Buffer.from(signed));
            const after = await moveInvite(ctx.db, invite.id, ['sent', 'opened', 'consented'], {
                status: 'consented',
                consented_at: signedAt,
                consent_file_key: key,
            });
            if (!after) {
                await ctx.storage.delete(key);
                throw new HttpError(410, ENROLLMENT_MESSAGES.linkUsed);
            }
            if (invite.consent_file_key) await ctx.storage.delete(invite.consent_file_key).catch(() => undefined);
            return pageOf(after, account.name, settings);
        },
    );

    app.post(
        '/enrollment/:token/face',
        {
            config: { access: 'public', rateLimit: PUBLIC_RATE },
            schema: {
                tags,
                summary: `The picture of the face (multipart, field "image", JPEG, PNG or WebP, at least ${ENROLLMENT_IMAGE_MIN_SIDE} pixels on each side): decoded whole, then completes the enrollment`,
                consumes: ['multipart/form-data'],
                params: tokenParam,
                response: { 200: enrollmentPage, ...publicErrors },
            },
        },
        async request => {
            const { invite, account, settings } = await opened(request.params.token, { forWrite: true });
            needCode(invite, settings);
            // Consent comes before any image is kept (issue 10).
            if (settings.consentType === 'template' && !invite.consented_at) throw new HttpError(409, ENROLLMENT_MESSAGES.consentFirst);
            if (!request.isMultipart()) throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
            let image: Buffer | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') continue;
                if (part.fieldname !== 'image' || image) {
                    part.file.resume();
                    throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
                }
                image = await readBounded(part.file, ENROLLMENT_IMAGE_MAX_BYTES);
                if (!image) throw new HttpError(413, `The picture is larger than ${ENROLLMENT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`);
            }
            if (!image) throw validationError({ image: ENROLLMENT_MESSAGES.imageRequired });
            const done = await completeEnrollment(ctx, { invite, account, settings, image });
            return pageOf(done, account.name, settings);
        },
    );
};
