import type { ReactNode } from 'react';
import { ListContextProvider, useList, type ListControllerResult, type RaRecord } from 'react-admin';

/** One page of a list the server pages, whose page the caller keeps (in its own query). */
export interface ServerPage {
    page: number;
    perPage: number;
    total: number;
    setPage: (page: number) => void;
    setPerPage: (perPage: number) => void;
}

/**
 * Rows a page already holds (an embedded reply) as a react-admin list, for Datagrid and Pagination to draw
 * (react-admin's useList). Without `paged` the rows are the whole list; with it, the page `paged` says.
 */
export const EmbeddedList = <T extends RaRecord>({ data, paged, children }: { data: T[]; paged?: ServerPage; children: ReactNode }) => {
    const list = useList<T>({ data });
    const value: ListControllerResult<T> = paged
        ? {
              ...list,
              isPending: false,
              error: null,
              data,
              total: paged.total,
              page: paged.page,
              perPage: paged.perPage,
              setPage: paged.setPage,
              setPerPage: paged.setPerPage,
              hasPreviousPage: paged.page > 1,
              hasNextPage: paged.page * paged.perPage < paged.total,
          }
        : list;
    return <ListContextProvider value={value}>{children}</ListContextProvider>;
};
