// Decompresses one xz firmware payload off the server's main thread (server/firmware/offThread.ts).
// Plain JavaScript so that it loads the same under tsx, vitest and node. The main thread pulls: it sends
// compressed chunks when asked ('need'), and acknowledges each decompressed chunk before the next is sent,
// so at most one chunk is in flight whatever the ratio; it terminates the worker to stop at a cap.
import { parentPort } from 'node:worker_threads';
import xz from 'xz-decompress';

let wantInput;
const inputs = [];
parentPort.on('message', message => {
    if (message.type === 'ack') return acked?.();
    inputs.push(message);
    wantInput?.();
});
let acked;

async function* input() {
    for (;;) {
        if (!inputs.length) {
            parentPort.postMessage({ type: 'need' });
            await new Promise(resolve => (wantInput = resolve));
            wantInput = undefined;
        }
        const message = inputs.shift();
        if (message.type === 'end') return;
        yield Buffer.from(message.chunk);
    }
}

try {
    for await (const chunk of new xz.XzReadableStream(ReadableStream.from(input()))) {
        const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength).slice();
        const ack = new Promise(resolve => (acked = resolve));
        parentPort.postMessage({ type: 'out', chunk: bytes }, [bytes.buffer]);
        await ack;
    }
    parentPort.postMessage({ type: 'end' });
} catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error?.message ?? error) });
}
