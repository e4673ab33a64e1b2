import fc from 'fast-check';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactError } from '../../../server/firmware/errors';
import { parseArtifact } from '../../../server/firmware/mender';
import { readPublicKey, verifyManifest } from '../../../server/firmware/signature';
import { decompress } from '../../../server/firmware/streams';
import { bootstrapArtifact, makeKeys, moduleArtifact, rootfsArtifact, tempDir, type Keys } from './artifacts';
import { corruptVariants, type Corrupt } from './corrupt';

/**
 * The Mender artifact reader against what Debian's mender-artifact writes:
 * every kind of artifact it makes is read with the right name,
 * compatibility, payload and signature; every damaged copy is refused with
 * the reason; and no stream of bytes makes it fail any other way.
 */

let dir: string;
let keys: Keys;
const made: Record<string, string> = {};
let corrupt: Corrupt[];

/** Feeds the bytes in small, uneven chunks, as a network does. */
const chunked = (data: Buffer, size = 1500) =>
    Readable.from(
        (function* () {
            for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
        })(),
    );

beforeAll(async () => {
    dir = tempDir();
    keys = makeKeys(dir);
    made.gzip = rootfsArtifact(dir, { name: 'release-2.0', deviceTypes: ['rock-gen2', 'rock-gen3'] });
    made.plain = rootfsArtifact(dir, { name: 'release-2.0-plain', deviceTypes: ['rock-gen2'], compression: 'none' });
    made.xz = rootfsArtifact(dir, { name: 'release-2.0-xz', deviceTypes: ['rock-gen2'], compression: 'lzma', payloadBytes: 300 * 1024 });
    made.rsa = rootfsArtifact(dir, { name: 'release-2.1-rsa', deviceTypes: ['rock-gen3'], key: keys.rsaKey });
    made.ecdsa = rootfsArtifact(dir, { name: 'release-2.1-ecdsa', deviceTypes: ['rock-mini'], key: keys.ecKey });
    made.module = moduleArtifact(dir, { name: 'door-app-2.1', deviceTypes: ['rock-mini', 'rock-gen3'], type: 'single-file' });
    made.augmented = moduleArtifact(dir, {
        name: 'door-app-2.2',
        deviceTypes: ['rock-mini'],
        type: 'single-file',
        key: keys.ecKey,
        augment: true,
    });
    made.bootstrap = bootstrapArtifact(dir, { name: 'bootstrap-1', deviceTypes: ['rock-gen2'] });
    made.provides = rootfsArtifact(dir, {
        name: 'release-2.3',
        deviceTypes: ['rock-gen2'],
        extra: ['-p', 'rootfs-image.flavour:secure', '-d', 'region:eu', '-s', writeScript()],
    });
    made.v2 = rootfsArtifact(dir, { name: 'old-format', deviceTypes: ['rock-gen2'], version: 2 });
    const read = (f: string) => fs.readFileSync(f);
    corrupt = await corruptVariants({ gzip: read(made.gzip), plain: read(made.plain), xz: read(made.xz), v2: read(made.v2) });
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeScript() {
    const file = `${dir}/ArtifactInstall_Enter_10`;
    fs.writeFileSync(file, '#!/bin/sh\necho installing\n');
    return file;
}

const parse = (file: string) => parseArtifact(chunked(fs.readFileSync(file)));

describe('every artifact mender-artifact writes is accepted', () => {
    const cases: [string, { name: string; types: string[]; payload: string | null; signed: boolean; compression: string }][] = [
        ['gzip', { name: 'release-2.0', types: ['rock-gen2', 'rock-gen3'], payload: 'rootfs-image', signed: false, compression: 'gzip' }],
        ['plain', { name: 'release-2.0-plain', types: ['rock-gen2'], payload: 'rootfs-image', signed: false, compression: 'none' }],
        ['xz', { name: 'release-2.0-xz', types: ['rock-gen2'], payload: 'rootfs-image', signed: false, compression: 'xz' }],
        ['rsa', { name: 'release-2.1-rsa', types: ['rock-gen3'], payload: 'rootfs-image', signed: true, compression: 'gzip' }],
        ['ecdsa', { name: 'release-2.1-ecdsa', types: ['rock-mini'], payload: 'rootfs-image', signed: true, compression: 'gzip' }],
        ['module', { name: 'door-app-2.1', types: ['rock-mini', 'rock-gen3'], payload: 'single-file', signed: false, compression: 'gzip' }],
        ['augmented', { name: 'door-app-2.2', types: ['rock-mini'], payload: 'single-file', signed: true, compression: 'gzip' }],
        ['bootstrap', { name: 'bootstrap-1', types: ['rock-gen2'], payload: null, signed: false, compression: 'gzip' }],
        ['provides', { name: 'release-2.3', types: ['rock-gen2'], payload: 'rootfs-image', signed: false, compression: 'gzip' }],
    ];
    for (const [kind, want] of cases) {
        it(`${kind}: ${want.name}`, async () => {
            const a = await parse(made[kind]!);
            expect(a.name).toBe(want.name);
            expect(a.deviceTypes).toEqual(want.types);
            expect(a.payloadType).toBe(want.payload);
            expect(!!a.signature).toBe(want.signed);
            expect(a.compression).toBe(want.compression);
            expect(a.provides.artifact_name).toBe(want.name);
        });
    }

    it('reads what the headers provide and depend on, the payload files and the state scripts', async () => {
        const module = await parse(made.module!);
        expect(module.payloads[0]!.files.map(f => f.name)).toEqual(['app.tar', 'app.conf']);
        expect(module.payloads[0]!.metaData).toEqual({ restart: true });
        expect(module.provides['app.version']).toBe('2.1');
        const provides = await parse(made.provides!);
        expect(provides.provides['rootfs-image.flavour']).toBe('secure');
        expect(provides.depends).toMatchObject({ device_type: ['rock-gen2'], region: 'eu' });
        expect(provides.scripts).toEqual(['ArtifactInstall_Enter_10']);
        const augmented = await parse(made.augmented!);
        expect(augmented.augmented).toBe(true);
        const rootfs = await parse(made.gzip!);
        expect(rootfs.payloads[0]!.files[0]!.size).toBe(64 * 1024);
    });

    it('the signatures verify with the signer’s public key and with no other', async () => {
        for (const [kind, pub] of [
            ['rsa', keys.rsaPub],
            ['ecdsa', keys.ecPub],
            ['augmented', keys.ecPub],
        ] as const) {
            const a = await parse(made[kind]!);
            const key = readPublicKey(pub);
            expect(verifyManifest(a.manifest, a.signature!, key), kind).toBe(true);
            expect(verifyManifest(a.manifest, a.signature!, readPublicKey(keys.otherPub)), kind).toBe(false);
            expect(verifyManifest(`${a.manifest}tampered`, a.signature!, key), kind).toBe(false);
        }
        expect(readPublicKey(keys.rsaPub)).toMatchObject({ algorithm: 'rsa', details: 'RSA 2048' });
        expect(readPublicKey(keys.ecPub)).toMatchObject({ algorithm: 'ecdsa', details: 'P-256' });
    });
});

describe('damaged artifacts are refused with the reason', () => {
    it('each variant', async () => {
        expect(corrupt.length).toBeGreaterThanOrEqual(15);
        for (const c of corrupt) {
            const error = await parseArtifact(chunked(c.data)).then(
                () => undefined,
                (e: unknown) => e,
            );
            expect(error, c.name).toBeInstanceOf(ArtifactError);
            expect((error as Error).message, c.name).toMatch(c.error);
        }
    });
});

describe('no byte stream makes the reader fail otherwise (fast-check)', () => {
    const outcome = async (data: Buffer, chunk: number) => {
        try {
            await parseArtifact(chunked(data, chunk));
            return 'accepted';
        } catch (error) {
            if (error instanceof ArtifactError) return 'refused';
            throw error;
        }
    };

    it('random bytes are refused as an ArtifactError', async () => {
        await fc.assert(
            fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.integer({ min: 1, max: 2048 }), async (bytes, chunk) => {
                expect(await outcome(Buffer.from(bytes), chunk)).toBe('refused');
            }),
            { numRuns: 300 },
        );
    });

    it('a real artifact with random bytes changed or cut short is accepted or refused, never anything else', async () => {
        const originals = ['gzip', 'plain', 'xz', 'ecdsa'].map(k => fs.readFileSync(made[k]!));
        await fc.assert(
            fc.asyncProperty(
                fc.integer({ min: 0, max: originals.length - 1 }),
                fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
                fc.option(fc.nat(), { nil: undefined }),
                fc.integer({ min: 7, max: 65536 }),
                async (which, changes, cut, chunk) => {
                    const data = Buffer.from(originals[which]!);
                    for (const [at, value] of changes) data[at % data.length] = value;
                    const mutated = cut === undefined ? data : data.subarray(0, cut % data.length);
                    expect(['accepted', 'refused']).toContain(await outcome(mutated, chunk));
                },
            ),
            { numRuns: 200 },
        );
    }, 120_000);

    it('a reader that stops early (the parser refused the file) leaves no error behind to end the server', async () => {
        const artifact = fs.readFileSync(made.xz!);
        // The payload's xz stream (the last one): large enough to decompress in several chunks.
        const xzStream = artifact.subarray(artifact.lastIndexOf(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])));
        const uncaught: unknown[] = [];
        const keep = (error: unknown) => uncaught.push(error);
        process.on('uncaughtException', keep);
        try {
            for (let run = 0; run < 60; run++) {
                let chunks = 0;
                for await (const _ of decompress(chunked(xzStream, 7 + ((run * 37) % 3000)), 'xz')) if (++chunks > run % 3) break;
            }
            // What the stream still had buffered would fail on the next turns of the event loop.
            await new Promise(resolve => setTimeout(resolve, 300));
        } finally {
            process.off('uncaughtException', keep);
        }
        expect(uncaught).toEqual([]);
    });

    it('random bytes after a valid xz stream header are refused by the xz reader', async () => {
        const header = fs.readFileSync(made.xz!);
        const xzStart = header.indexOf(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]));
        const streamHeader = header.subarray(xzStart, xzStart + 12);
        await fc.assert(
            fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async bytes => {
                const read = async () => {
                    for await (const _ of decompress(chunked(Buffer.concat([streamHeader, Buffer.from(bytes)]), 333), 'xz')) {
                        // decoding only
                    }
                };
                await expect(read()).rejects.toBeInstanceOf(ArtifactError);
            }),
            { numRuns: 300 },
        );
    });
});
