import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/**
 * Test artifacts made at test time with Debian's mender-artifact (nothing
 * binary is committed), and damaged copies of them rebuilt entry by entry.
 */

export const MENDER = process.env.MENDER_ARTIFACT ?? 'mender-artifact';

export const tempDir = (prefix = 'fw-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export interface Keys {
    rsaKey: string;
    rsaPub: string;
    ecKey: string;
    ecPub: string;
    /** a key that signed nothing */
    otherPub: string;
}

/** RSA (PKCS#1, which mender-artifact reads) and ECDSA P-256 (SEC1) key pairs, and a stranger's public key. */
export const makeKeys = (dir: string): Keys => {
    const pem = { format: 'pem' } as const;
    const rsa = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', ...pem },
        privateKeyEncoding: { type: 'pkcs1', ...pem },
    });
    const ec = generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        publicKeyEncoding: { type: 'spki', ...pem },
        privateKeyEncoding: { type: 'sec1', ...pem },
    });
    const other = generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        publicKeyEncoding: { type: 'spki', ...pem },
        privateKeyEncoding: { type: 'sec1', ...pem },
    });
    fs.writeFileSync(path.join(dir, 'rsa.key'), rsa.privateKey);
    fs.writeFileSync(path.join(dir, 'ec.key'), ec.privateKey);
    return {
        rsaKey: path.join(dir, 'rsa.key'),
        rsaPub: rsa.publicKey,
        ecKey: path.join(dir, 'ec.key'),
        ecPub: ec.publicKey,
        otherPub: other.publicKey,
    };
};

export interface RootfsOptions {
    name: string;
    deviceTypes: string[];
    /** payload size in bytes (random, so it does not compress) */
    payloadBytes?: number;
    compression?: 'none' | 'gzip' | 'lzma';
    key?: string;
    version?: 2 | 3;
    extra?: string[];
}

/** A rootfs-image artifact; returns its path. */
export const rootfsArtifact = (dir: string, o: RootfsOptions): string => {
    const payload = path.join(dir, `${o.name}.ext4`);
    fs.writeFileSync(payload, randomBytes(o.payloadBytes ?? 64 * 1024));
    const out = path.join(dir, `${o.name}.mender`);
    run(
        MENDER,
        [
            'write',
            'rootfs-image',
            '-n',
            o.name,
            ...o.deviceTypes.flatMap(t => ['-t', t]),
            '-f',
            payload,
            '-o',
            out,
            '--no-progress',
            '--compression',
            o.compression ?? 'gzip',
            ...(o.key ? ['-k', o.key] : []),
            ...(o.version ? ['-v', String(o.version)] : []),
            ...(o.extra ?? []),
        ],
        dir,
    );
    return out;
};

/** A module-image artifact (update module `type`) with two files and meta-data. */
export const moduleArtifact = (
    dir: string,
    o: { name: string; deviceTypes: string[]; type: string; key?: string; augment?: boolean },
): string => {
    fs.writeFileSync(path.join(dir, 'app.tar'), randomBytes(3000));
    fs.writeFileSync(path.join(dir, 'app.conf'), 'mode=fast\n');
    fs.writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ restart: true }));
    const out = path.join(dir, `${o.name}.mender`);
    run(
        MENDER,
        [
            'write',
            'module-image',
            '-n',
            o.name,
            ...o.deviceTypes.flatMap(t => ['-t', t]),
            '-T',
            o.type,
            '-f',
            'app.tar',
            '-f',
            'app.conf',
            '-m',
            'meta.json',
            '-p',
            'app.version:2.1',
            '-o',
            out,
            ...(o.key ? ['-k', o.key] : []),
            ...(o.augment ? ['--augment-type', o.type, '--augment-file', 'app.conf'] : []),
        ],
        dir,
    );
    return out;
};

export const bootstrapArtifact = (dir: string, o: { name: string; deviceTypes: string[] }): string => {
    const out = path.join(dir, `${o.name}.mender`);
    run(MENDER, ['write', 'bootstrap-artifact', '-n', o.name, ...o.deviceTypes.flatMap(t => ['-t', t]), '-o', out, '--no-progress'], dir);
    return out;
};

// ---- taking archives apart and putting them back ----

export interface TarFile {
    name: string;
    data: Buffer;
}

export const untar = async (data: Buffer): Promise<TarFile[]> => {
    const extract = tar.extract();
    const files: TarFile[] = [];
    const done = (async () => {
        for await (const entry of extract) {
            const chunks: Buffer[] = [];
            for await (const c of entry) chunks.push(c as Buffer);
            files.push({ name: entry.header.name, data: Buffer.concat(chunks) });
        }
    })();
    extract.end(data);
    await done;
    return files;
};

export const packTar = async (files: TarFile[]): Promise<Buffer> => {
    const pack = tar.pack();
    const chunks: Buffer[] = [];
    const collected = (async () => {
        for await (const c of pack) chunks.push(c as Buffer);
    })();
    for (const f of files)
        await new Promise<void>((resolve, reject) =>
            pack.entry({ name: f.name, size: f.data.length }, f.data, e => (e ? reject(e) : resolve())),
        );
    pack.finalize();
    await collected;
    return Buffer.concat(chunks);
};

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The manifest of an artifact's files as mender-artifact writes it: checksums of version, header and payload files, sorted by name. */
export const manifestOf = (entries: Record<string, Buffer>) =>
    Object.keys(entries)
        .sort()
        .map(name => `${sha256(entries[name]!)}  ${name}`)
        .join('\n') + '\n';

/** Rebuilds a (gzip) artifact after `edit` changed its header files, with a manifest that matches, so only the change is wrong. */
export const rebuildHeader = async (artifact: Buffer, edit: (header: TarFile[]) => TarFile[]): Promise<Buffer> => {
    const outer = await untar(artifact);
    const headerEntry = outer.find(f => f.name === 'header.tar.gz')!;
    const header = edit(await untar(zlib.gunzipSync(headerEntry.data)));
    const newHeader = zlib.gzipSync(await packTar(header));
    const manifest = outer
        .find(f => f.name === 'manifest')!
        .data.toString()
        .split('\n')
        .map(l => (l.endsWith('  header.tar.gz') ? `${sha256(newHeader)}  header.tar.gz` : l))
        .join('\n');
    return packTar(
        outer
            .filter(f => f.name !== 'manifest.sig')
            .map(f =>
                f.name === 'header.tar.gz' ? { ...f, data: newHeader } : f.name === 'manifest' ? { ...f, data: Buffer.from(manifest) } : f,
            ),
    );
};
