import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArtifact } from '../../../server/firmware/mender';
import { writeRootfsArtifact } from '../../../server/demo/mender-writer';
import { MENDER, tempDir } from './artifacts';

/** The demo's firmware files, written without mender-artifact, are real Mender artifacts. */
describe('the demo firmware writer', () => {
    it("writes an artifact our parser and Debian's mender-artifact both read, with its name and device types", async () => {
        const image = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
        const file = await writeRootfsArtifact({ name: '4.2.0', deviceTypes: ['rock-gen3', 'rock-mini'], image });
        const parsed = await parseArtifact(
            (async function* () {
                yield file;
            })(),
        );
        expect(parsed).toMatchObject({
            name: '4.2.0',
            deviceTypes: ['rock-gen3', 'rock-mini'],
            payloadType: 'rootfs-image',
            compression: 'gzip',
            signature: null,
        });

        const dir = tempDir('fw-writer-');
        const where = path.join(dir, 'demo.mender');
        fs.writeFileSync(where, file);
        // `read` checks every checksum of the manifest and fails on any mismatch.
        const read = execFileSync(MENDER, ['read', where], { encoding: 'utf8' });
        expect(read).toMatch(/Name: 4\.2\.0/);
        expect(read).toMatch(/Compatible devices: '\[rock-gen3 rock-mini\]'/);
        expect(read).toMatch(/Files:[\s\S]*rootfs\.ext4/);
        fs.rmSync(dir, { recursive: true, force: true });
    });
});
