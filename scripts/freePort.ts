import net from 'node:net';

/** A port free just now on the loopback, for a server a test or a script starts: fixed ports collided with other servers on the machine. */
export const freePort = () =>
    new Promise<number>((resolve, reject) => {
        const probe = net.createServer();
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
        });
    });
