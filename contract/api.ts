import { z } from 'zod';

/** Error reply of SPEC 3: {error, request_id}; validation errors add fields. */
export const errorReply = z.object({
    error: z.string(),
    request_id: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const listReply = <T extends z.ZodType>(item: T) => z.object({ result: z.array(item), count: z.number().int() });
export interface ListReply<T> {
    result: T[];
    count: number;
}

export { formatSort, parseSort } from './sort';

/** Query of a list call: page, per_page, sort; filters are the other keys. */
export const listQuery = (maxPerPage: number) =>
    z.object({
        page: z.coerce.number().int().min(1).default(1),
        per_page: z.coerce.number().int().min(1).max(maxPerPage).default(20),
        sort: z.string().max(100).optional(),
        q: z.string().max(200).optional(),
        account_id: z.coerce.number().int().min(0).optional(),
        cross_account: z.enum(['true', 'false']).optional(),
    });

export const idParam = z.object({ id: z.coerce.number().int().positive() });
