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
 * The parser's refusal for a failure of xz-embedded (compiled to WebAssembly,
 * the xz-decompress library, run in decompressWorker.mjs), from its message.
 */
export const xzFailure = (message: string): Error => {
    const code = /get_next_output failed with error code (\d+)/.exec(message)?.[1];
    if (code === undefined) return new Error(message);
    if (code === XZ_BUF_ERROR) return new ArtifactError('The file is not a valid Mender artifact: the archive is truncated.');
    return new ArtifactError(`The file is not a valid Mender artifact: its xz data is damaged (${XZ_ERRORS[code] ?? 'unreadable'}).`);
};
