import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareArtifacts } from '../../../server/db/schema';
import { startPlatform, type TestPlatform } from '../harness';
import { tempDir } from './artifacts';
import { storedFiles } from './helpers';

/**
 * A decompression bomb: a firmware file of a few dozen kilobytes whose xz
 * payload unpacks to 512 MiB of zeros. Unpacked on the main thread it held
 * every other request for seconds (a 5 MB one for minutes); now it is
 * refused at the unpack cap while the server keeps answering.
 */
let p: TestPlatform;
let bomb: Buffer;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const xz = (input: Buffer) => execFileSync('xz', ['-0', '-T1', '-C', 'crc32'], { input, maxBuffer: 1 << 26 });

/** A Mender v3 artifact (xz) whose payload is a tar holding 512 MiB of zeros; its checksums are never reached. */
const bombArtifact = () => {
    const dir = tempDir();
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    const headerDir = path.join(dir, 'header');
    fs.mkdirSync(path.join(headerDir, 'headers/0000'), { recursive: true });
    fs.writeFileSync(
        path.join(headerDir, 'header-info'),
        json({
            payloads: [{ type: 'rootfs-image' }],
            artifact_provides: { artifact_name: 'bomb-1' },
            artifact_depends: { device_type: ['rock-gen2'] },
        }),
    );
    fs.writeFileSync(
        path.join(headerDir, 'headers/0000/type-info'),
        json({ type: 'rootfs-image', artifact_provides: { 'rootfs-image.version': 'bomb-1' } }),
    );
    fs.writeFileSync(path.join(headerDir, 'headers/0000/meta-data'), '');
    const header = xz(
        execFileSync('tar', [
            '-C',
            headerDir,
            '--format=ustar',
            '-cf',
            '-',
            'header-info',
            'headers/0000/type-info',
            'headers/0000/meta-data',
        ]),
    );
    // A sparse file: tar reads 512 MiB of zeros without them being written to disk.
    const imageDir = path.join(dir, 'image');
    fs.mkdirSync(imageDir);
    fs.writeFileSync(path.join(imageDir, 'rootfs.ext4'), '');
    fs.truncateSync(path.join(imageDir, 'rootfs.ext4'), 512 * 1024 * 1024);
    const data = execFileSync('bash', ['-c', `tar -C ${imageDir} --format=ustar -cf - rootfs.ext4 | xz -0 -T1 -C crc32`], {
        maxBuffer: 1 << 26,
    });
    const version = json({ format: 'mender', version: 3 });
    const outer = path.join(dir, 'outer');
    fs.mkdirSync(path.join(outer, 'data'), { recursive: true });
    fs.writeFileSync(path.join(outer, 'version'), version);
    fs.writeFileSync(path.join(outer, 'header.tar.xz'), header);
    fs.writeFileSync(path.join(outer, 'data/0000.tar.xz'), data);
    fs.writeFileSync(
        path.join(outer, 'manifest'),
        `${'0'.repeat(64)}  data/0000/rootfs.ext4\n${sha256(header)}  header.tar.xz\n${sha256(version)}  version\n`,
    );
    return execFileSync('tar', ['-C', outer, '--format=ustar', '-cf', '-', 'version', 'manifest', 'header.tar.xz', 'data/0000.tar.xz'], {
        maxBuffer: 1 << 26,
    });
};

beforeAll(async () => {
    p = await startPlatform();
    bomb = bombArtifact();
}, 120_000);
afterAll(() => p?.close());

describe('a decompression bomb', () => {
    it('is refused at the unpack cap, nothing kept, while a trivial request still answers within 200 ms', async () => {
        expect(bomb.length).toBeLessThan(200 * 1024);
        const base = await p.listen();
        const moderator = await p.login(p.demo.customers[0].users.moderator.email);
        const form = new FormData();
        form.append('account_id', String(p.demo.customers[0].id));
        form.append('artifact', new Blob([new Uint8Array(bomb)]), 'bomb.mender');
        let uploading = true;
        const upload = fetch(`${base}/api/v2/artifacts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${moderator}` },
            body: form,
        }).finally(() => (uploading = false));
        const latencies: number[] = [];
        while (uploading) {
            const started = performance.now();
            const res = await fetch(`${base}/api/v2/login_provider`);
            expect(res.status).toBe(200);
            latencies.push(performance.now() - started);
            await new Promise(resolve => setTimeout(resolve, 10));
        }
        const refused = await upload;
        expect(refused.status).toBe(413);
        expect((await refused.json()).error).toBe(
            "The artifact's payload 0000 unpacks to more than 100 times its compressed size, which a firmware image does not: it is refused.",
        );
        expect(latencies.length).toBeGreaterThan(0);
        expect(Math.max(...latencies)).toBeLessThan(200);
        expect(storedFiles(p).filter(f => f.startsWith('artifacts/'))).toEqual([]);
        expect(await p.ctx.db.select().from(firmwareArtifacts)).toHaveLength(0);
    }, 60_000);
});
