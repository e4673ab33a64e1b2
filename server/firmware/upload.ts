import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStorage } from '../storage';
import { TooLargeError } from '../storage';
import { ArtifactError } from './errors';
import { parseArtifact, type ParseOptions, type ParsedArtifact } from './mender';

export interface ReceivedArtifact {
    parsed: ParsedArtifact;
    key: string;
    size: number;
    /** SHA-256 of the whole file */
    checksum: string;
}

const tooLarge = (max: number) => new ArtifactError(`The firmware file is larger than the ${max} bytes allowed.`, 413);

/**
 * Streams an uploaded file to storage and through the artifact parser at
 * the same time: each chunk goes to both, and the next is read only when
 * both took it, so memory stays flat whatever the file's size. The upload
 * is refused as soon as either side fails, and nothing is left in storage
 * unless both succeed.
 */
export const receiveArtifact = async (
    file: Readable,
    storage: FileStorage,
    options: ParseOptions & { key: string; maxBytes: number },
): Promise<ReceivedArtifact> => {
    const toStorage = new PassThrough({ highWaterMark: 2 << 20 });
    const toParser = new PassThrough({ highWaterMark: 2 << 20 });
    // Their failures reach us through `stored` and `parsed`; the streams' own error events are not news.
    for (const side of [toStorage, toParser]) side.on('error', () => undefined);
    const stored = storage.put(options.key, toStorage, { maxBytes: options.maxBytes });
    const parsed = parseArtifact(toParser, options);
    // Whichever side fails first stops the upload.
    const failed = new Promise<never>((_, reject) => {
        stored.catch(reject);
        parsed.catch(reject);
    });
    failed.catch(() => undefined);

    const hash = createHash('sha256');
    let size = 0;
    const pump = async () => {
        for await (const chunk of file as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > options.maxBytes) throw tooLarge(options.maxBytes);
            hash.update(chunk);
            const waits: Promise<unknown>[] = [];
            if (!toStorage.write(chunk)) waits.push(new Promise(resolve => toStorage.once('drain', resolve)));
            if (!toParser.write(chunk)) waits.push(new Promise(resolve => toParser.once('drain', resolve)));
            if (waits.length) await Promise.race([Promise.all(waits), failed]);
        }
        toStorage.end();
        toParser.end();
    };

    try {
        await Promise.race([pump(), failed]);
        const [result, artifact] = await Promise.all([stored, parsed]);
        return { parsed: artifact, key: options.key, size: result.size, checksum: hash.digest('hex') };
    } catch (error) {
        // Destroyed with an error: a stream destroyed without one before storage took it would leave put() waiting.
        const stop = new Error('upload refused');
        toStorage.destroy(stop);
        toParser.destroy(stop);
        // The rest of the request is read and dropped, so the client gets the answer.
        file.resume();
        await Promise.allSettled([stored, parsed]);
        await storage.delete(options.key);
        if (error instanceof TooLargeError) throw tooLarge(options.maxBytes);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
        throw error;
    }
};
