/** Why an uploaded file is not an artifact the platform accepts; its message is shown to the user. */
export class ArtifactError extends Error {
    constructor(
        message: string,
        /** 400: not a valid artifact; 409: a duplicate; 413: too large */
        readonly statusCode: 400 | 409 | 413 = 400,
    ) {
        super(message);
    }
}

const PREFIX = 'The file is not a valid Mender artifact';

/** A failure of the tar or decompression layers, in words for the user. */
export const archiveError = (error: unknown): ArtifactError => {
    if (error instanceof ArtifactError) return error;
    const text = error instanceof Error ? error.message : String(error);
    if (/unexpected end|premature|truncated/i.test(text)) return new ArtifactError(`${PREFIX}: the archive is truncated.`);
    if (/invalid tar header/i.test(text)) return new ArtifactError(`${PREFIX}: it is not a tar archive, or the archive is damaged.`);
    return new ArtifactError(`${PREFIX}: the archive is damaged (${text.replace(/\.$/, '')}).`);
};

export const invalid = (detail: string) => new ArtifactError(`${PREFIX}: ${detail}`);
