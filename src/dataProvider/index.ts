import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import type { ListReply } from '../../contract/api';
import { formatSort } from '../../contract/sort';
import { GENERIC_UPLOAD_TIMEOUT_MS, MULTIPART_UPLOAD_TIMEOUT_MS } from '../../contract/constants';
import { apiFetch, type Query, type RequestOptions } from './http';
import { uploadMultipart, type UploadOptions } from './upload';

export const UPDATE_WITHOUT_DATA = 'You need to provide information about the updated object!';

/** react-admin's list params -> SPEC 2.5/7.1 query: page, per_page, sort=+field|-field, filters as plain keys. */
export const listQuery = (params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>): Query => {
    const query: Query = {
        page: params.pagination?.page ?? 1,
        per_page: params.pagination?.perPage ?? 20,
    };
    if (params.sort?.field) query.sort = formatSort(params.sort.field, params.sort.order === 'DESC' ? 'DESC' : 'ASC');
    for (const [key, value] of Object.entries(params.filter ?? {})) {
        if (value === undefined || value === null || value === '') continue;
        query[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' ? JSON.stringify(value) : (value as string);
    }
    return query;
};

export interface ConsoleDataProvider extends DataProvider {
    /** any other call of SPEC 7.2 */
    call<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
    /** a blob (exports, images) */
    download(path: string, query?: Query): Promise<Blob>;
    /** an open streaming reply (text/event-stream), with the same bearer, account and refresh rules */
    stream(path: string, query?: Query, signal?: AbortSignal): Promise<Response>;
    /** SPEC 7.1 generic file upload: POST to resource/{id}, 10 s */
    upload<T = unknown>(resource: string, id: string | number, file: File, field?: string): Promise<T>;
    /** SPEC 7.1 multipart upload with a very long timeout (1e8 ms); with onProgress, it tells how much has been sent */
    multipart<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
}

const path = (resource: string, id?: string | number) => `/${resource}${id === undefined ? '' : `/${encodeURIComponent(String(id))}`}`;

export const dataProvider: ConsoleDataProvider = {
    supportAbortSignal: true,

    async getList(resource, params) {
        const reply = await apiFetch<ListReply<RaRecord> & { count_is_estimate?: boolean }>(path(resource), {
            query: listQuery(params),
            signal: params.signal,
        });
        // Unbounded lists (events) may count only up to a limit: the list shows 'more than N'.
        return {
            data: reply.result as never[],
            total: reply.count,
            ...(reply.count_is_estimate ? { meta: { count_is_estimate: true } } : {}),
        };
    },

    async getOne(resource, params) {
        return { data: (await apiFetch<RaRecord>(path(resource, params.id), { signal: params.signal })) as never };
    },

    async getMany(resource, params) {
        if (!params.ids.length) return { data: [] };
        const reply = await apiFetch<ListReply<RaRecord>>(path(resource), {
            // Exactly as many as asked for: every list takes that many (per_page is bounded outside pickers).
            query: { id: params.ids.map(String), per_page: params.ids.length, cross_account: true },
            signal: params.signal,
        });
        return { data: reply.result as never[] };
    },

    async getManyReference(resource, params) {
        const reply = await apiFetch<ListReply<RaRecord>>(path(resource), {
            query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
            signal: params.signal,
        });
        return { data: reply.result as never[], total: reply.count };
    },

    async create(resource, params) {
        const created = await apiFetch<RaRecord>(path(resource), { method: 'POST', body: params.data });
        return { data: { ...params.data, ...created } as never };
    },

    async update(resource, params) {
        if (!params.data || Object.keys(params.data).length === 0) throw new Error(UPDATE_WITHOUT_DATA);
        const updated = await apiFetch<RaRecord>(path(resource, params.id), { method: 'PUT', body: params.data });
        return { data: (updated ?? { ...params.data, id: params.id }) as never };
    },

    async updateMany(resource, params) {
        await Promise.all(params.ids.map(id => apiFetch(path(resource, id), { method: 'PUT', body: params.data })));
        return { data: params.ids };
    },

    async delete(resource, params) {
        await apiFetch(path(resource, params.id), { method: 'DELETE', body: params.previousData ? { id: params.id } : {} });
        return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
        for (const id of params.ids) await apiFetch(path(resource, id), { method: 'DELETE', body: { id } });
        return { data: params.ids };
    },

    call: (p, options) => apiFetch(p, options),
    download: (p, query) => apiFetch<Blob>(p, { query, blob: true }),
    stream: (p, query, signal) => apiFetch<Response>(p, { query, signal, stream: true }),
    upload(resource, id, file, field = 'file') {
        const form = new FormData();
        form.append(field, file);
        return apiFetch(path(resource, id), { method: 'POST', body: form, timeout: GENERIC_UPLOAD_TIMEOUT_MS });
    },
    multipart: (p, form, options = {}) =>
        options.onProgress
            ? uploadMultipart(p, form, options)
            : apiFetch(p, { method: 'POST', body: form, timeout: MULTIPART_UPLOAD_TIMEOUT_MS, signal: options.signal }),
};
