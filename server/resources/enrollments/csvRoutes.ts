import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { errorReply, idParam } from '../../../contract/api';
import { REFUSED_LISTED_MAX } from '../../../contract/cards';
import {
    ENROLLMENT_MESSAGES,
    inviteBatch,
    inviteCsvCheck,
    inviteCsvRefusal,
    inviteeInput,
    INVITE_CSV_COLUMNS,
    INVITE_CSV_HEADER_PROBLEM,
    INVITE_CSV_MAX_LINES,
    type EnrollmentSettings,
    type InviteCsvCheck,
    type InviteeInput,
} from '../../../contract/enrollments';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { csvRecords } from '../../http/csvLines';
import { conflict, HttpError, notFound } from '../../http/errors';
import { mayActIn, scopeOf } from '../../http/scope';
import type { enrollmentInvites } from '../../db/schema';
import { findAccount } from '../accounts';
import { refuseMoreThanLeft, takeInvitations, invitationsLeftToday } from './dailyCap';
import { addInvites, batchProgress, consentTemplateOf, dropBatch, findBatch, insertBatch, setBatchTotal } from './queries';
import { cardFormatsOfAccount } from '../card-formats';
import {
    accountInviteLocale,
    checkInviteeBadge,
    newInvite,
    enabledFor,
    enrollmentAudit,
    errors,
    inviteeGroups,
    sendingRate,
    tags,
} from './routeHelpers';
import { sendBatch } from './sender';

const NO_FILE = 'Send the CSV file in the multipart field "file".';

type CardFormat = Awaited<ReturnType<typeof cardFormatsOfAccount>>[number];

/** A line's fields as a person to invite, or why the line is refused; the badge and groups are checked after. */
const personOfLine = (
    r: Record<string, string | undefined>,
    formatsByName: Map<string, CardFormat>,
): { person: InviteeInput } | { problem: string } => {
    const format = r.card_format ? formatsByName.get(r.card_format.toLowerCase()) : formatsByName.get('h10301');
    if (r.badge_number && !format) return { problem: `Unknown card format "${(r.card_format ?? '').slice(0, 60)}"` };
    if (r.badge_number && !/^\d{1,15}$/.test(r.badge_number)) return { problem: 'Badge number must be a whole number' };
    if (r.facility_code && !/^\d{1,15}$/.test(r.facility_code)) return { problem: 'Facility code must be a whole number' };
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
    return parsed.success ? { person: parsed.data } : { problem: parsed.error.issues[0]?.message ?? 'Not a person to invite' };
};

interface Upload {
    account: { id: number; path: string };
    settings: EnrollmentSettings;
    createdBy: string;
    now: Date;
    /** invitations the account may still send today, read once before the file */
    left: number;
    formatsByName: Map<string, CardFormat>;
}

type CsvRow = { line: number; record: Record<string, string | undefined> } | { line: number; problem: string };

/**
 * The lines of an uploaded file of people to invite, with how many so far; a file past INVITE_CSV_MAX_LINES is
 * refused as that line arrives.
 */
async function* inviteLines(file: Readable): AsyncGenerator<{ row: CsvRow; lines: number }> {
    const columns = { required: [...INVITE_CSV_COLUMNS.required], optional: [...INVITE_CSV_COLUMNS.optional] };
    let lines = 0;
    for await (const row of csvRecords(file, columns, INVITE_CSV_HEADER_PROBLEM, 4096)) {
        lines++;
        // Once the file is in hand, PGlite answers without I/O: without a turn given back now and
        // then, no other request would be served until the whole file is checked.
        if (lines % 200 === 0) await new Promise(resolve => setImmediate(resolve));
        if (lines > INVITE_CSV_MAX_LINES) {
            file.resume();
            throw new HttpError(400, `The file holds more than ${INVITE_CSV_MAX_LINES} lines: split it.`);
        }
        yield { row, lines };
    }
}

/**
 * One line checked as an upload checks it: its fields, then its badge (free in the account) and the groups it joins
 * (a line names none: everyone joins the account's default group, asked once through `groups`).
 */
const checkLine = async (
    ctx: AppContext,
    upload: Upload,
    row: CsvRow,
    groups: () => Promise<number[]>,
): Promise<{ problem: string } | { person: InviteeInput; badge: Awaited<ReturnType<typeof checkInviteeBadge>>; groups: number[] }> => {
    const checked = 'problem' in row ? row : personOfLine(row.record, upload.formatsByName);
    if ('problem' in checked) return { problem: checked.problem };
    try {
        const badge = await checkInviteeBadge(ctx, upload.account.id, checked.person.badge, '');
        return { person: checked.person, badge, groups: await groups() };
    } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { problem: Object.values(error.fields ?? {})[0] ?? error.message };
    }
};

/** At most this many lines of a checked file are listed back, each with its check. */
const CHECKED_LISTED_MAX = 500;

/**
 * Checks every line of a file as an upload would, keeping nothing and sending nothing: what the console shows
 * before the person sends it (POST /web-enrollments/csv/check).
 */
const checkInviteFile = async (ctx: AppContext, file: Readable, upload: Upload): Promise<InviteCsvCheck> => {
    const checked: InviteCsvCheck = { lines: 0, refused: 0, rows: [], rows_more: 0, left_today: upload.left };
    let defaultGroups: Promise<number[]> | undefined;
    for await (const { row, lines } of inviteLines(file)) {
        checked.lines = lines;
        const result = await checkLine(ctx, upload, row, () => (defaultGroups ??= inviteeGroups(ctx, upload.account.id, undefined, '')));
        const problem =
            'problem' in result
                ? result.problem
                : lines > upload.left
                  ? `Past the ${upload.left} invitations the account may still send today`
                  : null;
        if (problem) checked.refused++;
        const record = 'record' in row ? row.record : {};
        if (checked.rows.length < CHECKED_LISTED_MAX)
            checked.rows.push({
                line: row.line,
                name: record.name ?? '',
                email: record.email ?? '',
                badge_number: record.badge_number ?? '',
                problem,
            });
        else checked.rows_more++;
    }
    if (!checked.lines) throw new HttpError(400, 'The file holds nobody to invite: add one line per person under the header.');
    return checked;
};

/** What became of a file: its batch (none when a line was refused), its lines and the refused ones. */
interface StoredFile {
    batchId?: number;
    lines: number;
    refused: { line: number; reason: string }[];
    refusedMore: number;
}

/**
 * Checks the lines of an uploaded file and stores them as they arrive, in a batch whose total stays 0 (the sender
 * takes none of its invitations) until every line passed. A file with a refused line, or that fails, is taken back
 * whole; one with more lines than are left today is refused as soon as its line left + 1 arrives.
 */
const storeInviteFile = async (ctx: AppContext, reply: FastifyReply, file: Readable, upload: Upload): Promise<StoredFile> => {
    const { account, settings, left } = upload;
    const stored: StoredFile = { lines: 0, refused: [], refusedMore: 0 };
    const refuse = (line: number, reason: string) =>
        stored.refused.length < REFUSED_LISTED_MAX ? stored.refused.push({ line, reason }) : stored.refusedMore++;
    const batch = await insertBatch(ctx.db, account.id, upload.createdBy);
    const accountLocale = await accountInviteLocale(ctx, account);
    let pending: (typeof enrollmentInvites.$inferInsert)[] = [];
    let defaultGroups: Promise<number[]> | undefined;
    const flush = async () => {
        await addInvites(ctx.db, pending);
        pending = [];
    };
    try {
        for await (const { row, lines } of inviteLines(file)) {
            stored.lines = lines;
            if (lines > left) {
                file.resume();
                throw refuseMoreThanLeft(ctx, reply, left);
            }
            const checked = await checkLine(ctx, upload, row, () => (defaultGroups ??= inviteeGroups(ctx, account.id, undefined, '')));
            if ('problem' in checked) {
                refuse(row.line, checked.problem);
                continue;
            }
            pending.push(
                newInvite(
                    {
                        accountId: account.id,
                        batchId: batch.id,
                        name: checked.person.name,
                        email: checked.person.email,
                        locale: accountLocale,
                        expiresAt: new Date(upload.now.getTime() + settings.linkDays * 86_400_000),
                        createdBy: upload.createdBy,
                    },
                    checked.badge,
                    checked.groups,
                ),
            );
            if (pending.length >= 500) await flush();
        }
        if (!stored.lines) throw new HttpError(400, 'The file holds nobody to invite: add one line per person under the header.');
        await flush();
    } catch (error) {
        await dropBatch(ctx.db, batch.id);
        throw error;
    }
    if (stored.refused.length || stored.refusedMore) {
        await dropBatch(ctx.db, batch.id);
        return stored;
    }
    // Taken only now that every line passed; another upload may have taken the rest meanwhile.
    await takeInvitations(ctx, reply, account.id, stored.lines).catch(async error => {
        await dropBatch(ctx.db, batch.id);
        throw error;
    });
    await setBatchTotal(ctx.db, batch.id, stored.lines);
    return { ...stored, batchId: batch.id };
};

/**
 * The file of an upload (multipart, one part "file") handed to `take` with what checking its lines needs: the
 * account's enrollment settings (enabled, with its consent template if it uses one), card formats and the
 * invitations it may still send today.
 */
const withInviteFile = async <T>(
    ctx: AppContext,
    request: FastifyRequest,
    take: (file: Readable, upload: Upload) => Promise<T>,
): Promise<T> => {
    const { account } = scopeOf(request);
    const settings = await enabledFor(ctx, account.id);
    if (settings.consentType === 'template' && !(await consentTemplateOf(ctx.db, account.id)))
        throw conflict(ENROLLMENT_MESSAGES.templateMissing);
    if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
    const formats = await cardFormatsOfAccount(ctx.db, account.id);
    const formatsByName = new Map(formats.flatMap(f => [[f.name.toLowerCase(), f] as const, ...(f.key ? [[f.key, f] as const] : [])]));
    const upload: Upload = {
        account,
        settings,
        createdBy: requireAuth(request).user.name,
        now: ctx.now(),
        left: await invitationsLeftToday(ctx, account.id),
        formatsByName,
    };
    let result: { value: T } | undefined;
    for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== 'file' || result) {
            part.file.resume();
            throw new HttpError(400, 'Send one file, in the field "file".');
        }
        result = { value: await take(part.file, upload) };
    }
    if (!result) throw new HttpError(400, NO_FILE);
    return result.value;
};

/** Inviting the people of a CSV file (SPEC 2.2 /web-enrollments-create/csv), and how far the sending of an upload is. */
export const inviteCsvRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const audit = enrollmentAudit(ctx);

    app.post(
        '/web-enrollments/csv',
        {
            config: { access: ['profiles', 'write'], scope: 'account' },
            ...sendingRate(app, ctx),
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
            const stored = await withInviteFile(ctx, request, (file, upload) => storeInviteFile(ctx, reply, file, upload));
            const { batchId, lines, refused, refusedMore } = stored;
            if (batchId === undefined)
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

    app.post(
        '/web-enrollments/csv/check',
        {
            config: { access: ['profiles', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: `Check the lines of a CSV file of people to invite as POST /web-enrollments/csv would, keeping and sending nothing: each line (the first ${CHECKED_LISTED_MAX}) with its problem, or null when it would be invited`,
                consumes: ['multipart/form-data'],
                response: {
                    200: inviteCsvCheck,
                    400: errorReply,
                    401: errorReply,
                    403: errorReply,
                    404: errorReply,
                    409: errorReply,
                    413: errorReply,
                },
            },
        },
        async request => withInviteFile(ctx, request, (file, upload) => checkInviteFile(ctx, file, upload)),
    );

    app.get(
        '/web-enrollments/batches/:id',
        {
            config: { access: ['profiles', 'read'], scope: 'row' },
            schema: { tags, summary: 'How far the sending of an upload is', params: idParam, response: { 200: inviteBatch, ...errors } },
        },
        async request => {
            const batch = await findBatch(ctx.db, request.params.id);
            const account = batch && (await findAccount(ctx.db, batch.account_id));
            if (!batch || !account || !mayActIn(requireAuth(request), account)) throw notFound('batch');
            return { id: batch.id, total: batch.total, ...(await batchProgress(ctx.db, batch.id)) };
        },
    );
};
