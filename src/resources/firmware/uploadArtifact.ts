import { HttpError } from 'react-admin';
import { API_BASE, MULTIPART_UPLOAD_TIMEOUT_MS } from '../../../contract/constants';
import { ARTIFACT_FIELD, type ArtifactRecord } from '../../../contract/firmware';
import { apiFetch } from '../../dataProvider/http';
import { currentAccountId, tokens } from '../../session/storage';

export interface UploadProgress {
    loaded: number;
    total: number;
}

export interface ArtifactUpload {
    done: Promise<ArtifactRecord>;
    cancel(): void;
}

/** Thrown when the user cancelled the upload. */
export class UploadCancelled extends Error {}

const parse = (text: string): unknown => {
    try {
        return text ? JSON.parse(text) : undefined;
    } catch {
        return text;
    }
};

/**
 * POST /artifacts as multipart with the file in the field `artifact` (SPEC
 * 7.2), through XMLHttpRequest because fetch cannot report upload progress.
 * It follows SPEC 7.1 like every other call: the 1e8 ms multipart timeout,
 * account_id in the form data (sent before the file, so the server knows
 * where the file goes before it arrives), a means of cancelling, and a
 * failure as an HttpError carrying {error, request_id}.
 */
export const uploadArtifact = (file: File, options: { description?: string; onProgress?: (p: UploadProgress) => void }): ArtifactUpload => {
    let xhr: XMLHttpRequest | undefined;
    let cancelled = false;

    const send = () =>
        new Promise<{ status: number; body: unknown }>((resolve, reject) => {
            const form = new FormData();
            const accountId = currentAccountId();
            if (accountId !== undefined) form.append('account_id', String(accountId));
            if (options.description) form.append('description', options.description);
            form.append(ARTIFACT_FIELD, file, file.name);
            xhr = new XMLHttpRequest();
            xhr.open('POST', `${API_BASE}/artifacts`);
            xhr.timeout = MULTIPART_UPLOAD_TIMEOUT_MS;
            xhr.setRequestHeader('Accept', 'application/json');
            if (tokens.access) xhr.setRequestHeader('Authorization', `Bearer ${tokens.access}`);
            xhr.upload.onprogress = e => options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
            xhr.onload = () => resolve({ status: xhr!.status, body: parse(xhr!.responseText) });
            xhr.onerror = () => reject(new HttpError('Response error', 0, undefined));
            xhr.ontimeout = () => reject(new HttpError('Response error', 0, undefined));
            xhr.onabort = () => reject(new UploadCancelled('cancelled'));
            xhr.send(form);
        });

    const done = (async () => {
        let reply = await send();
        if (reply.status === 401 && !cancelled) {
            // The access token expired: any call through the data provider refreshes it; then the file is sent again.
            await apiFetch('/me', { noAccount: true });
            reply = await send();
        }
        if (reply.status > 299) {
            const body = reply.body as { error?: string; fields?: Record<string, string> } | undefined;
            throw new HttpError(
                body?.error ?? 'Response error',
                reply.status,
                body && typeof body === 'object' ? { ...body, errors: body.fields } : body,
            );
        }
        return reply.body as ArtifactRecord;
    })();

    return {
        done,
        cancel() {
            cancelled = true;
            xhr?.abort();
        },
    };
};
