/**
 * Web enrollment invitations (docs/performance.md): one CSV of
 * 10,000 people uploaded with POST /web-enrollments/csv over HTTP, its
 * invitations sent in the background through SMTP to a local sink
 * (smtp-server in its own process, counting messages and bytes, keeping
 * none), followed with GET /web-enrollments/batches/{id} until nothing is
 * pending and every message arrived. Then, in the same run, the baseline: as
 * many messages of the same size (invitationMail, same names, addresses and
 * link length) sent one after the other by a bare loop over the same mailer
 * (createMailer, nodemailer, to the same sink), as the server sends them.
 *
 * Printed: the time from the upload to the last message the sink received,
 * messages/s and the ratio server / bare; the process's RSS (the server runs
 * in it) before, at its peak during (sampled every 100 ms from a worker
 * thread) and after; the p50/p99 of GET /version, signed in, sent every 50 ms
 * from that worker while idle, during the upload and during the sending; the
 * longest stall of the server's event loop.
 *
 *   node --expose-gc --import tsx bench/invites.ts [--invites 10000] [--port 8386] [--no-greet-delay]
 * PostgreSQL when BENCH_DATABASE_URL is set, else PGlite. Small sizes make a quick check:
 *   node --expose-gc --import tsx bench/invites.ts --invites 500
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { createMailer } from '../server/mail/mailer';
import { invitationMail } from '../server/resources/enrollments/mails';
import { enrollmentLink, enrollmentToken, newNonce } from '../server/resources/enrollments/tokens';
import { startBenchPlatform } from './platform';
import { numberArg } from './lib';

const sizes = {
    invites: numberArg('invites', 10_000),
    port: numberArg('port', 8386),
    /** seconds of GET /version alone before the upload: the idle latency */
    idle: numberArg('idle', 3),
    /** the sink greets at once instead of after smtp-server's 100 ms (see the sink below) */
    noGreetDelay: process.argv.includes('--no-greet-delay'),
};
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FROM = 'Access Console <no-reply@console.example>';
const ACCOUNT_NAME = 'Invitations Bench Site';
const LINK_DAYS = 3;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// ---- the SMTP sink, in its own process so that neither its CPU nor its memory counts as the server's ----
interface SinkStats {
    messages: number;
    bytes: number;
    /** Date.now() at the end of the first and last message's data */
    first: number;
    last: number;
    errors: number;
}
const sinkScript = `
    // smtp-server waits 100 ms on every connection before its greeting (to catch clients that talk too soon), which
    // a client pays once a connection (the mailer pools five); --no-greet-delay makes that one timer fire at once.
    if (process.env.BENCH_NO_GREET_DELAY) {
        const later = setTimeout;
        global.setTimeout = (fn, ms, ...args) => later(fn, ms === 100 ? 0 : ms, ...args);
    }
    const { SMTPServer } = require(process.env.BENCH_SMTP_SERVER);
    let s = { messages: 0, bytes: 0, first: 0, last: 0, errors: 0 };
    const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        disableReverseLookup: true,
        logger: false,
        onData(stream, session, callback) {
            let size = 0;
            stream.on('data', c => (size += c.length));
            stream.on('end', () => {
                s.messages++;
                s.bytes += size;
                s.last = Date.now();
                if (!s.first) s.first = s.last;
                callback();
            });
        },
    });
    smtp.on('error', () => s.errors++);
    smtp.listen(0, '127.0.0.1', () => process.send({ port: smtp.server.address().port }));
    process.on('disconnect', () => process.exit(0));
    process.on('message', m => {
        if (m === 'reset') s = { messages: 0, bytes: 0, first: 0, last: 0, errors: 0 };
        if (m === 'stop') return smtp.close(() => process.exit(0));
        process.send(s);
    });`;
const sink = spawn(process.execPath, ['-e', sinkScript], {
    env: {
        ...process.env,
        BENCH_SMTP_SERVER: path.join(ROOT, 'node_modules/smtp-server'),
        ...(sizes.noGreetDelay ? { BENCH_NO_GREET_DELAY: '1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const [{ port: smtpPort }] = (await once(sink, 'message')) as [{ port: number }];
/** One question to the sink at a time: 'reset' or 'stats', answered with its counts. */
const askSink = async (what: 'reset' | 'stats') => {
    const answer = once(sink, 'message');
    sink.send(what);
    return ((await answer) as [SinkStats])[0];
};
/** Waits until the sink holds `count` messages, or nothing arrived for `quietMs`. */
const sinkReaches = async (count: number, quietMs = 15_000) => {
    let stats = await askSink('stats');
    let seen = stats.messages;
    let since = Date.now();
    while (stats.messages < count && Date.now() - since < quietMs) {
        await sleep(50);
        stats = await askSink('stats');
        if (stats.messages !== seen) [seen, since] = [stats.messages, Date.now()];
    }
    return stats;
};

// ---- the platform, its mail through the sink ----
const bench = await startBenchPlatform('invites', { port: sizes.port });
const { kind, base, ctx, token } = bench;
log(`${kind}: ${JSON.stringify(sizes)}, SMTP sink on port ${smtpPort}`);
const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, from: FROM, outboxDir: '/nonexistent' });
ctx.mailer = mailer;

const api = async (method: string, url: string, body?: object | FormData) => {
    const res = await fetch(`${base}/api/v2${url}`, {
        method,
        headers: {
            authorization: `Bearer ${token}`,
            ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as Record<string, unknown>;
};

// An account with web enrollment on, a default access group and a consent template, as staff would set it up.
const account = (await api('POST', '/accounts', {
    name: ACCOUNT_NAME,
    ref_number: 'INV-1',
    address: { email: 'site@invites.example' },
    parent_id: bench.mainAccountId,
    options: [{ type: 'bool', name: 'enr/enabled', value: 'true' }],
})) as { id: number };
await api('POST', '/access_groups', { description: 'Everyone', account_id: account.id });
const consent = await PDFDocument.create();
consent.addPage([595, 842]).drawText('I consent to the processing of my face for access control.', { x: 50, y: 780, size: 12 });
const template = new FormData();
template.append('version', '2026-11');
template.append('file', new Blob([new Uint8Array(await consent.save())], { type: 'application/pdf' }), 'consent.pdf');
await api('PUT', `/accounts/${account.id}/consent_template`, template);

const people = Array.from({ length: sizes.invites }, (_, i) => ({
    name: `Invited Person ${i + 1}`,
    email: `person${i + 1}@invitees.example`,
}));
const csv = Buffer.from(`name,email\n${people.map(p => `${p.name},${p.email}`).join('\n')}\n`);

// The mailer's code warm before either side is measured.
for (let i = 0; i < 20; i++) await mailer.send({ to: 'warm@invitees.example', subject: 'warm-up', text: 'warm-up\n' });
await sinkReaches(20);

// ---- what is watched while each side sends ----

/**
 * From a worker thread, so both keep time while the main thread (the server,
 * and on PGlite its database) is busy: the process's RSS every 100 ms, and
 * GET /version, signed in, sent every 50 ms over keep-alive connections.
 */
const watch = async () => {
    const worker = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
        const http = require('node:http');
        const agent = new http.Agent({ keepAlive: true });
        const { hostname, port } = new URL(workerData.base);
        const rss = [];
        const probes = [];
        let inFlight = 0;
        const probe = () => {
            const sentAt = Date.now();
            const t = performance.now();
            inFlight++;
            const done = status => {
                inFlight--;
                probes.push([sentAt, performance.now() - t, status]);
            };
            const req = http.request(
                { host: hostname, port, path: '/api/v2/version', agent, headers: { authorization: 'Bearer ' + workerData.token } },
                res => {
                    res.resume();
                    res.on('end', () => done(res.statusCode));
                },
            );
            req.on('error', () => done(0));
            req.end();
        };
        const timers = [setInterval(() => rss.push([Date.now(), process.memoryUsage().rss]), 100), setInterval(probe, 50)];
        parentPort.postMessage('started');
        parentPort.on('message', async () => {
            timers.forEach(clearInterval);
            rss.push([Date.now(), process.memoryUsage().rss]);
            for (let waited = 0; inFlight && waited < 10000; waited += 50) await new Promise(r => setTimeout(r, 50));
            agent.destroy();
            parentPort.postMessage({ rss, probes });
        });`,
        { eval: true, workerData: { base, token } },
    );
    await once(worker, 'message');
    return async () => {
        worker.postMessage('stop');
        const [seen] = (await once(worker, 'message')) as [{ rss: [number, number][]; probes: [number, number, number][] }];
        await worker.terminate();
        const latency = (from: number, to: number) => {
            const window = seen.probes.filter(([at]) => at >= from && at < to);
            const ms = window.map(([, d]) => d).sort((a, b) => a - b);
            return {
                requests: window.length,
                errors: window.filter(([, , status]) => status !== 200).length,
                p50: round(percentile(ms, 50), 1),
                p99: round(percentile(ms, 99), 1),
                max: round(ms.at(-1) ?? NaN, 1),
            };
        };
        const rssBetween = (from: number, to: number) => seen.rss.filter(([at]) => at >= from && at <= to).map(([, v]) => v);
        /** The highest RSS in each tenth of the window, MB: whether memory grows with the messages or levels off. */
        const tenths = (from: number, to: number) =>
            Array.from({ length: 10 }, (_, k) => {
                const [a, b] = [from + ((to - from) * k) / 10, from + ((to - from) * (k + 1)) / 10];
                return mb(Math.max(0, ...rssBetween(a, b)));
            });
        return { latency, rssBetween, tenths };
    };
};
/** With node --expose-gc: a full GC before and after each side, to tell what stays from what was not yet collected. */
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heap: heapUsed };
};
const memoryFigures = (
    before: ReturnType<typeof memory>,
    during: number[],
    after: ReturnType<typeof memory>,
    afterGc: ReturnType<typeof memory> | undefined,
) => ({
    rssMB: {
        before: mb(before.rss),
        peak: mb(Math.max(before.rss, ...during)),
        after: mb(after.rss),
        ...(afterGc ? { afterGc: mb(afterGc.rss) } : {}),
    },
    heapMB: { before: mb(before.heap), after: mb(after.heap), ...(afterGc ? { afterGc: mb(afterGc.heap) } : {}) },
    rssSamples: during.length,
});

// ---- the server: upload, then the background sending ----
await askSink('reset');
gc?.();
const serverWatch = await watch();
const idleStart = Date.now();
await sleep(sizes.idle * 1000);
const serverBefore = memory();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const form = new FormData();
form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'invitations.csv');
const uploadStart = Date.now();
const uploaded = (await api('POST', `/web-enrollments/csv?account_id=${account.id}`, form)) as { id: number; total: number };
const accepted = Date.now();
log(`upload accepted (202) in ${round((accepted - uploadStart) / 1000)} s: ${JSON.stringify(uploaded)}`);
// Followed as the console does: GET the batch every second until nothing is pending.
let batch: { total: number; sent: number; failed: number; pending: number };
for (;;) {
    batch = (await api('GET', `/web-enrollments/batches/${uploaded.id}`)) as typeof batch;
    if (batch.pending === 0) break;
    await sleep(1000);
}
// Pending counts what is not yet claimed: the last slice may still be on its way when it reaches 0.
const received = await sinkReaches(sizes.invites);
const lastMessage = received.last || Date.now();
loopDelay.disable();
const serverAfter = memory();
gc?.();
const serverAfterGc = gc && memory();
const serverSeen = await serverWatch();
const serverSeconds = (lastMessage - uploadStart) / 1000;
const sendingSeconds = (lastMessage - accepted) / 1000;
const server = {
    batch,
    sink: {
        messages: received.messages,
        bytes: received.bytes,
        bytesPerMessage: round(received.bytes / received.messages, 0),
        errors: received.errors,
    },
    lost: sizes.invites - received.messages,
    seconds: {
        upload: round((accepted - uploadStart) / 1000),
        sending: round(sendingSeconds),
        uploadToLastMessage: round(serverSeconds),
    },
    messagesPerSecond: round(received.messages / serverSeconds, 1),
    sendingMessagesPerSecond: round(received.messages / sendingSeconds, 1),
    ...memoryFigures(serverBefore, serverSeen.rssBetween(uploadStart, lastMessage), serverAfter, serverAfterGc),
    rssPeakByThe202MB: mb(Math.max(serverBefore.rss, ...serverSeen.rssBetween(uploadStart, accepted))),
    rssPeakByTenthOfTheSendingMB: serverSeen.tenths(accepted, lastMessage),
    versionLatencyMs: {
        idle: serverSeen.latency(idleStart, uploadStart),
        upload: serverSeen.latency(uploadStart, accepted),
        sending: serverSeen.latency(accepted, lastMessage),
    },
    eventLoopDelayMs: { p99: round(loopDelay.percentile(99) / 1e6, 1), max: round(loopDelay.max / 1e6, 1) },
};
log(`server ${JSON.stringify(server)}`);

// ---- the baseline: a bare loop over the same mailer, one message after the other, watched the same way ----
await askSink('reset');
gc?.();
const bareWatch = await watch();
const bareBefore = memory();
const expiresAt = new Date(Date.now() + LINK_DAYS * 86_400_000);
const bareStart = Date.now();
for (const [i, person] of people.entries()) {
    // The same link as the server's: its public URL, and a token of an id of the same length with a fresh nonce.
    const link = enrollmentLink(ctx.config.publicUrl, enrollmentToken(ctx.signer, i + 1, newNonce()));
    await mailer.send(invitationMail({ to: person.email, name: person.name, accountName: ACCOUNT_NAME, link, expiresAt, locale: 'en' }));
}
const bareReceived = await sinkReaches(sizes.invites);
const bareLast = bareReceived.last || Date.now();
const bareAfter = memory();
gc?.();
const bareAfterGc = gc && memory();
const bareSeen = await bareWatch();
const bareSeconds = (bareLast - bareStart) / 1000;
const bare = {
    sink: {
        messages: bareReceived.messages,
        bytes: bareReceived.bytes,
        bytesPerMessage: round(bareReceived.bytes / bareReceived.messages, 0),
        errors: bareReceived.errors,
    },
    lost: sizes.invites - bareReceived.messages,
    seconds: round(bareSeconds),
    messagesPerSecond: round(bareReceived.messages / bareSeconds, 1),
    ...memoryFigures(bareBefore, bareSeen.rssBetween(bareStart, bareLast), bareAfter, bareAfterGc),
    rssPeakByTenthMB: bareSeen.tenths(bareStart, bareLast),
    versionLatencyMs: bareSeen.latency(bareStart, bareLast),
};
log(`bare ${JSON.stringify(bare)}`);

const ratio = round(server.messagesPerSecond / bare.messagesPerSecond, 3);
const sendingRatio = round(server.sendingMessagesPerSecond / bare.messagesPerSecond, 3);
console.log('\n=== result ===');
console.log(JSON.stringify({ database: kind, sizes, csvBytes: csv.length, server, bare, ratio, sendingRatio }, null, 2));
console.log('');
const v = server.versionLatencyMs;
const memoryLine = (m: ReturnType<typeof memoryFigures>) =>
    `RSS before / peak / after ${m.rssMB.before} / ${m.rssMB.peak} / ${m.rssMB.after} MB (peak - before ${round(m.rssMB.peak - m.rssMB.before, 1)} MB, ${m.rssSamples} samples), heap used ${m.heapMB.before} -> ${m.heapMB.after} MB` +
    (m.rssMB.afterGc !== undefined ? `; after a full GC: RSS ${m.rssMB.afterGc} MB, heap used ${m.heapMB.afterGc} MB` : '');
console.log(
    `POST /web-enrollments/csv, ${sizes.invites} people (${csv.length} bytes): 202 after ${server.seconds.upload} s, last message ${server.seconds.uploadToLastMessage} s after the upload; ${server.sink.messages} received, ${server.lost} lost, ${batch.failed} failed`,
);
console.log(
    `messages/s: server ${server.messagesPerSecond} (upload to last message; sending alone ${server.sendingMessagesPerSecond}), bare nodemailer loop ${bare.messagesPerSecond}: ratio server / bare ${ratio} (sending alone ${sendingRatio})`,
);
console.log(`bytes per message: server ${server.sink.bytesPerMessage}, bare ${bare.sink.bytesPerMessage}`);
console.log(`server: ${memoryLine(server)}; peak by the 202 ${server.rssPeakByThe202MB} MB`);
console.log(`server RSS peak by tenth of the sending, MB: ${server.rssPeakByTenthOfTheSendingMB.join(' ')}`);
console.log(`bare loop: ${memoryLine(bare)}`);
console.log(`bare RSS peak by tenth, MB: ${bare.rssPeakByTenthMB.join(' ')}`);
if (!gc) console.log('(node --expose-gc adds the figures after a full GC)');
console.log(
    `GET /version every 50 ms, p50 / p99 / max ms: idle ${v.idle.p50} / ${v.idle.p99} / ${v.idle.max} (${v.idle.requests}), during the upload ${v.upload.p50} / ${v.upload.p99} / ${v.upload.max} (${v.upload.requests}), during the sending ${v.sending.p50} / ${v.sending.p99} / ${v.sending.max} (${v.sending.requests}); errors ${v.idle.errors + v.upload.errors + v.sending.errors}`,
);
console.log(`server event loop delay p99 / max: ${server.eventLoopDelayMs.p99} / ${server.eventLoopDelayMs.max} ms`);

sink.send('stop');
await once(sink, 'exit');
await bench.close();
process.exit(0);
