import { and, asc, desc, eq, ilike, inArray, like, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { parseSort } from '../../contract/api';
import { badRequest } from '../errors';
import { accounts } from './schema';

/** The SQL every list shares: order, page and count, filters (their query parameters are http/lists.ts). */

/**
 * ORDER BY for a list: the requested +field/-field among the sortable columns
 * (else the default), always followed by the id as a unique tie-breaker so
 * pages never overlap.
 */
export const orderBy = (
    sort: string | undefined,
    columns: Record<string, AnyColumn | SQL>,
    fallback: { field: string; order: 'ASC' | 'DESC' },
    id: AnyColumn,
): SQL[] => {
    const wanted = parseSort(sort) ?? fallback;
    // Own keys only: sort=__proto__ or sort=constructor must not reach the object's prototype.
    const column = Object.hasOwn(columns, wanted.field) ? columns[wanted.field] : undefined;
    if (!column) throw badRequest(`Cannot sort by "${wanted.field}"`);
    const direction = wanted.order === 'DESC' ? desc : asc;
    return [direction(column), direction(id)];
};

/** Runs a page and its count with the same filters. */
export const page = async <T>(
    query: PgSelect & { then: (resolve: (rows: T[]) => void) => void },
    count: Promise<{ n: number }[]>,
    params: { page: number; per_page: number },
): Promise<{ result: T[]; count: number }> => {
    const [result, counted] = await Promise.all([
        query.limit(params.per_page).offset((params.page - 1) * params.per_page) as unknown as Promise<T[]>,
        count,
    ]);
    return { result, count: counted[0]?.n ?? 0 };
};

export const countAll = sql<number>`count(*)::int`;
export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions.filter((c): c is SQL => !!c));
/** case-insensitive "contains" for the q filter; % and _ in the input are literal */
export const likeText = (q: string) => `%${q.replace(/[\\%_]/g, m => `\\${m}`)}%`;
/** A list's q filter: the rows where any of these columns contains q (likeText); no filter without q. */
export const textMatch = (q: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined =>
    q ? or(...columns.map(column => ilike(column, likeText(q)))) : undefined;

/** A query's reach: one account, or an account and those below it by path ('/' is every account: the admin). */
export type AccountScope = { accountId: number } | { pathPrefix: string };

/** The rows of the scope, by their account column; the sub-select keeps each table's (account_id, …) index in use. */
export const inAccountScope = (scope: AccountScope, column: AnyColumn | SQL): SQL | undefined => {
    if ('accountId' in scope) return sql`${column} = ${scope.accountId}`;
    if (scope.pathPrefix === '/') return undefined;
    return sql`${column} in (select ${accounts.id} from ${accounts} where ${like(accounts.path, `${scope.pathPrefix}%`)})`;
};

/** Which of these ids are rows of the account in a table of the account's rows: a request naming others is refused. */
export const idsOfAccount = async (
    db: Pick<Db, 'select'>,
    table: PgTable & { id: PgColumn; account_id: PgColumn },
    accountId: number,
    ids: number[],
): Promise<number[]> =>
    ids.length
        ? (
              await db
                  .select({ id: table.id })
                  .from(table as PgTable)
                  .where(and(eq(table.account_id, accountId), inArray(table.id, ids)))
          ).map(r => r.id as number)
        : [];
