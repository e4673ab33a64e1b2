import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
    deliveryId: string;
    signature: string;
    body: string;
    /** what the receiver answered */
    answer: Answer;
}
/** A status to answer with, or 'hang': read the request and never answer. */
export type Answer = number | 'hang';

/**
 * The check a receiver makes (docs/webhooks.md): the HMAC-SHA256 of "<t>.<raw body>" with the shared secret, compared
 * in constant time. The time is not held against the platform's clock here (tests move it); webhooks/signature.test.ts does.
 */
export const signatureValid = (secret: string, body: string, header: string) => {
    const fields = new Map(header.split(',').map(part => part.trim().split('=') as [string, string]));
    const t = fields.get('t') ?? '';
    if (!/^\d+$/.test(t)) return false;
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    const got = Buffer.from(fields.get('v1') ?? '', 'hex');
    return expected.length === got.length && timingSafeEqual(expected, got);
};

/**
 * A webhook receiver on a free loopback port: it answers each request with
 * the next answer of its script (then `otherwise`) and keeps what it got.
 */
export const startReceiver = async (options: { delayMs?: number } = {}) => {
    const received: Received[] = [];
    const script: Answer[] = [];
    let otherwise: Answer = 200;
    const hanging = new Set<http.ServerResponse>();
    const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
            const answer = script.shift() ?? otherwise;
            received.push({
                deliveryId: String(request.headers['x-delivery-id']),
                signature: String(request.headers['x-signature-256']),
                body: Buffer.concat(chunks).toString('utf8'),
                answer,
            });
            if (answer === 'hang') return void hanging.add(response);
            setTimeout(() => response.writeHead(answer, { 'content-type': 'text/plain' }).end('thanks'), options.delayMs ?? 0);
        });
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}/hook`,
        port,
        received,
        /** the next requests get these answers, in order */
        answer: (...answers: Answer[]) => void script.push(...answers),
        /** every request after the script */
        otherwise: (answer: Answer) => void (otherwise = answer),
        close: async () => {
            for (const r of hanging) r.destroy();
            server.closeAllConnections();
            await new Promise(resolve => server.close(resolve));
        },
    };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
