import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorReply, listReply } from '../../../contract/api';
import { auditLog } from '../../../contract/auditLogs';
import { isAtLeast } from '../../../contract/roles';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth';
import { listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { auditLogRows, listAuditLogs, toAuditLog } from './queries';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvStream } from '../../http/csv';

const tags = ['audit logs'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply };
const filterQuery = {
    resource: z.string().max(100).optional(),
    entity: z.string().max(100).optional(),
    action: z.string().max(50).optional(),
    user_id: z.coerce.number().int().positive().optional(),
    date_from: z.coerce.date().optional(),
    date_to: z.coerce.date().optional(),
};

type Entry = ReturnType<typeof toAuditLog>;
const withoutRefNumber = (value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value) || !('ref_number' in value)) return value;
    const { ref_number: _hidden, ...rest } = value as Record<string, unknown>;
    return rest;
};
/** SPEC 5: an account's ref_number is shown to dealer level and higher only, in what the audit log recorded too. */
const shownTo = (request: FastifyRequest) => {
    const role = requireAuth(request).user.role;
    return (entry: Entry): Entry =>
        isAtLeast(role, 'dealer')
            ? entry
            : {
                  ...entry,
                  before: withoutRefNumber(entry.before) as Entry['before'],
                  after: withoutRefNumber(entry.after) as Entry['after'],
              };
};

export const auditLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/audit_logs',
        {
            config: { access: ['auditLogs', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'Who changed what, newest first',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                response: { 200: listReply(auditLog), ...errors },
            },
        },
        async request => {
            const { page, per_page, sort, q, resource, entity, action, user_id, date_from, date_to } = request.query;
            const { result, count } = await listAuditLogs(
                ctx.db,
                { scope: scopeOf(request).accounts, q, resource, entity, action, user_id, date_from, date_to },
                { page, per_page, sort },
            );
            return { result: result.map(toAuditLog).map(shownTo(request)), count };
        },
    );

    app.get(
        '/audit_logs/export',
        {
            config: { access: ['auditLogs', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The audit log as CSV, with the list filters',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...filterQuery }),
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const { q, resource, entity, action, user_id, date_from, date_to } = request.query;
            const rows = auditLogRows(ctx.db, {
                scope: scopeOf(request).accounts,
                q,
                resource,
                entity,
                action,
                user_id,
                date_from,
                date_to,
            });
            const csv = csvStream({
                columns: [
                    'timestamp',
                    'account_name',
                    'user_name',
                    'action',
                    'resource',
                    'entity',
                    'entity_id',
                    'ip',
                    'request_id',
                    'before',
                    'after',
                ],
            });
            const shown = shownTo(request);
            Readable.from(
                (async function* () {
                    for await (const row of rows) yield shown(row);
                })(),
            ).pipe(csv);
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('audit-logs', 'csv', ctx.now())))
                .send(csv);
        },
    );
};
