import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { errorReply } from '../../../contract/api';
import { eventFilters } from '../../../contract/events';
import type { AppContext } from '../../context';
import { reloadAuth, requireAuth } from '../../http/auth';
import { scopeOf } from '../../http/scope';
import { toEventQuery, type EventScope } from './filters';
import { LIVE_CATCH_UP_MAX, LIVE_MAX_BUFFERED_BYTES, LiveFeed, sseMessage } from './live';

/** A comment line this often keeps proxies from closing an idle stream; the session is checked at the same time. */
export const LIVE_HEARTBEAT_MS = 15_000;

/**
 * GET /events/live: a text/event-stream of the new events the caller's list
 * would show with the same account scope and filters. The console reads it
 * with fetch and its usual bearer header. Messages (docs/events.md):
 * `ready` once; `event` per new event (id = the event id, data = the event
 * record); `reload` when it missed too many to catch up; `end` (with a
 * reason) before the server closes it: token expired, session ended, too
 * slow, server stopping. After a drop the console reconnects with
 * after_id = the last id received (or Last-Event-ID) and gets what it missed.
 */
/** The feed of each running app, by its context: how many consoles it serves is worth seeing (tests, diagnostics). */
export const liveFeedOf = new WeakMap<AppContext, LiveFeed>();

export const liveRoute: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
    const feed = new LiveFeed(ctx, app.log);
    feed.start();
    liveFeedOf.set(ctx, feed);
    ctx.metrics.countLiveConsoles(() => feed.size);
    app.addHook('preClose', async () => feed.stop());

    app.get(
        '/events/live',
        {
            config: { access: ['events', 'read'], scope: 'list' },
            schema: {
                tags: ['events'],
                summary: `New events as they arrive (server-sent events), for the current account or cross_account, with the list filters; after_id first replays what was missed (at most ${LIVE_CATCH_UP_MAX})`,
                querystring: z.object(eventFilters.shape),
                produces: ['text/event-stream'],
                response: { 400: errorReply, 401: errorReply, 403: errorReply },
            },
        },
        async (request, reply) => {
            const auth = requireAuth(request);
            const scope: EventScope = scopeOf(request).accounts;
            const { after_id, ...filters } = toEventQuery(request.query);
            const lastEventId = Number(request.headers['last-event-id']);
            const afterId = after_id ?? (Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : undefined);
            // The stream ends when the token would: the console reconnects with a fresh one. An API key has no
            // token: its expiry and revocation are checked on the heartbeat.
            const token = auth.apiKey ? undefined : request.headers.authorization!.split(' ')[1]!;
            const expiresAt = token ? (decodeJwt(token).exp ?? 0) * 1000 : undefined;

            reply.hijack();
            const raw = reply.raw;
            raw.writeHead(200, {
                ...(reply.getHeaders() as Record<string, string>),
                'content-type': 'text/event-stream; charset=utf-8',
                'cache-control': 'no-cache, no-transform',
                connection: 'keep-alive',
                'x-accel-buffering': 'no',
            });
            raw.write(`retry: 3000\n${sseMessage('ready', { heartbeat_seconds: LIVE_HEARTBEAT_MS / 1000 })}`);

            let ended = false;
            const end = (reason: string) => {
                if (ended) return;
                ended = true;
                remove();
                clearInterval(heartbeat);
                clearTimeout(expiry);
                if (!raw.writableEnded && !raw.destroyed) raw.end(sseMessage('end', { reason }));
            };
            const remove = feed.add(
                {
                    scope,
                    query: filters,
                    write: chunk => {
                        if (ended || raw.destroyed) return true;
                        raw.write(chunk);
                        return raw.writableLength <= LIVE_MAX_BUFFERED_BYTES;
                    },
                    end,
                },
                afterId,
            );
            const heartbeat = setInterval(() => {
                // A user moved to another account or given another role sees that account's events no more:
                // the stream ends, and the console reconnects with its new scope.
                void reloadAuth(ctx.db, auth, ctx.now())
                    .then(still =>
                        !still
                            ? end('session ended')
                            : still.user.role !== auth.user.role || still.account.id !== auth.account.id
                              ? end('access changed')
                              : raw.write(': heartbeat\n\n'),
                    )
                    .catch(() => raw.write(': heartbeat\n\n'));
            }, LIVE_HEARTBEAT_MS);
            const expiry =
                expiresAt === undefined ? undefined : setTimeout(() => end('token expired'), Math.max(0, expiresAt - Date.now()));
            raw.on('close', () => end('client gone'));
        },
    );
};
