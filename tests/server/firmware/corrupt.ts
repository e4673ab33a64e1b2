import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { manifestOf, packTar, rebuildHeader, sha256, untar, type TarFile } from './artifacts';

export interface Corrupt {
    name: string;
    data: Buffer;
    /** what the refusal says */
    error: RegExp;
}

const flip = (data: Buffer, at: number) => {
    const copy = Buffer.from(data);
    copy[at] = copy[at]! ^ 0xff;
    return copy;
};

const replace = (files: TarFile[], name: string, data: Buffer) => files.map(f => (f.name === name ? { ...f, data } : f));

/**
 * Damaged copies of real artifacts, each wrong in one way:
 * `gzip` is an unsigned gzip rootfs artifact, `plain` the same with
 * --compression none, `xz` with --compression lzma, `v2` a version 2 one.
 */
export const corruptVariants = async (a: { gzip: Buffer; plain: Buffer; xz: Buffer; v2: Buffer }): Promise<Corrupt[]> => {
    const outer = await untar(a.gzip);
    const plainOuter = await untar(a.plain);
    const data = plainOuter.find(f => f.name === 'data/0000.tar')!;
    // The payload file's bytes start after the data tar's first 512-byte header.
    const tamperedData = flip(data.data, 512 + 100);
    const headerAt = a.gzip.indexOf(Buffer.from([0x1f, 0x8b]), 1536);
    const version4 = Buffer.from('{"format":"mender","version":4}');
    const entries = Object.fromEntries(outer.map(f => [f.name, f.data]));

    return [
        { name: 'empty file', data: Buffer.alloc(0), error: /no version file/ },
        { name: 'random bytes', data: randomBytes(5000), error: /not a tar archive|damaged|truncated/ },
        { name: 'cut in the middle', data: a.gzip.subarray(0, Math.floor(a.gzip.length / 2)), error: /truncated/ },
        {
            name: 'cut after the header',
            data: await packTar(outer.filter(f => !f.name.startsWith('data/'))),
            error: /lists 1 payload\(s\) but it holds 0/,
        },
        { name: 'xz data cut short', data: a.xz.subarray(0, a.xz.length - 3000), error: /truncated/ },
        {
            name: 'payload byte changed',
            data: await packTar(replace(plainOuter, 'data/0000.tar', tamperedData)),
            error: /checksum of data\/0000\/.+ does not match the manifest/,
        },
        {
            name: 'compressed header byte changed',
            data: flip(a.gzip, headerAt + 40),
            error: /damaged|checksum of header.tar.gz does not match/,
        },
        {
            name: 'manifest with a wrong header checksum',
            data: await packTar(
                replace(
                    outer,
                    'manifest',
                    Buffer.from(
                        outer
                            .find(f => f.name === 'manifest')!
                            .data.toString()
                            .replace(/^[0-9a-f]{64}(?= {2}header\.tar\.gz)/m, '0'.repeat(64)),
                    ),
                ),
            ),
            error: /checksum of header.tar.gz does not match/,
        },
        {
            name: 'format version 2',
            data: a.v2,
            error: /Only version 3 of the Mender artifact format is supported; this file is version 2/,
        },
        {
            name: 'format version 4',
            data: await packTar([
                { name: 'version', data: version4 },
                { name: 'manifest', data: Buffer.from(manifestOf({ ...entries, version: version4 })) },
                ...outer.filter(f => f.name !== 'version' && f.name !== 'manifest'),
            ]),
            error: /this file is version 4/,
        },
        {
            name: 'manifest before version',
            data: await packTar([outer.find(f => f.name === 'manifest')!, ...outer.filter(f => f.name !== 'manifest')]),
            error: /does not start with a version file/,
        },
        {
            name: 'an unexpected file',
            data: await packTar([...outer.slice(0, 2), { name: 'evil.sh', data: Buffer.from('rm -rf /') }, ...outer.slice(2)]),
            error: /unexpected file, evil.sh/,
        },
        {
            name: 'a payload file not in the manifest',
            data: await packTar(
                replace(
                    plainOuter,
                    'manifest',
                    Buffer.from(
                        plainOuter
                            .find(f => f.name === 'manifest')!
                            .data.toString()
                            .split('\n')
                            .filter(l => !l.includes('data/0000/'))
                            .join('\n'),
                    ),
                ),
            ),
            error: /data\/0000\/.+ is not listed in the manifest/,
        },
        {
            name: 'header without header-info',
            data: await rebuildHeader(a.gzip, files => files.filter(f => f.name !== 'header-info')),
            error: /header has no header-info/,
        },
        {
            name: 'header-info without device types',
            data: await rebuildHeader(a.gzip, files =>
                replace(
                    files,
                    'header-info',
                    Buffer.from(
                        JSON.stringify({
                            payloads: [{ type: 'rootfs-image' }],
                            artifact_provides: { artifact_name: 'x' },
                            artifact_depends: {},
                        }),
                    ),
                ),
            ),
            error: /names no compatible device type/,
        },
        {
            name: 'header-info that is not JSON',
            data: await rebuildHeader(a.gzip, files => replace(files, 'header-info', Buffer.from('{"payloads": ['))),
            error: /header-info is not valid JSON/,
        },
        {
            name: 'manifest line that is not a checksum',
            data: await packTar(
                replace(
                    outer,
                    'manifest',
                    Buffer.concat([outer.find(f => f.name === 'manifest')!.data, Buffer.from('not a checksum line\n')]),
                ),
            ),
            error: /line that is not/,
        },
        {
            name: 'header recompressed (same files, other bytes)',
            data: await packTar(
                replace(
                    outer,
                    'header.tar.gz',
                    zlib.gzipSync(zlib.gunzipSync(outer.find(f => f.name === 'header.tar.gz')!.data), { level: 1 }),
                ),
            ),
            error: /checksum of header.tar.gz does not match/,
        },
        {
            name: 'version checksum missing',
            data: await packTar(
                replace(
                    outer,
                    'manifest',
                    Buffer.from(
                        outer
                            .find(f => f.name === 'manifest')!
                            .data.toString()
                            .replace(`${sha256(entries.version!)}  version\n`, ''),
                    ),
                ),
            ),
            error: /version is not listed in the manifest/,
        },
    ];
};
