import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useRecordSelection, useStore, type ListControllerResult, type RaRecord, type SortPayload } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../session/useSession';
import {
    fromReactAdminSearch,
    isPastLastPage,
    listMemoryKey,
    readListState,
    writeListState,
    type ListMemory,
    type ListState,
} from './listQuery';

export interface QueryStringListOptions {
    resource: string;
    sort: SortPayload;
    perPage?: number;
    /** filters applied when the URL names none */
    filterDefaultValues?: Record<string, string>;
    /** filters always sent, never shown in the URL */
    permanentFilter?: Record<string, unknown>;
}

/**
 * A react-admin list controller whose state lives in the query string with
 * SPEC 2.5's names (react-admin's own filter=JSON&perPage&order is not used),
 * remembers the last page and size per user, path and account (and the sort and
 * filters, brought back when the list is opened with none in its address), and goes
 * back to page 1 when the page is past the end.
 */
export const useQueryStringList = <T extends RaRecord = RaRecord>(options: QueryStringListOptions): ListControllerResult<T> => {
    const { resource, permanentFilter } = options;
    const location = useLocation();
    const navigate = useNavigate();
    const session = useSession();
    const defaults = { sort: options.sort, perPage: options.perPage, filter: options.filterDefaultValues };
    const state = readListState(location.search, defaults);
    const memoryKey = listMemoryKey(session?.me.id, location.pathname, session?.currentAccountId);
    const [memory, setMemory] = useStore<ListMemory | undefined>(memoryKey, undefined);
    const remember = (next: ListState) => setMemory({ page: next.page, perPage: next.perPage, sort: next.sort, filter: next.filter });
    // react-admin's own address (its FilterButton applying a saved query) is said again in ours.
    const translated = fromReactAdminSearch(location.search);
    useEffect(() => {
        if (translated !== undefined) navigate({ pathname: location.pathname, search: translated }, { replace: true });
    }, [translated, navigate, location.pathname]);

    const go = useCallback(
        (next: ListState, replace = false) => navigate({ pathname: location.pathname, search: writeListState(next) }, { replace }),
        [navigate, location.pathname],
    );

    // No page or size in the URL: use the remembered ones, so the URL shows them; an address with nothing at
    // all (the menu's) gets the remembered sort and filters too, one with filters (a link) keeps its own.
    const restore = !state.explicit.page && !state.explicit.perPage && memory;
    const bare = new URLSearchParams(location.search).size === 0;
    useEffect(() => {
        if (restore) {
            go(
                {
                    ...state,
                    page: memory.page,
                    perPage: memory.perPage,
                    ...(bare && memory.sort ? { sort: memory.sort } : {}),
                    ...(bare && memory.filter ? { filter: memory.filter } : {}),
                },
                true,
            );
        }
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [restore]);
    const remembered = JSON.stringify([state.page, state.perPage, state.sort, state.filter]);
    useEffect(() => {
        if (
            session &&
            remembered !== JSON.stringify([memory?.page, memory?.perPage, memory?.sort, memory?.filter]) &&
            (state.explicit.page || state.explicit.perPage)
        ) {
            remember(state);
        }
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [session, remembered, state.explicit.page, state.explicit.perPage, memory]);

    const filter = useMemo(() => ({ ...state.filter, ...(permanentFilter ?? {}) }), [state.filter, permanentFilter]);
    const query = useGetList<T>(
        resource,
        { pagination: { page: state.page, perPage: state.perPage }, sort: state.sort, filter },
        { placeholderData: keepPreviousData, enabled: !!session && !restore && translated === undefined },
    );

    useEffect(() => {
        if (isPastLastPage(state.page, state.perPage, query.total)) go({ ...state, page: 1 }, true);
    });

    const [selectedIds, selection] = useRecordSelection<T>({ resource });
    const [shownFilters, setShownFilters] = useState<Record<string, boolean>>({});
    const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
    const displayedFilters = useMemo(
        () => ({ ...Object.fromEntries(Object.keys(state.filter).map(k => [k, true])), ...shownFilters }),
        [state.filter, shownFilters],
    );

    const setFilters = useCallback(
        (filters: Record<string, unknown>, displayed?: Record<string, boolean>, debounced = true) => {
            if (displayed) setShownFilters(displayed);
            clearTimeout(debounce.current);
            const apply = () => go({ ...state, page: 1, filter: filters as Record<string, string> });
            if (debounced) debounce.current = setTimeout(apply, 300);
            else apply();
        },
        [go, state],
    );

    return {
        resource,
        sort: state.sort,
        page: state.page,
        perPage: state.perPage,
        filterValues: state.filter,
        displayedFilters,
        data: query.data,
        total: query.total,
        error: query.error,
        isPending: query.isPending,
        isLoading: query.isLoading,
        isFetching: query.isFetching,
        isPlaceholderData: query.isPlaceholderData,
        hasNextPage: query.total !== undefined ? state.page * state.perPage < query.total : false,
        hasPreviousPage: state.page > 1,
        refetch: query.refetch,
        meta: query.meta,
        defaultTitle: undefined,
        exporter: false,
        selectedIds,
        onSelect: selection.select,
        onToggleItem: selection.toggle,
        onUnselectItems: selection.clearSelection,
        onSelectAll: () => selection.select((query.data ?? []).map(r => r.id)),
        // Remembered with the change itself, not after the next render: leaving at once keeps it too.
        setPage: (page: number) => {
            if (session) remember({ ...state, page });
            go({ ...state, page });
        },
        setPerPage: (perPage: number) => {
            if (session) remember({ ...state, page: 1, perPage });
            go({ ...state, page: 1, perPage });
        },
        setSort: (sort: SortPayload) => go({ ...state, page: 1, sort }),
        setFilters,
        showFilter: (name: string, defaultValue: unknown) => {
            setShownFilters(s => ({ ...s, [name]: true }));
            if (defaultValue !== undefined) go({ ...state, page: 1, filter: { ...state.filter, [name]: String(defaultValue) } });
        },
        hideFilter: (name: string) => {
            setShownFilters(s => ({ ...s, [name]: false }));
            const { [name]: _removed, ...rest } = state.filter;
            go({ ...state, page: 1, filter: rest });
        },
    } as ListControllerResult<T>;
};
