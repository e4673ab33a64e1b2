import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from './harness';

// Held connections (slowloris: headers sent a byte at a time, or idle sockets by the thousand) cannot
// exhaust the server: headers must arrive in time, and connections past the cap are refused.
let p: TestPlatform;
let port: number;
beforeAll(async () => {
    p = await startPlatform({ headersTimeoutSeconds: 1, maxConnections: 3 });
    port = Number(new URL(await p.listen()).port);
});
afterAll(() => p?.close());

const open = () =>
    new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', reject);
    });
/** resolves with what the server sent when it closes the socket, or 'open' after `ms` */
const closedWithin = (socket: net.Socket, ms: number) =>
    new Promise<string>(resolve => {
        let received = '';
        socket.on('data', d => (received += d.toString()));
        socket.on('close', () => resolve(received || 'closed'));
        setTimeout(() => resolve('open'), ms);
    });

describe('held connections', () => {
    it('cuts a client that trickles its headers past the timeout', async () => {
        const slow = await open();
        slow.write('GET /api/v2/login_provider HTTP/1.1\r\nHost: x\r\n');
        const drip = setInterval(() => slow.writable && slow.write('X-Drip: 1\r\n'), 300);
        const outcome = await closedWithin(slow, 4000);
        clearInterval(drip);
        expect(outcome).toMatch(/^(HTTP\/1\.1 408|closed)/);
    });

    it('refuses connections past the cap and serves again once they close', async () => {
        const held = await Promise.all([open(), open(), open()]);
        const extra = await open();
        expect(await closedWithin(extra, 1500)).toBe('closed');
        for (const s of held) s.destroy();
        await new Promise(r => setTimeout(r, 100));
        const res = await fetch(`http://127.0.0.1:${port}/api/v2/login_provider`);
        expect(res.status).toBe(200);
    });
});
