import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CERTIFICATE_MAX_BYTES } from '../../../contract/acsIntegration';
import { errorReply } from '../../../contract/api';
import type { AppContext } from '../../context';
import { recordAudit } from '../../http/audit';

/** What the ACS integration route modules (routes.ts, chuidRoutes.ts, logRoutes.ts, certificateRoutes.ts) share. */
export const tags = ['ACS integration'];
export const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** The certificate upload takes multipart/form-data: the parser of the feature's routes (feature.ts). */
export const acceptMultipart = (app: FastifyInstance) =>
    app.register(multipart, { limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 } });

/** The audit trail of the ACS integration's settings, CHUID settings and certificate. */
export const acsAudit =
    (ctx: AppContext) =>
    (
        request: FastifyRequest,
        action: 'create' | 'update' | 'delete',
        accountId: number,
        entity: string,
        id: number,
        before?: unknown,
        after?: unknown,
    ) =>
        recordAudit(ctx.db, request, { action, resource: 'acsIntegration', entity, entity_id: id, account_id: accountId, before, after });
