import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DISK_LOW_MESSAGE } from '../../../server/storage/diskSpace';
import { httpAdmin, ROOT, startServer, type ServerProcess } from '../events/processes';
import { rootfsArtifact, tempDir } from '../firmware/artifacts';

/**
 * The real server on a small volume of its own (tmpfs, mounted by the test:
 * it runs as root, as .ci/run does) that fills up. The reserve is 10% of
 * 256 MiB: writes stop below 25.6 MiB free.
 */
const MiB = 1024 * 1024;
const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'ac-tmpfs-'));
try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', volume], { stdio: 'pipe' });
} catch (error) {
    throw new Error(`This test mounts a tmpfs volume and must run as root (as .ci/run does): ${String(error)}`);
}
const port = 19000 + (process.pid % 1000);
let server: ServerProcess | undefined;
afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    execFileSync('umount', ['-l', volume]);
});

const free = () => {
    const s = fs.statfsSync(volume);
    return s.bavail * s.bsize;
};
const reserve = 25.6 * MiB;
const filler = path.join(volume, 'filler');
/** Grows or shrinks a file of the test's own until the volume has about `room` bytes free, and waits out the server's one-second reading of it. */
const leaveFree = async (room: number) => {
    const size = fs.existsSync(filler) ? fs.statSync(filler).size : 0;
    const target = Math.max(0, size + free() - room);
    if (target < size) fs.truncateSync(filler, target);
    else fs.appendFileSync(filler, Buffer.alloc(target - size, 1));
    await new Promise(resolve => setTimeout(resolve, 1100));
};

describe('a volume that fills up', () => {
    it('refuses writes with 507 before it is full, keeps answering reads, and takes writes again once space is freed', async () => {
        server = startServer(port, { DATA_DIR: volume, DISK_RESERVE_PERCENT: '10' });
        await server.ready;
        const admin = await httpAdmin(server.url);
        const signIn = () =>
            fetch(`${server!.url}/api/v2/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ username: ROOT.email, password: ROOT.password }),
            });
        const addGroup = (description: string) => admin.call('POST', '/access_groups', { description });
        const artifactFile = rootfsArtifact(tempDir(), {
            name: 'big-release',
            deviceTypes: ['rock-gen3'],
            payloadBytes: 24 * MiB,
            compression: 'none',
        });
        const uploadArtifact = () => {
            const form = new FormData();
            form.append('artifact', new Blob([fs.readFileSync(artifactFile)]), 'big-release.mender');
            return fetch(`${server!.url}/api/v2/artifacts`, {
                method: 'POST',
                headers: { authorization: `Bearer ${admin.token}` },
                body: form,
            });
        };
        const partFiles = () =>
            (fs.readdirSync(path.join(volume, 'files'), { recursive: true }) as string[]).filter(f => f.endsWith('.part'));

        // Room for a small write, not for the 24 MiB artifact: the upload stops at the reserve and leaves nothing.
        await leaveFree(reserve + 10 * MiB);
        const refused = await uploadArtifact();
        expect(refused.status).toBe(507);
        expect(await refused.json()).toMatchObject({ error: DISK_LOW_MESSAGE });
        expect(partFiles()).toEqual([]);
        expect((await admin.call('GET', '/artifacts')).body.count).toBe(0);
        // The server read the volume while the upload filled it: its next reading, a second on, sees the room again.
        await new Promise(resolve => setTimeout(resolve, 1100));
        expect((await addGroup('Day shift')).status).toBe(201);

        // Below the reserve: writes refused, reads answered, signing in still works.
        await leaveFree(reserve - 4 * MiB);
        const full = await addGroup('Night shift');
        expect(full).toMatchObject({ status: 507, body: { error: DISK_LOW_MESSAGE } });
        expect((await admin.call('GET', '/access_groups')).body.result.map((g: { description: string }) => g.description)).toEqual([
            'Day shift',
        ]);
        expect((await admin.call('GET', '/system/disk')).body).toMatchObject({ low: true, images_paused: true });
        expect((await signIn()).status).toBe(200);

        // Near the last bytes: nothing that writes, not even signing in, but reads still answer.
        await leaveFree(4 * MiB);
        expect((await signIn()).status).toBe(507);
        expect((await admin.call('GET', '/access_groups')).status).toBe(200);

        // Space freed: writes work again, the upload included.
        await leaveFree(free() + fs.statSync(filler).size);
        expect((await addGroup('Night shift')).status).toBe(201);
        expect((await uploadArtifact()).status).toBe(201);
        expect((await admin.call('GET', '/system/disk')).body).toMatchObject({ low: false, images_paused: false });

        // And it still stops cleanly.
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
    }, 120_000);
});
