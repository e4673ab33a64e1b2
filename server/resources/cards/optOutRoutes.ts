import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { optOutImportResult } from '../../../contract/cards';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';
import { requireAuth } from '../../http/auth';
import { HttpError, validationError } from '../../http/errors';
import { formAccount } from '../../http/scope';
import { cardFormatsOfAccount } from '../card-formats';
import { DEFAULT_OPT_OUT_FORMAT_KEY, importOptOutCsv } from './optOutImport';
import { access, auditDeleted, errors, LISTS, OPT_OUT_MAX_BYTES, optOutOn, tags } from './routeHelpers';

const OPT_OUT_FILE_FIELD = 'file';

/** The bio opt-out list imported from a CSV file (SPEC 2.2 /opt_out); the import itself is optOutImport.ts. */
export const optOutImportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.post(
        '/opt_out/csv',
        {
            config: access('optOut', 'write', 'account'),
            schema: {
                tags,
                summary:
                    'Import badges into the bio opt-out list: multipart, the CSV in the field "file" (header badge_number,facility_code[,card_format]); a field card_format_id before it names the format of lines without one (default 26-bit H10301)',
                consumes: ['multipart/form-data'],
                response: { 200: optOutImportResult, ...errors, 413: errorReply },
            },
        },
        async request => {
            if (!request.isMultipart()) throw new HttpError(400, `Send the CSV file in the multipart field "${OPT_OUT_FILE_FIELD}".`);
            const auth = requireAuth(request);
            const fields: Record<string, string> = {};
            let result: z.infer<typeof optOutImportResult> | undefined;
            for await (const part of request.parts()) {
                if (part.type === 'field') {
                    fields[part.fieldname] = String(part.value);
                    continue;
                }
                if (part.fieldname !== OPT_OUT_FILE_FIELD || result) {
                    part.file.resume();
                    throw new HttpError(400, `Send one file, in the field "${OPT_OUT_FILE_FIELD}".`);
                }
                const account = await formAccount(ctx.db, request, fields.account_id);
                await optOutOn(ctx, 'opt_out', account.id).catch(error => {
                    part.file.resume();
                    throw error;
                });
                const formats = await cardFormatsOfAccount(ctx.db, account.id);
                const chosen = fields.card_format_id
                    ? formats.find(f => f.id === Number(fields.card_format_id))
                    : formats.find(f => f.key === DEFAULT_OPT_OUT_FORMAT_KEY);
                if (fields.card_format_id && !chosen) {
                    part.file.resume();
                    throw validationError({ card_format_id: 'Choose a card format of the account' });
                }
                result = await importOptOutCsv(ctx.db, ctx.storage, part.file, {
                    accountId: account.id,
                    formats,
                    defaultFormat: chosen,
                    createdBy: auth.user.name,
                    onDeleted: gone => auditDeleted(ctx, request, gone, 'opt_out'),
                });
                if (part.file.truncated)
                    throw new HttpError(413, `The file is larger than ${OPT_OUT_MAX_BYTES / (1024 * 1024)} MB: split it.`);
                await recordAudit(ctx.db, request, {
                    action: 'import',
                    resource: 'optOut',
                    entity: LISTS.opt_out.entity,
                    account_id: account.id,
                    after: { ...result, refused: result.refused.slice(0, 20) },
                });
            }
            if (!result) throw new HttpError(400, `Send the CSV file in the multipart field "${OPT_OUT_FILE_FIELD}".`);
            return result;
        },
    );
};
