import type { FastifyBaseLogger } from 'fastify';
import type { EventRecord } from '../../../contract/events';
import type { AppContext } from '../../context';
import { matchesEvent, type EventQuery, type EventScope, type LiveCandidate } from './filters';
import { eventsAfter, eventWritersEnded, existingLinks, lastEventId, loadLiveEvents, type EventRow } from './queries';
import { toEventRecord } from './records';

/** The channel the events table's trigger notifies ('<account_id>:<id>,<id>,…', migration 0003). */
export const EVENTS_CHANNEL = 'events';
/** A catch-up sends at most this many missed events; more, and the console is told to reload its list. */
export const LIVE_CATCH_UP_MAX = 200;
/** A console that reads more slowly than events come is dropped past this much unsent data; it reconnects with after_id. */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
const RECENT_IDS = 2000;
/** New ids are gathered this long so that a burst of batches is loaded with one query. */
const GATHER_MS = 25;
/** The longest new events wait for transactions that may still commit smaller ids (then they go out anyway). */
export const LIVE_SETTLE_MAX_MS = 5000;

/** One console's stream: what it may see and how to write to it. */
export interface LiveSubscriber {
    scope: EventScope;
    query: EventQuery;
    /** writes raw SSE text; false when the client's buffer is past the limit */
    write(chunk: string): boolean;
    /** ends the stream (the console reconnects) */
    end(reason: string): void;
}

interface Entry {
    subscriber: LiveSubscriber;
    /** ids already sent, so that a catch-up and the live feed never send one twice */
    sent: Set<number>;
    order: number[];
    lastId: number;
    /** the console said it has every event up to this id: a late notice of one of those is not sent again */
    floor: number;
    /** live events held while the catch-up query runs */
    held: EventRecord[] | undefined;
}

export const sseMessage = (event: string, data: unknown, id?: number) =>
    `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

type LiveRow = EventRow & Omit<LiveCandidate, 'group'>;
const candidate = (row: LiveRow): LiveCandidate => ({ ...row, group: row.event_group ?? 'all' });

/**
 * The live feed of GET /events/live, one per server instance. The events
 * table notifies every insert's ids on commit (from any instance, through
 * PostgreSQL, or in process on PGlite); the feed loads those rows once and
 * gives each subscribed console the ones its scope and filters match.
 */
export class LiveFeed {
    private readonly entries = new Set<Entry>();
    private readonly pending = new Set<number>();
    private timer: NodeJS.Timeout | undefined;
    private flushing = Promise.resolve();
    private stops: (() => void)[] = [];
    /** every event up to this id is committed (or never will be) and was given to the consoles */
    private settled = 0;

    constructor(
        private readonly ctx: AppContext,
        private readonly log: FastifyBaseLogger,
    ) {}

    start() {
        this.stops.push(this.ctx.realtime.subscribe(EVENTS_CHANNEL, payload => this.notified(payload)));
        // Notifications sent while the listening connection was down are lost: each console catches up from its last id.
        this.stops.push(this.ctx.realtime.onReconnect(() => this.entries.forEach(e => void this.catchUp(e))));
    }

    stop() {
        this.stops.forEach(s => s());
        this.stops = [];
        clearTimeout(this.timer);
        for (const e of this.entries) e.subscriber.end('server stopping');
        this.entries.clear();
    }

    get size() {
        return this.entries.size;
    }

    /** Adds a console; with afterId it first receives what it missed since (at most LIVE_CATCH_UP_MAX). Returns its removal. */
    add(subscriber: LiveSubscriber, afterId?: number): () => void {
        const entry: Entry = {
            subscriber,
            sent: new Set(),
            order: [],
            lastId: afterId ?? 0,
            floor: afterId ?? 0,
            held: afterId !== undefined ? [] : undefined,
        };
        this.entries.add(entry);
        if (afterId !== undefined) void this.catchUp(entry);
        return () => this.entries.delete(entry);
    }

    private notified(payload: string) {
        const [account, list] = payload.split(':');
        if (!list || !this.wants(Number(account))) return;
        for (const id of list.split(',')) if (id) this.pending.add(Number(id));
        this.timer ??= setTimeout(() => {
            this.timer = undefined;
            this.flushing = this.flushing
                .then(() => this.flush())
                .catch(error => this.log.error({ err: error }, 'live events: could not load new events'));
        }, GATHER_MS);
    }

    /** Whether any console could see events of this account: one limited to another account could not. */
    private wants(accountId: number) {
        for (const e of this.entries) if (!('accountId' in e.subscriber.scope) || e.subscriber.scope.accountId === accountId) return true;
        return false;
    }

    /**
     * Gives the consoles the new events in order of id, and never an id
     * smaller than one already given: a console that reconnects with its last
     * id then misses nothing, whichever instance it reaches. Transactions
     * commit in their own order, so the feed first waits for those still
     * writing events, which may hold smaller ids.
     */
    private async flush() {
        const ids = [...this.pending];
        this.pending.clear();
        if (!ids.length) return;
        // reduce, not Math.max(...ids): a burst can notify more ids than a call takes arguments.
        const upTo = ids.reduce((a, b) => Math.max(a, b));
        if (!this.entries.size) {
            this.settled = Math.max(this.settled, upTo);
            return;
        }
        if (!(await eventWritersEnded(this.ctx.db, LIVE_SETTLE_MAX_MS)))
            this.log.warn('live events: a transaction writing events is still open; new events go out without it');
        const found = await loadLiveEvents(this.ctx.db, ids, this.settled || ids.reduce((a, b) => Math.min(a, b)) - 1, upTo);
        this.settled = Math.max(this.settled, upTo);
        const existing = await existingLinks(this.ctx.db, found);
        for (const row of found) {
            const record = toEventRecord(row, existing);
            for (const entry of this.entries)
                if (matchesEvent(entry.subscriber.scope, entry.subscriber.query, candidate(row))) this.deliver(entry, record);
        }
    }

    private deliver(entry: Entry, record: EventRecord) {
        if (entry.held) {
            entry.held.push(record);
            return;
        }
        if (record.id <= entry.floor || entry.sent.has(record.id)) return;
        entry.sent.add(record.id);
        entry.order.push(record.id);
        if (entry.order.length > RECENT_IDS) entry.sent.delete(entry.order.shift()!);
        entry.lastId = Math.max(entry.lastId, record.id);
        if (!entry.subscriber.write(sseMessage('event', record, record.id))) {
            this.entries.delete(entry);
            entry.subscriber.end('too slow');
        }
    }

    /** Sends the events after the entry's last id, then what arrived live meanwhile. */
    private async catchUp(entry: Entry) {
        entry.held ??= [];
        try {
            // Up to the last committed event, once the transactions that may hold smaller ids have ended; later ones come live.
            const upTo = await lastEventId(this.ctx.db);
            await eventWritersEnded(this.ctx.db, LIVE_SETTLE_MAX_MS);
            const missed = await eventsAfter(
                this.ctx.db,
                entry.subscriber.scope,
                entry.subscriber.query,
                entry.lastId,
                upTo,
                LIVE_CATCH_UP_MAX + 1,
            );
            if (missed.length > LIVE_CATCH_UP_MAX) {
                entry.subscriber.write(
                    sseMessage('reload', { reason: 'More events arrived than the live view can catch up with: reload the list.' }),
                );
            } else {
                const existing = await existingLinks(this.ctx.db, missed);
                const held = entry.held;
                entry.held = undefined;
                for (const row of missed) this.deliver(entry, toEventRecord(row, existing));
                for (const record of held) this.deliver(entry, record);
                return;
            }
        } catch (error) {
            this.log.error({ err: error }, 'live events: catch-up failed');
        }
        const held = entry.held ?? [];
        entry.held = undefined;
        for (const record of held) this.deliver(entry, record);
    }
}
