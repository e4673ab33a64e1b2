/**
 * The readers' side of bench/events.ts's ingestion, in a thread of its own:
 * it sends requests the benchmark encoded beforehand (JSON or multipart
 * bodies), `concurrency` at a time over keep-alive connections, and says how
 * long they took. On the server's thread the client's own work (encoding
 * forms, parsing replies) was counted as the API's (docs/performance.md).
 */
import { Worker } from 'node:worker_threads';

export interface IngestRequest {
    headers: Record<string, string>;
    body: Uint8Array;
    /** events the reply must accept */
    events: number;
}

/** A client thread; `post` resolves with the ms the requests took, all accepted. */
export const ingestClient = () => {
    const worker = new Worker(new URL('./ingestClient.worker.mjs', import.meta.url));
    return {
        post: (url: string, requests: IngestRequest[], concurrency: number) =>
            new Promise<number>((resolve, reject) => {
                worker.once('message', (reply: { ms?: number; error?: string }) =>
                    reply.error ? reject(new Error(reply.error)) : resolve(reply.ms!),
                );
                worker.postMessage({ url, requests, concurrency });
            }),
        close: () => worker.terminate(),
    };
};

/** A multipart/form-data body as a reader builds it: the `events` part, then one file part per image. */
export const multipartBody = (eventsJson: string, images: Buffer[]) => {
    const boundary = `----bench${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="events"\r\n\r\n${eventsJson}\r\n`)];
    images.forEach((image, i) => {
        parts.push(
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="i${i}"; filename="i${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
            ),
            image,
            Buffer.from('\r\n'),
        );
    });
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
};
