import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/** One file of a tar being read: its header, and its bytes as they come. */
export interface TarEntry extends AsyncIterable<Buffer> {
    header: { name: string; type: string; size: number };
}
import { ArtifactError } from './errors';
import { decompressOffThread } from './offThread';

/**
 * Small pieces for reading archives as streams, never whole: the entries of
 * a tar, a decompressed view of bytes, and limits on how much is read.
 */

export type Compression = 'none' | 'gzip' | 'xz';

/** '', '.gz' or '.xz' as Mender names them: header.tar.gz, data/0000.tar.xz. */
export const compressionOf = (suffix: string | undefined): Compression => (suffix === '.gz' ? 'gzip' : suffix === '.xz' ? 'xz' : 'none');

/** Resolves when a writable may take more, or rejects when it is gone. */
const drained = (stream: NodeJS.EventEmitter) =>
    new Promise<void>((resolve, reject) => {
        const done = () => {
            stream.off('drain', done);
            stream.off('close', closed);
            resolve();
        };
        const closed = () => {
            stream.off('drain', done);
            reject(new ArtifactError('The archive stopped being read'));
        };
        stream.once('drain', done);
        stream.once('close', closed);
    });

/**
 * The entries of a tar read from `source`, one at a time; each entry must be
 * read to its end before the next comes. An error of the source ends the
 * iteration with that error.
 */
export async function* tarEntries(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
    const extract = tar.extract({ highWaterMark: 1 << 20 });
    const feeding = (async () => {
        try {
            for await (const chunk of source) {
                if (extract.destroyed) return;
                if (!extract.write(chunk)) await drained(extract);
            }
            extract.end(undefined);
        } catch (error) {
            extract.destroy(error as Error);
        }
    })();
    try {
        for await (const entry of extract) yield entry as unknown as TarEntry;
    } finally {
        extract.destroy(null);
        await feeding;
    }
}

/**
 * The decompressed bytes of `source`, never on the main thread: zlib inflates
 * on libuv's thread pool, xz (WebAssembly) in a worker thread (offThread.ts).
 */
export const decompress = (source: AsyncIterable<Buffer>, compression: Compression): AsyncIterable<Buffer> => {
    if (compression === 'none') return source;
    if (compression === 'xz') return decompressOffThread(source);
    // pipeline destroys both sides when either fails or the reader stops early.
    return pipeline(Readable.from(source, { objectMode: false }), zlib.createGunzip({ chunkSize: 128 * 1024 }), () => undefined);
};

/** Passes the bytes through, failing once more than `max` went by. */
export async function* limited(source: AsyncIterable<Buffer>, max: number, message: string): AsyncGenerator<Buffer> {
    let seen = 0;
    for await (const chunk of source) {
        seen += chunk.length;
        if (seen > max) throw new ArtifactError(message);
        yield chunk;
    }
}

/** Passes the bytes through while `observe` sees each chunk (hashing, counting). */
export async function* observed(source: AsyncIterable<Buffer>, observe: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
        observe(chunk);
        yield chunk;
    }
}

/** All the bytes of a small stream, refused past `max`. */
export const readAll = async (source: AsyncIterable<Buffer>, max: number, what: string): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const chunk of limited(source, max, `${what} is larger than ${max} bytes`)) chunks.push(chunk);
    return Buffer.concat(chunks);
};

/** Reads a stream to its end, for what is only hashed. */
export const drain = async (source: AsyncIterable<Buffer>) => {
    for await (const _chunk of source) {
        // consumed for its side effects (hashes, checks)
    }
};
