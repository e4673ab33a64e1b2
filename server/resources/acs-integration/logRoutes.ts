import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ACS_LOG_LEVELS, acsLogRecord } from '../../../contract/acsIntegration';
import { listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvStream } from '../../http/csv';
import { listParams } from '../../http/lists';
import { scopeOf } from '../../http/scope';
import { acsLogRows, listAcsLogs, toAcsLog, type AcsLogFilters } from './logs';
import { errors, tags } from './routeKit';

const logFilters = {
    level: z.enum(ACS_LOG_LEVELS).optional(),
    action: z.string().max(50).optional(),
    acs_id: z.string().max(200).optional(),
    date_from: z.coerce.date().optional(),
    date_to: z.coerce.date().optional(),
};

const logScope = (request: FastifyRequest, query: Omit<AcsLogFilters, 'scope'>): AcsLogFilters => ({
    ...query,
    scope: scopeOf(request).accounts,
});

/** What the ACS integration did (logs.ts), as a list and as CSV. */
export const acsLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    app.get(
        '/acs-integration/logs',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'What the ACS integration did, newest first; filters level, action, acs_id, date_from, date_to, q',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...logFilters }),
                response: { 200: listReply(acsLogRecord), ...errors },
            },
        },
        async request => {
            const { page, per_page, sort, q, level, action, acs_id, date_from, date_to } = request.query;
            const filters = logScope(request, { q, level, action, acs_id, date_from, date_to });
            const { result, count } = await listAcsLogs(ctx.db, filters, { page, per_page, sort });
            return { result: result.map(toAcsLog), count };
        },
    );

    app.get(
        '/acs-integration/logs/export',
        {
            config: { access: ['acsIntegration', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: 'The ACS integration log as CSV, with the list filters',
                querystring: z.object({ ...listParams(LIST_MAX_PAGE_SIZE), ...logFilters }),
                produces: ['text/csv'],
            },
        },
        async (request, reply) => {
            const { q, level, action, acs_id, date_from, date_to } = request.query;
            const rows = acsLogRows(ctx.db, logScope(request, { q, level, action, acs_id, date_from, date_to }));
            const csv = csvStream({ columns: ['at', 'level', 'action', 'acs_id', 'profile_id', 'message', 'details'] });
            Readable.from(rows).pipe(csv);
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName('acs-integration-logs', 'csv', ctx.now())))
                .send(csv);
        },
    );
};
