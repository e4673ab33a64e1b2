import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from '../context';
import { receiveArtifact } from '../firmware/upload';
import { insertArtifact } from '../resources/artifacts/queries';
import { writeRootfsArtifact } from './mender-writer';

/** The demo's firmware: a newer release for each board type the simulated readers have. */
const DEMO_FIRMWARE = [
    { name: '3.5.0', deviceTypes: ['rock-gen2'], description: 'Rock gen 2: security fixes and faster boot' },
    { name: '4.2.0', deviceTypes: ['rock-gen3', 'rock-mini'], description: 'Rock gen 3 and mini: quicker face matching in low light' },
];

/** A stand-in root file system image: bytes that look like data, the same for the same name. */
const image = (name: string, size: number) => {
    const out = Buffer.alloc(size);
    let block = createHash('sha256').update(name).digest();
    for (let at = 0; at < size; at += block.length) {
        block.copy(out, at);
        block = createHash('sha256').update(block).digest();
    }
    return out;
};

/**
 * Firmware in the platform's main account (usable by every account below),
 * stored and read exactly as an upload is, so the Updates screen and a
 * deployment to the demo's readers work from the first start.
 */
export const seedDemoFirmware = async (ctx: Pick<AppContext, 'db' | 'storage' | 'config'>, mainAccountId: number) => {
    for (const firmware of DEMO_FIRMWARE) {
        const file = await writeRootfsArtifact({
            name: firmware.name,
            deviceTypes: firmware.deviceTypes,
            image: image(firmware.name, 512 * 1024),
        });
        const received = await receiveArtifact(Readable.from([file]), ctx.storage, {
            key: `artifacts/${mainAccountId}/${randomUUID()}.mender`,
            maxBytes: ctx.config.firmwareMaxBytes,
        });
        const { parsed } = received;
        await insertArtifact(ctx.db, [mainAccountId], {
            account_id: mainAccountId,
            name: parsed.name,
            device_types: parsed.deviceTypes,
            size: received.size,
            checksum: received.checksum,
            storage_key: received.key,
            file_name: `rock-${firmware.name}.mender`,
            description: firmware.description,
            payload_type: parsed.payloadType,
            provides: parsed.provides,
            depends: parsed.depends,
            manifest: parsed.manifest,
            signature: parsed.signature,
            uploaded_by: null,
        });
    }
};
