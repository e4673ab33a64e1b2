import type { FastifyBaseLogger } from 'fastify';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { signatureHeaderValue, signedPayload, WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../../contract/webhooks';
import type { AppContext } from '../../context';
import type { Job } from '../../jobs/runner';
import { pinnedLookup, publicOnly, resolveTarget, TargetRefused, type Target } from '../../net/outboundTarget';
import { existingLinks, findEvent } from '../events';
import { toEventRecord } from '../events';
import {
    claimDeliveries,
    deliveryFailed,
    deliverySucceeded,
    moderatorsOf,
    removeOldDeliveries,
    webhookFailed,
    type ClaimedDelivery,
} from './queries';

/** Deliveries one instance takes per run; the next run takes the next ones. */
const CLAIM_BATCH = 50;
/** Read of a reply at most: a receiver's page is not kept, only its status. */
const REPLY_MAX_BYTES = 64 * 1024;

/** X-Signature-256 of one try: signed with its own time, so every retry carries a fresh one a receiver's tolerance accepts. */
export const sign = (secret: string, body: string, at: Date) => {
    const timestamp = Math.floor(at.getTime() / 1000);
    return signatureHeaderValue(timestamp, createHmac('sha256', secret).update(signedPayload(timestamp, body)).digest('hex'));
};

/** The next try after `attempts` failed ones: base × 2^(attempts-1), at most max. */
export const backoffMs = (attempts: number, baseMs: number, maxMs: number) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

interface Outcome {
    statusCode: number | null;
    error: string | null;
    /** no later try can succeed (the event is gone): failed at once, and not held against the receiver */
    final?: boolean;
}

/** One POST within timeoutMs, headers and body included. */
const post = (target: Target, headers: Record<string, string>, body: string, timeoutMs: number) =>
    new Promise<Outcome>(resolve => {
        const client = target.url.protocol === 'https:' ? https : http;
        let done = false;
        const finish = (outcome: Outcome) => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            request.destroy();
            resolve(outcome);
        };
        const request = client.request(target.url, { method: 'POST', headers, lookup: pinnedLookup(target), agent: false }, response => {
            let read = 0;
            response.on('data', (chunk: Buffer) => {
                read += chunk.length;
                if (read > REPLY_MAX_BYTES) finish({ statusCode: response.statusCode ?? null, error: null });
            });
            response.on('end', () => finish({ statusCode: response.statusCode ?? null, error: null }));
            response.on('error', error => finish({ statusCode: response.statusCode ?? null, error: error.message }));
        });
        const timer = setTimeout(() => finish({ statusCode: null, error: `No reply within ${timeoutMs / 1000} s` }), timeoutMs);
        request.on('error', error => finish({ statusCode: null, error: error.message }));
        request.end(body);
    });

/** The body: the event exactly as GET /events/{id} shows it, with the address of its image. */
const eventBody = async (ctx: AppContext, eventId: number) => {
    const found = await findEvent(ctx.db, eventId);
    if (!found) return undefined;
    const record = toEventRecord(found, await existingLinks(ctx.db, [found]));
    const image_url = record.image ? `${ctx.config.publicUrl}/api/v2/events/${record.id}/files/${record.image}` : null;
    return JSON.stringify({ ...record, image_url });
};

const attempt = async (ctx: AppContext, d: ClaimedDelivery): Promise<Outcome> => {
    const body = await eventBody(ctx, d.event_id);
    if (body === undefined) return { statusCode: null, error: 'The event no longer exists (deleted or past its retention).', final: true };
    let target: Target;
    try {
        target = await resolveTarget(d.url, publicOnly(ctx.config));
    } catch (error) {
        if (error instanceof TargetRefused) return { statusCode: null, error: error.message };
        throw error;
    }
    return post(
        target,
        {
            'Content-Type': 'application/json',
            'Content-Length': String(Buffer.byteLength(body)),
            'User-Agent': 'access-console-webhooks',
            [WEBHOOK_DELIVERY_HEADER]: String(d.id),
            [WEBHOOK_SIGNATURE_HEADER]: sign(d.secret, body, ctx.now()),
        },
        body,
        ctx.config.webhookTimeoutMs,
    );
};

const pausedNotice = async (ctx: AppContext, webhook: { id: number; account_id: number; url: string; description: string }) => {
    const hours = Math.round(ctx.config.webhookRetryWindowMs / 3600_000);
    const link = `${ctx.config.publicUrl}/webhooks/${webhook.id}`;
    for (const moderator of await moderatorsOf(ctx.db, webhook.account_id)) {
        await ctx.mailer.send({
            to: moderator.email,
            subject: 'A webhook was paused',
            text:
                `Hello ${moderator.name},\n\n` +
                `The webhook ${webhook.description ? `"${webhook.description}" ` : ''}(${webhook.url}) has not accepted a delivery for ${hours} hours, so it was paused. ` +
                `Events are not queued for it while it is paused.\n\nOnce the receiver works again, resume the webhook: ${link}\n`,
        });
    }
};

const settle = async (ctx: AppContext, d: ClaimedDelivery, outcome: Outcome, log?: FastifyBaseLogger) => {
    const now = ctx.now();
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) return deliverySucceeded(ctx.db, d, now, outcome.statusCode!);
    if (outcome.final) return deliveryFailed(ctx.db, d, null, { statusCode: null, error: outcome.error });
    const { webhookRetryBaseMs, webhookRetryMaxMs, webhookRetryWindowMs } = ctx.config;
    // The last try falls on the window's end; one made at or after it was the last.
    const windowEnd = d.queued_at.getTime() + webhookRetryWindowMs;
    const next =
        now.getTime() >= windowEnd
            ? null
            : new Date(Math.min(windowEnd, now.getTime() + backoffMs(d.attempts, webhookRetryBaseMs, webhookRetryMaxMs)));
    const error = outcome.error ?? (outcome.statusCode !== null ? `HTTP ${outcome.statusCode}` : null);
    await deliveryFailed(ctx.db, d, next, { statusCode: outcome.statusCode, error });
    const paused = await webhookFailed(ctx.db, d, now, webhookRetryWindowMs);
    if (paused) {
        // The secret stays out of the log: the webhook is named by its id and URL.
        log?.warn({ webhook: paused.id, url: paused.url }, 'webhook paused after failing for its whole retry window');
        await pausedNotice(ctx, paused);
    }
};

/** One pass: claims the due deliveries and sends them side by side. */
export const sendDueDeliveries = async (ctx: AppContext, log?: FastifyBaseLogger) => {
    let sent = 0;
    for (;;) {
        const now = ctx.now();
        // The lease outlasts the send's timeout with room to write the outcome; after a crash the delivery is taken again when it ends.
        const lease = new Date(now.getTime() + 2 * ctx.config.webhookTimeoutMs + 5000);
        const claimed = await claimDeliveries(ctx.db, now, lease, CLAIM_BATCH);
        if (!claimed.length) return sent;
        await Promise.all(
            claimed.map(async d => {
                let outcome: Outcome;
                try {
                    outcome = await attempt(ctx, d);
                } catch (error) {
                    outcome = { statusCode: null, error: error instanceof Error ? error.message : String(error) };
                }
                await settle(ctx, d, outcome, log);
            }),
        );
        sent += claimed.length;
        if (claimed.length < CLAIM_BATCH) return sent;
    }
};

/** Every instance sends; the claim keeps them from sending one delivery twice (server/jobs/runner.ts). */
export const webhookSender: Job = {
    name: 'webhook deliveries',
    everyMs: 1000,
    atStart: true,
    run: async (ctx, log) => void (await sendDueDeliveries(ctx, log)),
};

export const webhookDeliveriesCleanup: Job = {
    name: 'webhook deliveries cleanup',
    everyMs: 3600_000,
    run: async ctx =>
        void (await removeOldDeliveries(ctx.db, new Date(ctx.now().getTime() - ctx.config.webhookDeliveriesDays * 86_400_000))),
};

export const webhookJobs = [webhookSender, webhookDeliveriesCleanup];
