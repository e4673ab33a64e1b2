// The thread of bench/ingestClient.ts (plain JavaScript: a worker does not
// get tsx's loader). It sends the requests it is given, `concurrency` at a
// time over keep-alive connections, and answers how long they took.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const send = (agent, url, request) =>
    new Promise((resolve, reject) => {
        const req = http.request(
            url,
            { method: 'POST', agent, headers: { ...request.headers, 'content-length': String(request.body.length) } },
            res => {
                const chunks = [];
                res.on('data', chunk => chunks.push(chunk));
                res.on('end', () => {
                    const text = Buffer.concat(chunks).toString();
                    const accepted = res.statusCode === 200 ? JSON.parse(text).accepted?.length : undefined;
                    if (accepted === request.events) resolve();
                    else reject(new Error(`ingestion: ${res.statusCode} ${text.slice(0, 300)}`));
                });
                res.on('error', reject);
            },
        );
        req.on('error', reject);
        req.end(request.body);
    });

const run = async ({ url, requests, concurrency }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const target = new URL(url);
    let next = 0;
    const started = performance.now();
    await Promise.all(
        Array.from({ length: concurrency }, async () => {
            while (next < requests.length) await send(agent, target, requests[next++]);
        }),
    );
    const ms = performance.now() - started;
    agent.destroy();
    return ms;
};

parentPort.on('message', job =>
    run(job).then(
        ms => parentPort.postMessage({ ms }),
        error => parentPort.postMessage({ error: error.message }),
    ),
);
