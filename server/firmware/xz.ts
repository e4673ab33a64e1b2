import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import xz from 'xz-decompress';
import { ArtifactError } from './errors';

/** xz-embedded's results (xz.h) that the decoder reports as errors. */
const XZ_ERRORS: Record<string, string> = {
    '4': 'its dictionary is larger than allowed',
    '5': 'it is not xz data',
    '6': 'it uses unsupported options',
    '7': 'its data or a check is corrupt',
};
const XZ_BUF_ERROR = '8';

/**
 * The bytes of an .xz stream (what mender-artifact writes with
 * --compression lzma), decompressed as they come by xz-embedded compiled to
 * WebAssembly (the xz-decompress library), never holding more than its
 * dictionary. Its failures become the parser's refusals.
 */
export async function* xzDecompress(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    // Not Readable.toWeb: once cancelled (the parser stopped early) it can still enqueue a buffered
    // chunk, which throws outside any promise and would end the server. ReadableStream.from pulls.
    const input = NodeReadableStream.from(source) as unknown as ReadableStream<Uint8Array>;
    const reader = new xz.XzReadableStream(input).getReader();
    try {
        for (;;) {
            let next: ReadableStreamReadResult<Uint8Array>;
            try {
                next = await reader.read();
            } catch (error) {
                // What went wrong before the decoder (a truncated tar...) goes on as it was, for errors.ts to word.
                const code = /get_next_output failed with error code (\d+)/.exec((error as Error).message)?.[1];
                if (code === undefined) throw error;
                if (code === XZ_BUF_ERROR) throw new ArtifactError('The file is not a valid Mender artifact: the archive is truncated.');
                throw new ArtifactError(`The file is not a valid Mender artifact: its xz data is damaged (${XZ_ERRORS[code] ?? 'unreadable'}).`);
            }
            if (next.done) return;
            if (next.value.byteLength) yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
        }
    } finally {
        await reader.cancel().catch(() => undefined);
    }
}
