// The embedded database (PGlite) in its own thread: the server's event loop
// keeps answering HTTP while a statement runs (docs/decisions.md "The
// embedded database in a worker thread"). Plain JavaScript, so the
// thread starts the same under tsx, vitest and a built server.
// Messages in: {id, op: 'query' | 'exec' | 'listen' | 'unlisten' | 'dump' | 'close', ...};
// out: {id, result} or {id, error}, and {notify: channel, payload}.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// startFrom: a dump of a data folder (dumpDataDir's tar) the database starts from, rather than making a new cluster;
// the two programs come compiled from the thread that starts this one (pgliteThread.ts)
const db = new PGlite({
    pgliteWasmModule: workerData.pgliteWasmModule,
    initdbWasmModule: workerData.initdbWasmModule,
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    ...(workerData.startFrom ? { loadDataDir: new Blob([fs.readFileSync(workerData.startFrom)]) } : {}),
});
const stops = new Map();

/** The fields of PostgreSQL's error (code, constraint, detail…) travel with its message. */
const plainError = error => {
    const fields = {};
    if (error && typeof error === 'object')
        for (const [key, value] of Object.entries(error)) if (typeof value !== 'object') fields[key] = value;
    return { message: error instanceof Error ? error.message : String(error), name: error?.name, fields };
};

/** Parsers cannot cross threads: the caller names the types it wants as PostgreSQL sent them. */
const queryOptions = options => {
    if (!options) return undefined;
    const { rawTypes, ...rest } = options;
    return rawTypes ? { ...rest, parsers: Object.fromEntries(rawTypes.map(oid => [oid, value => value])) } : rest;
};

const run = async message => {
    switch (message.op) {
        case 'query': {
            const { rows, fields, affectedRows } = await db.query(message.sql, message.params, queryOptions(message.options));
            return { rows, fields, affectedRows };
        }
        case 'exec':
            return (await db.exec(message.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
        case 'listen':
            if (!stops.has(message.channel))
                stops.set(
                    message.channel,
                    await db.listen(message.channel, payload => parentPort.postMessage({ notify: message.channel, payload })),
                );
            return undefined;
        case 'unlisten': {
            const stop = stops.get(message.channel);
            stops.delete(message.channel);
            await stop?.();
            return undefined;
        }
        case 'dump':
            return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
        case 'close':
            // PGlite runs with fsync off: a checkpoint before closing makes the files consistent.
            await db.query('CHECKPOINT').catch(() => undefined);
            await db.close();
            return undefined;
        default:
            throw new Error(`unknown operation ${message.op}`);
    }
};

db.waitReady.then(
    () => parentPort.postMessage({ ready: true }),
    error => parentPort.postMessage({ ready: false, error: plainError(error) }),
);
parentPort.on('message', message => {
    run(message).then(
        result => {
            parentPort.postMessage({ id: message.id, result });
            if (message.op === 'close') parentPort.close();
        },
        error => parentPort.postMessage({ id: message.id, error: plainError(error) }),
    );
});
