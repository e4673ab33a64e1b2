import { sql } from 'drizzle-orm';

/**
 * Arrays for PostgreSQL as one text parameter in array-literal syntax, cast
 * in the statement: a JavaScript array given as a parameter breaks PGlite
 * 0.5.16 for good (docs/decisions.md), and one parameter, unlike a list of
 * them, does not run into PostgreSQL's 65,535 per statement.
 */

/** '{1,2,3}': whole numbers only (others are truncated), so nothing in it needs quoting. */
export const numberArrayLiteral = (values: readonly number[] | undefined) =>
    `{${(values ?? []).map(v => Math.trunc(Number(v))).join(',')}}`;

export const intArray = (values: readonly number[]) => sql`${numberArrayLiteral(values)}::int[]`;
export const bigintArray = (values: readonly number[]) => sql`${numberArrayLiteral(values)}::bigint[]`;
export const boolArray = (values: readonly boolean[]) => sql`${`{${values.map(v => (v ? 't' : 'f')).join(',')}}`}::bool[]`;
/** '{"a","b\"c",NULL}': each text quoted, its quotes and backslashes escaped; null as NULL. */
export const textArrayLiteral = (values: readonly (string | null)[]) =>
    `{${values.map(v => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, c => `\\${c}`)}"`)).join(',')}}`;
export const textArray = (values: readonly string[]) => sql`${textArrayLiteral(values)}::text[]`;
