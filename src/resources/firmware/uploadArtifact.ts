import { ARTIFACT_FIELD, type ArtifactRecord } from '../../../contract/firmware';
import { uploadMultipart, type UploadProgress } from '../../dataProvider/upload';

export type { UploadProgress } from '../../dataProvider/upload';

export interface ArtifactUpload {
    done: Promise<ArtifactRecord>;
    cancel(): void;
}

/** Thrown when the user cancelled the upload. */
export class UploadCancelled extends Error {}

/**
 * POST /artifacts as multipart with the file in the field `artifact` (SPEC
 * 7.2), with its progress (src/dataProvider/upload.ts: account_id before
 * the file, the multipart timeout, {error, request_id} on failure) and a
 * means of cancelling.
 */
export const uploadArtifact = (file: File, options: { description?: string; onProgress?: (p: UploadProgress) => void }): ArtifactUpload => {
    const controller = new AbortController();
    const form = new FormData();
    if (options.description) form.append('description', options.description);
    form.append(ARTIFACT_FIELD, file, file.name);
    const done = uploadMultipart<ArtifactRecord>('/artifacts', form, {
        signal: controller.signal,
        onProgress: options.onProgress ?? (() => undefined),
    }).catch((error: unknown) => {
        throw controller.signal.aborted ? new UploadCancelled('cancelled') : error;
    });
    return { done, cancel: () => controller.abort() };
};
