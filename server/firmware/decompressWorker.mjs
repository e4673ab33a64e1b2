// Decompresses xz firmware payloads off the server's main thread (server/firmware/offThread.ts), one stream
// at a time and then the next (a worker that finished a stream is kept for reuse). Plain JavaScript so that it
// loads the same under tsx, vitest and node. The main thread pulls: it sends compressed chunks when asked
// ('need'), and acknowledges each decompressed chunk before the next is sent, so at most one chunk is in flight
// whatever the ratio; it terminates the worker to stop at a cap. Every message carries its stream's id: a late
// one of an earlier stream is ignored.
import { parentPort } from 'node:worker_threads';
import xz from 'xz-decompress';

/** the stream under way: its id, its compressed chunks not yet read, and who waits for them or for an ack */
let current;
let started;

parentPort.on('message', message => {
    if (message.type === 'start') {
        current = { id: message.stream, inputs: [], wake: undefined, acked: undefined };
        return started?.();
    }
    if (!current || message.stream !== current.id) return;
    if (message.type === 'ack') return current.acked?.();
    current.inputs.push(message);
    current.wake?.();
});

async function* input(stream) {
    for (;;) {
        if (!stream.inputs.length) {
            parentPort.postMessage({ type: 'need', stream: stream.id });
            await new Promise(resolve => (stream.wake = resolve));
            stream.wake = undefined;
            continue;
        }
        const message = stream.inputs.shift();
        if (message.type === 'end') return;
        yield Buffer.from(message.chunk);
    }
}

for (;;) {
    if (!current) await new Promise(resolve => (started = resolve));
    const stream = current;
    try {
        for await (const chunk of new xz.XzReadableStream(ReadableStream.from(input(stream)))) {
            const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength).slice();
            const ack = new Promise(resolve => (stream.acked = resolve));
            parentPort.postMessage({ type: 'out', stream: stream.id, chunk: bytes }, [bytes.buffer]);
            await ack;
        }
        parentPort.postMessage({ type: 'end', stream: stream.id });
    } catch (error) {
        parentPort.postMessage({ type: 'error', stream: stream.id, message: String(error?.message ?? error) });
    }
    if (current === stream) current = undefined;
}
