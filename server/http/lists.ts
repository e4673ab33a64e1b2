import { and, asc, desc, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { parseSort } from '../../contract/api';
import { LIST_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../../contract/constants';
import { badRequest } from './errors';

/** page, per_page, sort and the scope keys every list takes (SPEC 2.5, 7.1); a list pickers read whole passes PICKER_PAGE_SIZE. */
export const listParams = (maxPerPage: number = LIST_MAX_PAGE_SIZE) => ({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(maxPerPage).default(DEFAULT_PAGE_SIZE),
    sort: z.string().max(100).optional(),
    q: z.string().max(200).optional(),
    account_id: z.coerce.number().int().min(0).optional(),
    cross_account: z.enum(['true', 'false']).optional(),
    /** comma-separated ids: react-admin's getMany */
    id: z
        .string()
        .regex(/^\d+(,\d+)*$/)
        .optional(),
});

export const idList = (value: string | undefined) => (value ? value.split(',').map(Number) : undefined);

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
