import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { idParam } from '../../contract/api';
import type { AuditAction } from '../../contract/auditLogs';
import type { RouteAccess } from './auth';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the routes on one row of a feature (`/<rows>/:id`, scope 'row') share. */
export interface RowKit<Row> {
    /** the OpenAPI tags and error replies of the feature's routes */
    tags: string[];
    errors: Record<number, ZodType>;
    /** the row the caller may act on: another tenant's id is a 404 (rowInScope) */
    visible: (request: FastifyRequest, id: number) => Promise<Row>;
    /** the reply of a read, and the row as it shows there and in the audit trail */
    reply: ZodType;
    record: (row: Row) => unknown;
    /** the feature's audit trail (auditTrail); a kit that deletes needs it */
    audit?: (request: FastifyRequest, action: AuditAction, row: Row, before?: unknown) => Promise<unknown>;
}

/**
 * The read and the delete of one row, which most features declare alike: `rows.get(url, access, summary)` replies
 * the row's record; `rows.delete(url, access, summary, remove)` removes it (remove may refuse with a conflict) and
 * keeps its record, taken before, in the audit trail, then replies 204. The schema is the one those routes wrote out.
 */
export const rowRoutes = <Row>(app: App, kit: RowKit<Row>) => ({
    get: (url: string, access: RouteAccess, summary: string) =>
        app.get(
            url,
            {
                config: { access, scope: 'row' },
                schema: { tags: kit.tags, summary, params: idParam, response: { 200: kit.reply, ...kit.errors } },
            },
            async request => kit.record(await kit.visible(request, request.params.id)),
        ),
    delete: (url: string, access: RouteAccess, summary: string, remove: (row: Row) => Promise<unknown>) => {
        const audit = kit.audit;
        if (!audit) throw new Error(`DELETE ${url}: the row kit has no audit trail`);
        return app.delete(
            url,
            {
                config: { access, scope: 'row' },
                schema: { tags: kit.tags, summary, params: idParam, response: { 204: z.null(), ...kit.errors } },
            },
            async (request, reply) => {
                const row = await kit.visible(request, request.params.id);
                const before = await kit.record(row);
                await remove(row);
                await audit(request, 'delete', row, before);
                return reply.status(204).send(null);
            },
        );
    },
});
