import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';
import { rowInScope } from '../../http/scope';
import { findAccessGroup, toAccessGroup, type AccessGroupListRow } from './queries';

/** What the access group route plugins of routes.ts share: finding a group, showing it again, its audit trail. */
export const groupLookups = (ctx: AppContext) => {
    /** A group the caller may act on; ids of other tenants do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<AccessGroupListRow> =>
        rowInScope(ctx.db, request, findAccessGroup(ctx.db, id), 'access group');
    const reload = async (id: number) => toAccessGroup((await findAccessGroup(ctx.db, id))!);
    const audit = auditTrail(ctx.db, 'accessGroups', 'Access group');
    return { visible, reload, audit };
};
