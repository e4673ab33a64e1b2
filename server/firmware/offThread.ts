import { Worker } from 'node:worker_threads';
import { xzFailure } from './xz';

type Message =
    | { type: 'need'; stream: number }
    | { type: 'out'; stream: number; chunk: Uint8Array }
    | { type: 'end'; stream: number }
    | { type: 'error'; stream: number; message: string };

/** Workers that finished a stream wait here for the next one: starting one (and its WebAssembly) costs tens of ms. */
const idle: Worker[] = [];
const MAX_IDLE = 2;
let streams = 0;

const acquire = () => {
    const worker = idle.pop() ?? new Worker(new URL('./decompressWorker.mjs', import.meta.url));
    worker.removeAllListeners('exit');
    worker.ref();
    return worker;
};
const release = (worker: Worker) => {
    worker.removeAllListeners('message');
    worker.removeAllListeners('error');
    worker.removeAllListeners('exit');
    if (idle.length >= MAX_IDLE) return void worker.terminate();
    // An idle worker keeps no process alive; one that dies while idle is dropped.
    worker.unref();
    worker.once('exit', () => {
        const at = idle.indexOf(worker);
        if (at >= 0) idle.splice(at, 1);
    });
    idle.push(worker);
};

/**
 * The decompressed bytes of an xz payload, decompressed in a worker thread:
 * a few kilobytes can unpack to gigabytes, and on the main thread that work
 * held every other request (heartbeats, sign-ins, live feeds) until it
 * ended. Leaving the loop early (a cap, a refusal) ends the worker.
 */
export async function* decompressOffThread(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const worker = acquire();
    const stream = ++streams;
    const input = source[Symbol.asyncIterator]();
    const received: (Message | { type: 'source'; error: unknown } | { type: 'gone'; message: string })[] = [];
    let wake: (() => void) | undefined;
    const push = (message: (typeof received)[number]) => {
        received.push(message);
        wake?.();
    };
    worker.on('message', (message: Message) => {
        if (message.stream !== stream) return;
        if (message.type !== 'need') return push(message);
        input.next().then(
            next => worker.postMessage(next.done ? { type: 'end', stream } : { type: 'data', stream, chunk: next.value }),
            error => push({ type: 'source', error }),
        );
    });
    worker.on('error', error => push({ type: 'gone', message: error.message }));
    worker.on('exit', () => push({ type: 'gone', message: 'The decompressing worker stopped.' }));
    worker.postMessage({ type: 'start', stream });
    // Reused only when its stream ended on its own (done, or the decoder refused the data).
    let reusable = false;
    try {
        for (;;) {
            if (!received.length) await new Promise<void>(resolve => (wake = resolve));
            wake = undefined;
            const message = received.shift()!;
            if (message.type === 'end') {
                reusable = true;
                return;
            }
            // What went wrong before the decoder (a truncated tar...) goes on as it was, for errors.ts to word.
            if (message.type === 'source') throw message.error;
            if (message.type === 'gone') throw new Error(message.message);
            if (message.type === 'error') {
                reusable = true;
                throw xzFailure(message.message);
            }
            if (message.type !== 'out') continue;
            yield Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
            worker.postMessage({ type: 'ack', stream });
        }
    } finally {
        if (reusable) release(worker);
        else await worker.terminate();
        await input.return?.();
    }
}
