import type { PGliteThread } from '../db/pgliteThread';
import pg from 'pg';
import type { Db } from '../db/database';

/**
 * Publish/subscribe between server instances (DESIGN.md Scale): PostgreSQL
 * LISTEN/NOTIFY. On PostgreSQL a dedicated connection listens, so every
 * instance on the database hears what any of them (or a trigger) notified;
 * on PGlite, the embedded database's own LISTEN delivers in process. Either
 * way a notification arrives only once its transaction has committed.
 * Payloads are limited to 8000 bytes: send ids and load the rows.
 */
export interface Realtime {
    /** Calls listener with every payload on the channel (lower-case letters, digits and _); returns the unsubscribe. */
    subscribe(channel: string, listener: (payload: string) => void): () => void;
    publish(channel: string, payload: string): Promise<void>;
    /** Called when the listening connection came back after a loss: notifications may have been missed meanwhile. */
    onReconnect(listener: () => void): () => void;
    close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
    if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name ${channel}`);
    return channel;
};

/** Listeners by channel, shared by both implementations. */
class Listeners {
    readonly byChannel = new Map<string, Set<(payload: string) => void>>();
    readonly reconnect = new Set<() => void>();
    /** returns true when this is the channel's first listener */
    add(channel: string, listener: (payload: string) => void) {
        const set = this.byChannel.get(channel) ?? new Set();
        const first = set.size === 0;
        set.add(listener);
        this.byChannel.set(channel, set);
        return first;
    }
    remove(channel: string, listener: (payload: string) => void) {
        const set = this.byChannel.get(channel);
        set?.delete(listener);
        return !!set && set.size === 0;
    }
    deliver(channel: string, payload: string) {
        for (const listener of this.byChannel.get(channel) ?? []) {
            try {
                listener(payload);
            } catch {
                // One listener's failure must not stop the others.
            }
        }
    }
}

const pgliteRealtime = (client: Pick<PGliteThread, 'listen' | 'query'>): Realtime => {
    const listeners = new Listeners();
    const unlisten = new Map<string, Promise<() => Promise<void>>>();
    return {
        subscribe(channel, listener) {
            if (listeners.add(checkChannel(channel), listener))
                unlisten.set(
                    channel,
                    client.listen(channel, payload => listeners.deliver(channel, payload)),
                );
            return () => {
                if (listeners.remove(channel, listener)) {
                    const done = unlisten.get(channel);
                    unlisten.delete(channel);
                    void done?.then(stop => stop()).catch(() => undefined);
                }
            };
        },
        async publish(channel, payload) {
            await client.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
        },
        onReconnect(listener) {
            // The embedded database lives in this process: its connection is never lost.
            listeners.reconnect.add(listener);
            return () => listeners.reconnect.delete(listener);
        },
        async close() {
            for (const done of unlisten.values()) await done.then(stop => stop()).catch(() => undefined);
            unlisten.clear();
        },
    };
};

const postgresRealtime = (pool: pg.Pool, log: (message: string) => void): Realtime => {
    const listeners = new Listeners();
    let client: pg.Client | undefined;
    let connecting: Promise<void> | undefined;
    let closed = false;
    let retryMs = 250;
    let lostOnce = false;

    const connect = (): Promise<void> =>
        client
            ? Promise.resolve()
            : (connecting ??= (async () => {
                  while (!closed) {
                      const c = new pg.Client(pool.options);
                      try {
                          await c.connect();
                          c.on('notification', n => n.payload !== undefined && listeners.deliver(n.channel, n.payload));
                          c.on('error', error => lost(c, error));
                          c.on('end', () => lost(c));
                          for (const channel of listeners.byChannel.keys()) await c.query(`LISTEN ${channel}`);
                          // Closed while connecting: this connection is not wanted any more.
                          if (closed) {
                              await c.end().catch(() => undefined);
                              return;
                          }
                          client = c;
                          retryMs = 250;
                          if (lostOnce) for (const listener of listeners.reconnect) listener();
                          return;
                      } catch (error) {
                          await c.end().catch(() => undefined);
                          log(`realtime: cannot listen (${(error as Error).message}); retrying in ${retryMs} ms`);
                          await new Promise(r => setTimeout(r, retryMs));
                          retryMs = Math.min(retryMs * 2, 10_000);
                      }
                  }
              })().finally(() => (connecting = undefined)));

    const lost = (c: pg.Client, error?: Error) => {
        if (client !== c || closed) return;
        client = undefined;
        lostOnce = true;
        log(`realtime: listening connection lost${error ? ` (${error.message})` : ''}; reconnecting`);
        void c.end().catch(() => undefined);
        void connect();
    };

    return {
        subscribe(channel, listener) {
            // LISTEN twice is harmless: a connection made meanwhile listens to every channel already.
            if (listeners.add(checkChannel(channel), listener))
                void connect().then(() => client?.query(`LISTEN ${channel}`).catch(() => undefined));
            return () => {
                if (listeners.remove(channel, listener) && client) void client.query(`UNLISTEN ${channel}`).catch(() => undefined);
            };
        },
        async publish(channel, payload) {
            await pool.query('select pg_notify($1, $2)', [checkChannel(channel), payload]);
        },
        onReconnect(listener) {
            listeners.reconnect.add(listener);
            return () => listeners.reconnect.delete(listener);
        },
        async close() {
            closed = true;
            const c = client;
            client = undefined;
            await c?.end().catch(() => undefined);
        },
    };
};

/** The realtime channel of a database opened by openDatabase(). */
export const createRealtime = (db: Db, log: (message: string) => void = () => undefined): Realtime => {
    const client = (db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) return postgresRealtime(client, log);
    return pgliteRealtime(client as PGliteThread);
};
