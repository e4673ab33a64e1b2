import net from 'node:net';

/**
 * A TCP proxy in front of a server, that a test can cut and restore: a
 * database outage as the platform sees one (refused connections, and the
 * open ones ended), without stopping a server other tests share.
 */
export const tcpProxy = async (target: { host: string; port: number }) => {
    const sockets = new Set<net.Socket>();
    let state: 'up' | 'down' | 'flapping' = 'up';
    const server = net.createServer(client => {
        if (state === 'down') return client.destroy();
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => undefined);
        }
        if (state === 'flapping') {
            // The server's first answer is passed on, then the connection dies mid-handshake.
            client.pipe(upstream);
            upstream.once('data', chunk => client.write(chunk, () => client.destroy()));
            return;
        }
        client.pipe(upstream).pipe(client);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    return {
        port,
        /** the same URL, through the proxy */
        route: (url: string) => {
            const u = new URL(url);
            u.hostname = '127.0.0.1';
            u.port = String(port);
            return u.toString();
        },
        cut: () => {
            state = 'down';
            for (const s of sockets) s.destroy();
        },
        /** open connections end, new ones are accepted and dropped while they are being opened */
        flap: () => {
            state = 'flapping';
            for (const s of sockets) s.destroy();
        },
        restore: () => {
            state = 'up';
        },
        close: () => {
            for (const s of sockets) s.destroy();
            return new Promise<void>(resolve => server.close(() => resolve()));
        },
    };
};
