import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, idParam, listReply } from '../../../contract/api';
import {
    DELIVERY_STATUSES,
    deliveryRecord,
    WEBHOOK_STATUSES,
    webhookInput,
    webhookRecord,
    webhookUpdate,
} from '../../../contract/webhooks';
import type { AppContext } from '../../context';
import { notFound, validationError } from '../../http/errors';
import { idList, listParams } from '../../http/lists';
import { rowRoutes } from '../../http/rowRoutes';
import { scopeOf } from '../../http/scope';
import {
    deleteWebhook,
    findDelivery,
    findWebhook,
    insertWebhook,
    listDeliveries,
    listWebhooks,
    replayDelivery,
    resumeWebhook,
    toDelivery,
    toWebhook,
    updateWebhook,
} from './queries';
import { webhookLookups } from './routeHelpers';
import { publicOnly, resolveTarget, TargetRefused } from '../../net/outboundTarget';

const tags = ['webhooks'];
const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };
const deliveryParams = z.object({ id: z.coerce.number().int().positive(), deliveryId: z.coerce.number().int().positive() });

/**
 * Signed webhooks (docs/decisions.md "Webhooks"): an account's receivers of
 * its security events, and each one's deliveries. The secret is taken on
 * create and on PUT and never given back: not in replies, nor in the audit
 * log. Reading them here; changing them in webhookWriteRoutes, their
 * deliveries in webhookDeliveryRoutes.
 */
export const webhookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible } = webhookLookups(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: webhookRecord, record: toWebhook });

    app.get(
        '/webhooks',
        {
            config: { access: ['webhooks', 'read'], scope: 'list' },
            schema: {
                tags,
                summary: "The account's webhooks, newest first (cross_account=true: of every account in scope); never their secret",
                querystring: z.object({ ...listParams(), status: z.enum(WEBHOOK_STATUSES).optional() }),
                response: { 200: listReply(webhookRecord), ...errors },
            },
        },
        async request => {
            const { result, count } = await listWebhooks(
                ctx.db,
                { scope: scopeOf(request).accounts, q: request.query.q, ids: idList(request.query.id), status: request.query.status },
                request.query,
            );
            return { result: result.map(toWebhook), count };
        },
    );

    rows.get('/webhooks/:id', ['webhooks', 'read'], 'One webhook (never its secret)');
};

/** Creating, changing and deleting webhooks. */
export const webhookWriteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, audit } = webhookLookups(ctx);
    const rows = rowRoutes(app, { tags, errors, visible, reply: webhookRecord, record: toWebhook, audit });

    /** A cloud platform refuses receivers on non-public addresses (SSRF); it checks again before every send. */
    const checkUrl = async (url: string) => {
        try {
            await resolveTarget(url, publicOnly(ctx.config));
        } catch (error) {
            if (error instanceof TargetRefused) {
                // On premise an unknown name is the customer's business (its DNS may be for its own network only).
                if (!publicOnly(ctx.config)) return;
                throw validationError({ url: error.message });
            }
            throw error;
        }
    };

    app.post(
        '/webhooks',
        {
            config: { access: ['webhooks', 'write'], scope: 'account' },
            schema: {
                tags,
                summary: 'Create a webhook; its secret signs every delivery and is never shown again',
                body: webhookInput,
                response: { 201: webhookRecord, ...errors },
            },
        },
        async (request, reply) => {
            const { account } = scopeOf(request);
            const { url, secret, event_types, description } = request.body;
            await checkUrl(url);
            const now = ctx.now();
            const row = await insertWebhook(ctx.db, {
                account_id: account.id,
                url,
                secret,
                event_types: [...new Set(event_types)],
                description,
                created_at: now,
                updated_at: now,
            });
            const record = toWebhook({ ...row, account_name: account.name });
            await audit(request, 'create', row, undefined, record);
            return reply.status(201).send(record);
        },
    );

    app.put(
        '/webhooks/:id',
        {
            config: { access: ['webhooks', 'edit'], scope: 'row' },
            schema: {
                tags,
                summary:
                    "Change a webhook: URL, types, description, a new secret; status 'active' resumes a paused one, 'paused' pauses it",
                params: idParam,
                body: webhookUpdate,
                response: { 200: webhookRecord, ...errors },
            },
        },
        async request => {
            const before = await visible(request, request.params.id);
            const { url, secret, event_types, description, status } = request.body;
            if (url !== undefined && url !== before.url) await checkUrl(url);
            const now = ctx.now();
            await updateWebhook(ctx.db, before.id, {
                ...(url !== undefined ? { url } : {}),
                ...(secret !== undefined ? { secret } : {}),
                ...(event_types !== undefined ? { event_types: [...new Set(event_types)] } : {}),
                ...(description !== undefined ? { description } : {}),
                ...(status === 'paused' && before.status === 'active' ? { status, paused_at: now } : {}),
                updated_at: now,
            });
            if (status === 'active' && before.status === 'paused') await resumeWebhook(ctx.db, before.id, now);
            const after = toWebhook((await findWebhook(ctx.db, before.id))!);
            // A new secret is recorded as such, never its value.
            await audit(request, 'update', before, toWebhook(before), secret !== undefined ? { ...after, secret_changed: true } : after);
            return after;
        },
    );

    rows.delete('/webhooks/:id', ['webhooks', 'delete'], 'Delete a webhook and its deliveries', row => deleteWebhook(ctx.db, row.id));
};

/** A webhook's deliveries, and sending one again. */
export const webhookDeliveryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const { visible, audit } = webhookLookups(ctx);

    app.get(
        '/webhooks/:id/deliveries',
        {
            config: { access: ['webhooks', 'read'], scope: 'row' },
            schema: {
                tags,
                summary: "A webhook's deliveries, newest first: status, tries, the last reply's status or error, the next try",
                params: idParam,
                querystring: z.object({
                    page: listParams().page,
                    per_page: listParams().per_page,
                    sort: listParams().sort,
                    status: z.enum(DELIVERY_STATUSES).optional(),
                }),
                response: { 200: listReply(deliveryRecord), ...errors },
            },
        },
        async request => {
            const webhook = await visible(request, request.params.id);
            const { result, count } = await listDeliveries(ctx.db, webhook.id, { status: request.query.status }, request.query);
            return { result: result.map(toDelivery), count };
        },
    );

    app.post(
        '/webhooks/:id/deliveries/:deliveryId/replay',
        {
            config: { access: ['webhooks', 'write'], scope: 'row' },
            schema: {
                tags,
                summary: 'Send a delivery again (same X-Delivery-Id), with a fresh retry window; a paused webhook sends it once resumed',
                params: deliveryParams,
                response: { 200: deliveryRecord, ...errors },
            },
        },
        async request => {
            const webhook = await visible(request, request.params.id);
            const found = await findDelivery(ctx.db, webhook.id, request.params.deliveryId);
            if (!found) throw notFound('delivery');
            const replayed = toDelivery(await replayDelivery(ctx.db, found.id, ctx.now()));
            await audit(
                request,
                'replay',
                { id: found.id, account_id: webhook.account_id },
                toDelivery(found),
                replayed,
                'Webhook delivery',
            );
            return replayed;
        },
    );
};
