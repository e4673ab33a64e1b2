import net from 'node:net';

/**
 * A TCP proxy in front of a server, that a test can cut and restore: a
 * database outage as the platform sees one (refused connections, and the
 * open ones ended), without stopping a server other tests share.
 */
export const tcpProxy = async (target: { host: string; port: number }) => {
    const sockets = new Set<net.Socket>();
    let up = true;
    const server = net.createServer(client => {
        if (!up) return client.destroy();
        const upstream = net.connect(target);
        for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => undefined);
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
            up = false;
            for (const s of sockets) s.destroy();
        },
        restore: () => {
            up = true;
        },
        close: () => {
            for (const s of sockets) s.destroy();
            return new Promise<void>(resolve => server.close(() => resolve()));
        },
    };
};
