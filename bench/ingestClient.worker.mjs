// The thread of bench/ingestClient.ts (plain JavaScript: a worker does not
// get tsx's loader). It sends the requests it is given, `concurrency` at a
// time over keep-alive connections, and answers how long they took; with
// `detail`, also each request's time and the events its reply accepted.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const send = (agent, url, request) =>
    new Promise((resolve, reject) => {
        const started = performance.now();
        const req = http.request(
            url,
            { method: 'POST', agent, headers: { ...request.headers, 'content-length': String(request.body.length) } },
            res => {
                const chunks = [];
                res.on('data', chunk => chunks.push(chunk));
                res.on('end', () => {
                    const text = Buffer.concat(chunks).toString();
                    const accepted = res.statusCode === 200 ? JSON.parse(text).accepted : undefined;
                    if (accepted?.length === request.events) resolve({ ms: performance.now() - started, accepted });
                    else reject(new Error(`ingestion: ${res.statusCode} ${text.slice(0, 300)}`));
                });
                res.on('error', reject);
            },
        );
        req.on('error', reject);
        req.end(request.body);
    });

const run = async ({ url, requests, concurrency, detail }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const target = new URL(url);
    let next = 0;
    const latencies = [];
    const accepted = [];
    const started = performance.now();
    await Promise.all(
        Array.from({ length: concurrency }, async () => {
            while (next < requests.length) {
                const reply = await send(agent, target, requests[next++]);
                if (!detail) continue;
                latencies.push(reply.ms);
                for (const a of reply.accepted) accepted.push({ id: a.id, device_event_id: a.device_event_id });
            }
        }),
    );
    const ms = performance.now() - started;
    agent.destroy();
    return detail ? { ms, latencies, accepted } : { ms };
};

parentPort.on('message', job =>
    run(job).then(
        reply => parentPort.postMessage(reply),
        error => parentPort.postMessage({ error: error.message }),
    ),
);
