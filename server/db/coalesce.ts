import type { Db } from './database';

interface Waiting<K, V> {
    key: K;
    resolve: (value: V) => void;
    reject: (error: unknown) => void;
}

interface Gatherer<K, V> {
    waiting: Waiting<K, V>[];
    running: boolean;
}

/**
 * One statement for many callers: calls that arrive while the statement is
 * running wait for it and then go together, as one statement over all their
 * keys. A reader's heartbeat or credential check is a one-row statement; the
 * embedded engine runs one statement at a time, so under load N readers
 * queued N statements deep, and gathered they cost about one. Idle, a call
 * goes at once: no timer, no added wait (docs/performance.md "Readers fleet").
 *
 * `run` answers with one value per key, in the keys' order.
 */
export const coalesced = <K, V>(run: (db: Db, keys: K[]) => Promise<V[]>, max = 500) => {
    const gatherers = new WeakMap<Db, Gatherer<K, V>>();
    const drain = async (db: Db, gatherer: Gatherer<K, V>) => {
        gatherer.running = true;
        while (gatherer.waiting.length) {
            const batch = gatherer.waiting.splice(0, max);
            try {
                const values = await run(
                    db,
                    batch.map(w => w.key),
                );
                batch.forEach((w, i) => w.resolve(values[i]!));
            } catch (error) {
                batch.forEach(w => w.reject(error));
            }
        }
        gatherer.running = false;
    };
    return (db: Db, key: K): Promise<V> =>
        new Promise<V>((resolve, reject) => {
            let gatherer = gatherers.get(db);
            if (!gatherer) gatherers.set(db, (gatherer = { waiting: [], running: false }));
            gatherer.waiting.push({ key, resolve, reject });
            if (!gatherer.running) void drain(db, gatherer);
        });
};
