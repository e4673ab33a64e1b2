import { HttpError } from 'react-admin';
import { API_BASE } from '../../contract/constants';
import { currentAccountId, tokens } from './tokens';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>;

export interface RequestOptions {
    method?: Method;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    /** ms; SPEC 7.1: 10 s for the generic upload, 1e8 ms for multipart */
    timeout?: number;
    /** return the Blob instead of JSON (exports, images) */
    blob?: boolean;
    /** a server-sent event stream: return the Response itself, body unread */
    stream?: boolean;
    /** do not add the current account_id (session calls) */
    noAccount?: boolean;
}

/** SPEC 7.1: writes carry account_id in the body (form data too); other requests in the query, unless cross_account=true or account_id is already there. */
export const withAccount = (method: Method, query: Query = {}, body: unknown): { query: Query; body: unknown } => {
    const accountId = currentAccountId();
    if (accountId === undefined) return { query, body };
    if (method === 'POST' || method === 'PUT' || method === 'DELETE') {
        if (body instanceof FormData) {
            if (!body.has('account_id')) body.append('account_id', String(accountId));
            return { query, body };
        }
        if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body))) {
            const record = (body ?? {}) as Record<string, unknown>;
            // SPEC 5: an account_id of 0 is replaced with the user's own account id.
            if (record.account_id === undefined || record.account_id === null) return { query, body: { ...record, account_id: accountId } };
        }
        return { query, body };
    }
    if (query.cross_account === true || query.cross_account === 'true' || query.account_id !== undefined) return { query, body };
    return { query: { ...query, account_id: accountId }, body };
};

export const queryString = (query: Query) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
        if (value === undefined || value === null || value === '') continue;
        params.set(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    const text = params.toString();
    return text ? `?${text}` : '';
};

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename=). */
export const fileNameOf = (header: string | null): string | undefined => {
    if (!header) return undefined;
    const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
    if (encoded) {
        try {
            return decodeURIComponent(encoded[1]!.trim());
        } catch {
            // malformed: fall back to the plain name
        }
    }
    const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
    const name = (plain?.[1] ?? plain?.[2])?.trim();
    return name || undefined;
};

let refreshing: Promise<boolean> | undefined;
/** One refresh at a time: concurrent 401s wait for the same rotation. True when new tokens were stored. */
export const refreshTokens = () => {
    refreshing ??= (async () => {
        const refresh = tokens.refresh;
        if (!refresh) return false;
        try {
            const res = await fetch(`${API_BASE}/token/refresh`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ refresh_token: refresh }),
            });
            if (!res.ok) return false;
            tokens.save(await res.json());
            return true;
        } catch {
            return false;
        }
    })().finally(() => {
        refreshing = undefined;
    });
    return refreshing;
};

const parseBody = async (res: Response): Promise<unknown> => {
    const text = await res.text();
    if (!text) return undefined;
    try {
        return JSON.parse(text);
    } catch {
        return text;
    }
};

/**
 * Every call to /api/v2: bearer token, account_id rules, cancellation and
 * timeout, one transparent token refresh on 401. A status over 299 raises an
 * HttpError whose body holds {error, request_id} (a failed blob reply that
 * holds JSON is parsed too, SPEC 7.3).
 */
export const apiFetch = async <T = unknown>(path: string, options: RequestOptions = {}): Promise<T> => {
    const method = options.method ?? 'GET';
    const { query, body } = options.noAccount
        ? { query: options.query ?? {}, body: options.body }
        : withAccount(method, options.query, options.body);
    const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${queryString(query)}`;
    const timeout = options.timeout ? AbortSignal.timeout(options.timeout) : undefined;
    const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);

    const send = () => {
        const headers: Record<string, string> = { Accept: options.stream ? 'text/event-stream' : 'application/json' };
        if (tokens.access) headers.Authorization = `Bearer ${tokens.access}`;
        let payload: BodyInit | undefined;
        if (body instanceof FormData) payload = body;
        else if (body !== undefined) {
            headers['Content-Type'] = 'application/json';
            payload = JSON.stringify(body);
        }
        return fetch(url, { method, headers, body: payload, signal });
    };

    let res = await send();
    if (res.status === 401 && tokens.refresh && !path.startsWith('/login') && (await refreshTokens())) res = await send();
    if (res.status > 299) {
        const errorBody = await parseBody(res);
        const message =
            errorBody && typeof errorBody === 'object' && 'error' in errorBody
                ? String((errorBody as { error: unknown }).error)
                : 'Response error';
        // react-admin shows {errors: {field: message}} under the form's inputs: our 400s carry them as `fields`.
        const body =
            errorBody && typeof errorBody === 'object' && 'fields' in errorBody
                ? { ...errorBody, errors: (errorBody as { fields: unknown }).fields }
                : errorBody;
        throw new HttpError(message, res.status, body);
    }
    if (options.stream) return res as T;
    if (options.blob) {
        // The server names its exports (Content-Disposition): the Blob comes back as a File of that name.
        const name = fileNameOf(res.headers.get('content-disposition'));
        if (!name) return (await res.blob()) as T;
        return new File([await res.arrayBuffer()], name, { type: res.headers.get('content-type') ?? '' }) as T;
    }
    if (res.status === 204) return undefined as T;
    return (await parseBody(res)) as T;
};

/** The request id of a failed call, for the error notice. */
export const requestIdOf = (error: unknown): string | undefined => {
    const body = (error as { body?: { request_id?: unknown } } | undefined)?.body;
    return typeof body?.request_id === 'string' ? body.request_id : undefined;
};
