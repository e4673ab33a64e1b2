import { HttpError } from 'react-admin';
import { API_BASE, MULTIPART_UPLOAD_TIMEOUT_MS } from '../../contract/constants';
import { currentAccountId, tokens } from './tokens';
import { refreshTokens } from './http';

export interface UploadProgress {
    loaded: number;
    total: number;
}

export interface UploadOptions {
    signal?: AbortSignal;
    /** how much of the form has been sent; once all of it is, the server is at work */
    onProgress?: (progress: UploadProgress) => void;
}

const parse = (text: string): unknown => {
    try {
        return text ? JSON.parse(text) : undefined;
    } catch {
        return text;
    }
};

/** The form as sent: account_id first (SPEC 7.1), so the server knows where the file goes before it arrives. */
const withAccountFirst = (form: FormData) => {
    const accountId = currentAccountId();
    if (accountId === undefined || form.has('account_id')) return form;
    const sent = new FormData();
    sent.append('account_id', String(accountId));
    for (const [key, value] of form) sent.append(key, value);
    return sent;
};

/**
 * The form's account in the query string as well (DESIGN.md "Uploads"): the server resolves a route's account before
 * the body streams in, so the query is what it reads; the form field stays for clients that send only it.
 */
const withAccountQuery = (path: string, form: FormData) => {
    const accountId = form.get('account_id');
    if (typeof accountId !== 'string' || /[?&]account_id=/.test(path)) return path;
    return `${path}${path.includes('?') ? '&' : '?'}account_id=${encodeURIComponent(accountId)}`;
};

const sizeOf = (form: FormData) => [...form.values()].reduce((sum, v) => sum + (typeof v === 'string' ? v.length : v.size), 0);

const aborted = (signal: AbortSignal | undefined) =>
    (signal?.reason as Error | undefined) ?? new DOMException('The upload was cancelled.', 'AbortError');

/**
 * A multipart POST that reports how much of it has been sent, through
 * XMLHttpRequest because fetch cannot. It follows SPEC 7.1 as apiFetch does:
 * bearer token, account_id in the form data, the 1e8 ms multipart timeout, a
 * means of cancelling, one token refresh on 401 (the form is sent again),
 * and a failure as an HttpError carrying {error, request_id}.
 */
export const uploadMultipart = async <T = unknown>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> => {
    const { signal, onProgress } = options;
    const body = withAccountFirst(form);
    const send = () =>
        new Promise<{ status: number; body: unknown }>((resolve, reject) => {
            if (signal?.aborted) return reject(aborted(signal));
            const xhr = new XMLHttpRequest();
            const abort = () => xhr.abort();
            const settle = () => signal?.removeEventListener('abort', abort);
            xhr.open('POST', `${API_BASE}${withAccountQuery(path.startsWith('/') ? path : `/${path}`, body)}`);
            xhr.timeout = MULTIPART_UPLOAD_TIMEOUT_MS;
            xhr.setRequestHeader('Accept', 'application/json');
            if (tokens.access) xhr.setRequestHeader('Authorization', `Bearer ${tokens.access}`);
            xhr.upload.onprogress = e => onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : sizeOf(body) });
            xhr.onload = () => {
                settle();
                resolve({ status: xhr.status, body: parse(xhr.responseText) });
            };
            xhr.onerror = xhr.ontimeout = () => {
                settle();
                reject(new HttpError('Response error', 0, undefined));
            };
            xhr.onabort = () => {
                settle();
                reject(aborted(signal));
            };
            signal?.addEventListener('abort', abort);
            xhr.send(body);
        });

    let reply = await send();
    // The access token expired: refreshed once, then the form is sent again.
    if (reply.status === 401 && tokens.refresh && !signal?.aborted && (await refreshTokens())) reply = await send();
    if (reply.status > 299) {
        const error = reply.body as { error?: unknown; fields?: unknown } | undefined;
        const text = error && typeof error === 'object' && 'error' in error ? String(error.error) : 'Response error';
        throw new HttpError(
            text,
            reply.status,
            error && typeof error === 'object' && 'fields' in error ? { ...error, errors: error.fields } : error,
        );
    }
    return (reply.status === 204 ? undefined : reply.body) as T;
};
