import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { auditTrail } from '../../http/audit';
import { rowInScope } from '../../http/scope';
import { findWebhook, type WebhookListRow } from './queries';

/** What the webhook route plugins of routes.ts share: finding a webhook, and its audit trail. */
export const webhookLookups = (ctx: AppContext) => {
    /** A webhook of an account in the caller's scope; others' do not exist for the caller (404). */
    const visible = (request: FastifyRequest, id: number): Promise<WebhookListRow> =>
        rowInScope(ctx.db, request, findWebhook(ctx.db, id), 'webhook');
    const audit = auditTrail(ctx.db, 'webhooks', 'Webhook');
    return { visible, audit };
};
