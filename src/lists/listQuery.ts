import type { SortPayload } from 'react-admin';
import { formatSort, parseSort } from '../../contract/sort';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../contract/constants';

/** A list's state as SPEC 2.5 keeps it in the query string: page, per_page, sort=+field|-field, each filter under its name. */
export interface ListState {
    page: number;
    perPage: number;
    sort: SortPayload;
    filter: Record<string, string>;
}

const RESERVED = new Set(['page', 'per_page', 'sort']);

const positive = (value: string | null) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Reads the state from a query string; what is missing comes from `defaults`. */
export const readListState = (
    search: string,
    defaults: { sort: SortPayload; perPage?: number; filter?: Record<string, string> },
): ListState & { explicit: { page: boolean; perPage: boolean } } => {
    const params = new URLSearchParams(search);
    const filter: Record<string, string> = {};
    for (const [key, value] of params) if (!RESERVED.has(key) && value !== '') filter[key] = value;
    const sort = parseSort(params.get('sort') ?? undefined);
    const page = positive(params.get('page'));
    const perPage = positive(params.get('per_page'));
    return {
        page: page ?? 1,
        perPage: perPage ?? defaults.perPage ?? DEFAULT_PAGE_SIZE,
        sort: sort ? { field: sort.field, order: sort.order } : defaults.sort,
        filter: Object.keys(filter).length || params.has('page') ? filter : { ...(defaults.filter ?? {}) },
        explicit: { page: page !== undefined, perPage: perPage !== undefined },
    };
};

const text = (value: unknown): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
};

/** Writes the state as a query string, filters first by name, then page, per_page and sort. */
export const writeListState = (state: { page: number; perPage: number; sort: SortPayload; filter: Record<string, unknown> }): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(state.filter)) {
        const t = text(value);
        if (t !== undefined && !RESERVED.has(key)) params.set(key, t);
    }
    params.set('page', String(state.page));
    params.set('per_page', String(state.perPage));
    if (state.sort.field) params.set('sort', formatSort(state.sort.field, state.sort.order === 'DESC' ? 'DESC' : 'ASC'));
    return `?${params.toString()}`;
};

/** SPEC 2.5: a page beyond the last goes back to page 1. */
export const isPastLastPage = (page: number, perPage: number, total: number | undefined) =>
    total !== undefined && page > 1 && page > Math.max(1, Math.ceil(total / perPage));

export const PAGE_SIZES: number[] = [...PAGE_SIZE_OPTIONS];

/**
 * The address react-admin itself writes for a list (filter=JSON&sort&order&page&perPage, e.g. when its
 * FilterButton applies a saved query), said with SPEC 2.5's names; undefined when the address is already ours.
 */
export const fromReactAdminSearch = (search: string): string | undefined => {
    const params = new URLSearchParams(search);
    if (!params.has('filter') && !params.has('perPage') && !params.has('order') && !params.has('displayedFilters')) return undefined;
    let filter: Record<string, unknown> = {};
    try {
        const parsed: unknown = JSON.parse(params.get('filter') ?? '{}');
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = parsed as Record<string, unknown>;
    } catch {
        // an address typed by hand: no filter
    }
    const field = params.get('sort');
    return writeListState({
        page: positive(params.get('page')) ?? 1,
        perPage: positive(params.get('perPage')) ?? DEFAULT_PAGE_SIZE,
        sort: { field: field ?? '', order: params.get('order') === 'DESC' ? 'DESC' : 'ASC' },
        filter,
    });
};

/** What a list remembers of its last state (SPEC 2.5 page and size; sort and filters as well, per user). */
export interface ListMemory {
    page: number;
    perPage: number;
    sort?: SortPayload;
    filter?: Record<string, string>;
}

/** Where the last page and size of a list are remembered: per user, path and account (SPEC 2.5). */
export const listMemoryKey = (userId: number | undefined, pathname: string, accountId: number | undefined) =>
    `listMemory.${userId ?? 0}.${accountId ?? 0}.${pathname}`;
