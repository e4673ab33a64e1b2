import type { ReactElement, ReactNode } from 'react';
import { ListContextProvider, ListView, Pagination, useResourceContext, type SortPayload } from 'react-admin';
import { LoadFailure } from '../components/LoadFailure';
import { PAGE_SIZES } from './listQuery';
import { useQueryStringList } from './useQueryStringList';

export interface AppListProps {
    children: ReactNode;
    sort: SortPayload;
    perPage?: number;
    filters?: ReactElement[];
    filterDefaultValues?: Record<string, string>;
    permanentFilter?: Record<string, unknown>;
    actions?: ReactElement | false;
    /** false: the list is part of a screen that names the page itself */
    title?: string | ReactElement | false;
    empty?: ReactElement | false;
    resource?: string;
    /** replaces the standard pagination (sizes 20/50/100/200), e.g. to word an estimated count */
    pagination?: ReactElement;
}

/**
 * Every list of the console: state in the query string (SPEC 2.5), page
 * sizes 20/50/100/200, the failure page with Refresh when loading fails.
 */
export const AppList = ({
    children,
    sort,
    perPage,
    filters,
    filterDefaultValues,
    permanentFilter,
    actions,
    title,
    empty,
    resource: resourceProp,
    pagination,
}: AppListProps) => {
    const resource = useResourceContext({ resource: resourceProp })!;
    const controller = useQueryStringList({ resource, sort, perPage, filterDefaultValues, permanentFilter });
    return (
        <ListContextProvider value={controller}>
            <ListView
                filters={filters}
                actions={actions}
                title={title}
                empty={empty}
                pagination={pagination ?? <Pagination rowsPerPageOptions={PAGE_SIZES} />}
            >
                {controller.error ? <LoadFailure onRefresh={() => void controller.refetch()} /> : children}
            </ListView>
        </ListContextProvider>
    );
};
