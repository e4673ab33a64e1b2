/**
 * The readers' side of bench/events.ts's ingestion, in a thread of its own:
 * it sends requests the benchmark encoded beforehand (JSON or multipart
 * bodies), `concurrency` at a time over keep-alive connections, and says how
 * long they took. On the server's thread the client's own work (encoding
 * forms, parsing replies) was counted as the API's (docs/performance.md).
 */
import { Worker } from 'node:worker_threads';
import type { BenchEvent } from './events-data';

export interface IngestRequest {
    headers: Record<string, string>;
    body: Uint8Array;
    /** events the reply must accept */
    events: number;
}

/** What `postDetailed` answers: the whole run's ms, each request's ms, and every event the replies accepted. */
export interface IngestDetail {
    ms: number;
    latencies: number[];
    accepted: { id: number; device_event_id: string }[];
}

/**
 * A client thread; `post` resolves with the ms the requests took, all accepted, and `postDetailed` also with each
 * request's time and the accepted events (to read them back). Each request's body must have a buffer of its own.
 */
export const ingestClient = () => {
    const worker = new Worker(new URL('./ingestClient.worker.mjs', import.meta.url));
    const send = <T>(url: string, requests: IngestRequest[], concurrency: number, detail: boolean) =>
        new Promise<T>((resolve, reject) => {
            worker.once('message', (reply: T & { error?: string }) => (reply.error ? reject(new Error(reply.error)) : resolve(reply)));
            // The bodies are moved to the thread, not copied: a run's images are hundreds of megabytes. They are unusable here after.
            worker.postMessage(
                { url, requests, concurrency, detail },
                requests.map(r => r.body.buffer as ArrayBuffer),
            );
        });
    return {
        post: (url: string, requests: IngestRequest[], concurrency: number) =>
            send<{ ms: number }>(url, requests, concurrency, false).then(reply => reply.ms),
        postDetailed: (url: string, requests: IngestRequest[], concurrency: number) => send<IngestDetail>(url, requests, concurrency, true),
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

/** A chunk's events as readers send them: by reader, at most 100 a request. */
export const readerBatches = (chunk: BenchEvent[]) => {
    const byReader = new Map<number, BenchEvent[]>();
    for (const e of chunk) byReader.set(e.reader.id, [...(byReader.get(e.reader.id) ?? []), e]);
    return [...byReader.values()].flatMap(list =>
        Array.from({ length: Math.ceil(list.length / 100) }, (_, k) => list.slice(k * 100, (k + 1) * 100)),
    );
};
/** A reader's request for a batch, encoded before the clock starts: JSON, or multipart with one image per event. */
export const ingestRequest = (b: BenchEvent[], images?: Buffer[], extra: Record<string, string> = {}): IngestRequest => {
    const headers: Record<string, string> = { authorization: b[0]!.reader.authorization, ...extra };
    if (!images) {
        headers['content-type'] = 'application/json';
        return { headers, body: new Uint8Array(Buffer.from(JSON.stringify({ events: b.map(e => e.input) }))), events: b.length };
    }
    const form = multipartBody(
        JSON.stringify(b.map((e, i) => ({ ...e.input, image: `i${i}` }))),
        b.map((_, i) => images[i % images.length]!),
    );
    headers['content-type'] = form.contentType;
    return { headers, body: form.body, events: b.length };
};
