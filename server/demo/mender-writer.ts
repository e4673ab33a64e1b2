import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';

/**
 * Writes a Mender artifact (format version 3, rootfs-image, gzip), as
 * `mender-artifact write rootfs-image` does, for the demo's firmware: the
 * demo must not depend on that tool being installed.
 */
export interface RootfsArtifact {
    name: string;
    deviceTypes: string[];
    /** the root file system image's bytes and its file name in the payload */
    image: Buffer;
    imageName?: string;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A tar of these files, in this order, with fixed times so the same input writes the same bytes. */
const tarOf = (files: { name: string; data: Buffer }[]) =>
    new Promise<Buffer>((resolve, reject) => {
        const pack = tar.pack();
        const chunks: Buffer[] = [];
        pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
        pack.on('end', () => resolve(Buffer.concat(chunks)));
        pack.on('error', reject);
        for (const file of files) pack.entry({ name: file.name, size: file.data.length, mode: 0o600, mtime: new Date(0) }, file.data);
        pack.finalize();
    });

export const writeRootfsArtifact = async (artifact: RootfsArtifact): Promise<Buffer> => {
    const imageName = artifact.imageName ?? 'rootfs.ext4';
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    const checksum = sha256(artifact.image);
    const header = gzipSync(
        await tarOf([
            {
                name: 'header-info',
                data: json({
                    payloads: [{ type: 'rootfs-image' }],
                    artifact_provides: { artifact_name: artifact.name },
                    artifact_depends: { device_type: artifact.deviceTypes },
                }),
            },
            {
                name: 'headers/0000/type-info',
                data: json({
                    type: 'rootfs-image',
                    artifact_provides: { 'rootfs-image.checksum': checksum, 'rootfs-image.version': artifact.name },
                    clears_artifact_provides: ['artifact_group', 'rootfs_image_checksum', 'rootfs-image.*'],
                }),
            },
            { name: 'headers/0000/meta-data', data: Buffer.alloc(0) },
        ]),
    );
    const data = gzipSync(await tarOf([{ name: imageName, data: artifact.image }]));
    const version = json({ format: 'mender', version: 3 });
    const manifest = Buffer.from(
        [`${checksum}  data/0000/${imageName}`, `${sha256(header)}  header.tar.gz`, `${sha256(version)}  version`].join('\n') + '\n',
    );
    return tarOf([
        { name: 'version', data: version },
        { name: 'manifest', data: manifest },
        { name: 'header.tar.gz', data: header },
        { name: 'data/0000.tar.gz', data },
    ]);
};
