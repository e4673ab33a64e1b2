import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, listReply } from '../../../contract/api';
import { LIST_MAX_PAGE_SIZE } from '../../../contract/constants';
import { LOG_LEVELS } from '../../../contract/device-api';
import type { AppContext } from '../../context';
import { attachment, stampedFileName } from '../../http/attachments';
import { csvText } from '../../http/csv';
import { exportDeviceLogs, listDeviceLogs } from './logs';
import { deviceRouteKit, errors, localTime, tags } from './routeKit';

const logQuery = z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(20),
    level: z.enum(LOG_LEVELS).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    q: z.string().max(200).optional(),
    timezone_offset: z.coerce.number().int().min(-900).max(900).default(0),
});
const logFilters = (q: z.infer<typeof logQuery>) => ({
    level: q.level,
    q: q.q,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
});

/** The log lines a reader uploaded (asking for an upload is a command, commandRoutes.ts). */
export const deviceLogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = deviceRouteKit(ctx);

    app.get(
        '/devices/:id/logs',
        {
            config: { access: ['deviceLogs', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: 'Log lines the reader uploaded, newest first',
                params: idParam,
                querystring: logQuery,
                response: {
                    200: listReply(
                        z.object({ id: z.number().int(), timestamp: z.string(), level: z.enum(LOG_LEVELS), message: z.string() }),
                    ),
                    ...errors,
                },
            },
        },
        async request => {
            const device = await visible(request, request.params.id);
            const { result, count } = await listDeviceLogs(ctx.db, device.id, logFilters(request.query), request.query);
            return {
                result: result.map(l => ({ id: l.id, timestamp: l.timestamp.toISOString(), level: l.level, message: l.message })),
                count,
            };
        },
    );

    app.get(
        '/devices/:id/logs/export',
        {
            config: { access: ['deviceLogs', 'read'], scope: 'row' },
            schema: { tags, summary: "The reader's log lines as CSV, oldest first", params: idParam, querystring: logQuery },
        },
        async (request, reply) => {
            const device = await visible(request, request.params.id);
            const lines = await exportDeviceLogs(ctx.db, device.id, logFilters(request.query));
            const csv = csvText(
                lines.map(l => ({ timestamp: localTime(l.timestamp, request.query.timezone_offset), level: l.level, message: l.message })),
            );
            return reply
                .type('text/csv; charset=utf-8')
                .header('Content-Disposition', attachment(stampedFileName(`device-logs-${device.id}`, 'csv', ctx.now())))
                .send(csv);
        },
    );
};
