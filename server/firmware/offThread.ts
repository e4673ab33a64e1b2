import { Worker } from 'node:worker_threads';
import { xzFailure } from './xz';

type Message =
    | { type: 'need' }
    | { type: 'out'; chunk: Uint8Array }
    | { type: 'end' }
    | { type: 'error'; message: string }
    /** the compressed source itself failed (a truncated tar...): its error goes on as it was */
    | { type: 'source'; error: unknown };

/**
 * The decompressed bytes of an xz payload, decompressed in a worker
 * thread: a few kilobytes can unpack to gigabytes, and on the main thread
 * that work held every other request (heartbeats, sign-ins, live feeds)
 * until it ended. Leaving the loop early (a cap, a refusal) ends the worker.
 */
export async function* decompressOffThread(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const worker = new Worker(new URL('./decompressWorker.mjs', import.meta.url));
    const input = source[Symbol.asyncIterator]();
    const received: Message[] = [];
    let wake: (() => void) | undefined;
    const push = (message: Message) => {
        received.push(message);
        wake?.();
    };
    worker.on('message', (message: Message) => {
        if (message.type !== 'need') return push(message);
        input.next().then(
            next => worker.postMessage(next.done ? { type: 'end' } : { type: 'data', chunk: next.value }),
            error => push({ type: 'source', error }),
        );
    });
    worker.on('error', error => push({ type: 'error', message: error.message }));
    worker.on('exit', () => push({ type: 'error', message: 'The decompressing worker stopped.' }));
    try {
        for (;;) {
            if (!received.length) await new Promise<void>(resolve => (wake = resolve));
            wake = undefined;
            const message = received.shift()!;
            if (message.type === 'end') return;
            if (message.type === 'source') throw message.error;
            if (message.type === 'error') {
                throw xzFailure(message.message);
            }
            if (message.type === 'out') {
                yield Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength);
                worker.postMessage({ type: 'ack' });
            }
        }
    } finally {
        await worker.terminate();
        await input.return?.();
    }
}
