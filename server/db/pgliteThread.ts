import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

type Reply =
    { id: number; result?: unknown; error?: WorkerError } | { notify: string; payload: string } | { ready: boolean; error?: WorkerError };
interface WorkerError {
    message: string;
    name?: string;
    fields: Record<string, unknown>;
}

/** PostgreSQL's error as the database thread sent it: the same message, code, constraint and detail as in process. */
const databaseError = (error: WorkerError) => Object.assign(new Error(error.message), error.fields, { name: error.name ?? 'Error' });

/** What the driver's query config holds that cannot cross threads: parsers become the list of types left as text. */
const portable = (options?: QueryOptions) => {
    if (!options) return undefined;
    const { parsers, ...rest } = options;
    return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
};

/**
 * PGlite's two WebAssembly programs, compiled once a process and handed to each database thread: a thread
 * that compiles its own takes about 0.2 s longer to start, paid by every test platform (docs/performance.md
 * "The test run (CI time)").
 */
let programs: { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module } | undefined;
const compiledPrograms = () => {
    if (programs) return programs;
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = (file: string) => new WebAssembly.Module(fs.readFileSync(path.join(dist, file)));
    return (programs = { pgliteWasmModule: compile('pglite.wasm'), initdbWasmModule: compile('initdb.wasm') });
};

/** The statements of one transaction: they bypass the queue the transaction holds. */
export interface ThreadTransaction {
    query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
    exec(sql: string): Promise<Results[]>;
}

/**
 * PGlite in a worker thread (server/db/pgliteWorker.mjs), with the part of
 * PGlite's interface that Drizzle's driver and the realtime channel use:
 * query, exec, transaction, listen, close. Statements run one at a time as
 * in process; while a transaction is open, other statements wait for it,
 * as PGlite's own transaction makes them wait. The server's event loop
 * stays free meanwhile (docs/decisions.md "The embedded database in a
 * worker thread").
 */
export class PGliteThread {
    private readonly worker: Worker;
    private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    private readonly listeners = new Map<string, Set<(payload: string) => void>>();
    private nextId = 1;
    /** the open transaction's end, while one is open */
    private transactionDone: Promise<void> | undefined;
    private failed: Error | undefined;
    readonly waitReady: Promise<void>;

    /** startFrom: a file holding a dump of a data folder (dumpDataDir) to start from, instead of a new cluster */
    constructor(dataDir?: string, startFrom?: string) {
        this.worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
            workerData: { dataDir, startFrom, ...compiledPrograms() },
        });
        this.waitReady = new Promise((resolve, reject) => {
            const first = (reply: Reply) => {
                if (!('ready' in reply)) return;
                this.worker.off('message', first);
                if (reply.ready) resolve();
                else reject(databaseError(reply.error!));
            };
            this.worker.on('message', first);
        });
        this.worker.on('message', (reply: Reply) => {
            if ('notify' in reply) {
                for (const listener of this.listeners.get(reply.notify) ?? []) listener(reply.payload);
                return;
            }
            if (!('id' in reply)) return;
            const waiting = this.pending.get(reply.id);
            this.pending.delete(reply.id);
            if (reply.error) waiting?.reject(databaseError(reply.error));
            else waiting?.resolve(reply.result);
        });
        // A database thread that dies (out of memory, a crash of the engine) fails every statement from then on.
        const fail = (error: Error) => {
            this.failed ??= error;
            for (const waiting of this.pending.values()) waiting.reject(this.failed);
            this.pending.clear();
        };
        this.worker.on('error', fail);
        this.worker.on('exit', code => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
    }

    private send<T>(message: Record<string, unknown>): Promise<T> {
        if (this.failed) return Promise.reject(this.failed);
        const id = this.nextId++;
        return new Promise<T>((resolve, reject) => {
            this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
            this.worker.postMessage({ ...message, id });
        });
    }

    async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
        // Sent in the same tick as the check, so nothing slips into a transaction opened meanwhile.
        while (this.transactionDone) await this.transactionDone;
        return this.send({ op: 'query', sql, params, options: portable(options) });
    }

    async exec(sql: string): Promise<Results[]> {
        while (this.transactionDone) await this.transactionDone;
        return this.send({ op: 'exec', sql });
    }

    async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
        while (this.transactionDone) await this.transactionDone;
        let end!: () => void;
        this.transactionDone = new Promise(resolve => (end = resolve));
        const tx: ThreadTransaction = {
            query: (sql, params, options) => this.send({ op: 'query', sql, params, options: portable(options) }),
            exec: sql => this.send({ op: 'exec', sql }),
        };
        try {
            await tx.exec('BEGIN');
            let result: T;
            try {
                result = await callback(tx);
            } catch (error) {
                await tx.exec('ROLLBACK').catch(() => undefined);
                throw error;
            }
            await tx.exec('COMMIT');
            return result;
        } finally {
            this.transactionDone = undefined;
            end();
        }
    }

    /** LISTEN on the channel; resolves to the function that stops this listener. */
    async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
        let set = this.listeners.get(channel);
        if (!set) {
            set = new Set();
            this.listeners.set(channel, set);
            await this.send({ op: 'listen', channel });
        }
        set.add(listener);
        return async () => {
            set.delete(listener);
            if (set.size || this.listeners.get(channel) !== set) return;
            this.listeners.delete(channel);
            await this.send({ op: 'unlisten', channel });
        };
    }

    /** The data folder as a tar (PGlite's dumpDataDir): what `startFrom` takes. */
    async dumpDataDir(): Promise<Uint8Array> {
        while (this.transactionDone) await this.transactionDone;
        return this.send({ op: 'dump' });
    }

    async close() {
        while (this.transactionDone) await this.transactionDone;
        if (!this.failed) await this.send({ op: 'close' }).catch(() => undefined);
        await this.worker.terminate();
    }
}
