import { can } from '../../../contract/rights';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import {
    FILE_ID_MARK,
    IMPORT_EXPORT_ACTIONS,
    IMPORT_EXPORT_MESSAGES,
    PLATFORM_DATA_MAX_BYTES,
    type ImportExportAction,
    type ImportReport,
} from '../../../contract/importExport';
import type { AppContext } from '../../context';
import { attachment } from '../../http/attachments';
import { requireAuth } from '../../http/auth';
import { csvText } from '../../http/csv';
import { HttpError, notFound } from '../../http/errors';
import { scopeOf } from '../../http/scope';
import { TooLargeError } from '../../storage';
import { auditTrail } from '../../http/audit';
import { exportPlatformData, importPlatformData } from './platformData';
import { EXPORTS_PREFIX } from './queries';

const tags = ['import/export'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 413: errorReply };
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const exportKey = (accountId: number, fileId: string) => `${EXPORTS_PREFIX}${accountId}/${fileId}.zip`;
const reportKey = (accountId: number, fileId: string) => `${EXPORTS_PREFIX}${accountId}/${fileId}-report.csv`;

const summary = (report: ImportReport) => {
    const counts = (record: Record<string, number>) =>
        Object.entries(record)
            .map(([kind, n]) => `${n} ${kind.replace('_', ' ')}`)
            .join(', ') || 'nothing';
    return `Imported: ${counts(report.created)}. Already there: ${counts(report.reused)}. Left out: ${report.skipped.length}.`;
};

/**
 * Import and export of an account's data (SPEC 3 import/export section, 7.2,
 * 8.3): GET /import_export/export streams platform_data.zip;
 * POST /import_export/import (form: action = export | import, file) answers
 * text with a file id between *|* marks, downloaded with
 * GET /import_export_file?file_id&account_id.
 */
export const importExportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    await app.register(multipart, { limits: { fileSize: PLATFORM_DATA_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 } });
    const audit = auditTrail(ctx.db, 'accounts', 'Account');

    app.get(
        '/import_export/export',
        {
            config: { access: ['importExport', 'read'], scope: 'account' },
            schema: {
                tags,
                summary:
                    "The account's data as platform_data.zip: card formats, access groups, readers, device parameters, badge lists, profiles",
                response: { 200: z.any(), ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            await audit(request, 'read', { id: account.id, account_id: account.id }, undefined, { export: 'platform_data.zip' });
            return reply
                .header('Content-Type', 'application/zip')
                .header('Content-Disposition', attachment('platform_data.zip'))
                .send(exportPlatformData(ctx, account.id));
        },
    );

    app.post(
        '/import_export/import',
        {
            config: { access: ['importExport', 'write'], scope: 'account' },
            schema: {
                tags,
                summary:
                    'Form with action=export (platform_data.zip made for download) or action=import and the file; answers text with the file id between *|* marks (the export, or the import report)',
                response: { 200: z.string(), ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            let action: ImportExportAction | undefined;
            let upload: string | undefined;
            try {
                for await (const part of request.parts()) {
                    if (part.type === 'field') {
                        if (part.fieldname !== 'action') continue;
                        if (!IMPORT_EXPORT_ACTIONS.includes(part.value as ImportExportAction))
                            throw new HttpError(400, IMPORT_EXPORT_MESSAGES.invalidAction);
                        action = part.value as ImportExportAction;
                        continue;
                    }
                    if (part.fieldname !== 'file' || upload) {
                        part.file.resume();
                        throw new HttpError(400, IMPORT_EXPORT_MESSAGES.sendFile);
                    }
                    ctx.disk.assertRoom(0, true);
                    upload = path.join(os.tmpdir(), `platform-data-${randomBytes(6).toString('hex')}.zip`);
                    await pipeline(part.file, createWriteStream(upload));
                    if (part.file.truncated) throw new HttpError(413, IMPORT_EXPORT_MESSAGES.tooLarge);
                }
                if (!action) throw new HttpError(400, IMPORT_EXPORT_MESSAGES.invalidAction);
                const fileId = randomUUID();
                if (action === 'export') {
                    await ctx.storage.put(exportKey(account.id, fileId), exportPlatformData(ctx, account.id));
                    await audit(request, 'read', { id: account.id, account_id: account.id }, undefined, { export: 'platform_data.zip' });
                    return reply
                        .type('text/plain; charset=utf-8')
                        .send(`The data of ${account.name} is ready: ${FILE_ID_MARK}${fileId}${FILE_ID_MARK}`);
                }
                if (!upload) throw new HttpError(400, IMPORT_EXPORT_MESSAGES.sendFile);
                const { user } = requireAuth(request);
                const report = await importPlatformData(ctx, account.id, upload, {
                    name: user.name,
                    mayEditOptions: can(user.role, 'accounts', 'edit'),
                });
                await ctx.storage.put(
                    reportKey(account.id, fileId),
                    Buffer.from(csvText(report.skipped, { columns: ['kind', 'item', 'reason'] })),
                );
                await audit(request, 'import', { id: account.id, account_id: account.id }, undefined, {
                    created: report.created,
                    reused: report.reused,
                    skipped: report.skipped.length,
                });
                return reply.type('text/plain; charset=utf-8').send(`${summary(report)} ${FILE_ID_MARK}${fileId}${FILE_ID_MARK}`);
            } catch (error) {
                if (error instanceof TooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                    throw new HttpError(413, IMPORT_EXPORT_MESSAGES.tooLarge);
                throw error;
            } finally {
                if (upload) await fs.rm(upload, { force: true });
            }
        },
    );

    app.get(
        '/import_export_file',
        {
            config: { access: ['importExport', 'read'], scope: 'account' },
            schema: {
                tags,
                summary: 'Downloads a file an import/export made: platform_data.zip, or the report of an import (CSV)',
                querystring: z.object({ file_id: z.string().max(64) }),
                response: { 200: z.any(), ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            if (!FILE_ID.test(request.query.file_id)) throw notFound('file');
            for (const [key, name, type] of [
                [exportKey(account.id, request.query.file_id), 'platform_data.zip', 'application/zip'],
                [reportKey(account.id, request.query.file_id), 'import_report.csv', 'text/csv; charset=utf-8'],
            ] as const) {
                const file = await ctx.storage.get(key);
                if (file) return reply.header('Content-Type', type).header('Content-Disposition', attachment(name)).send(file);
            }
            throw notFound('file');
        },
    );
};
