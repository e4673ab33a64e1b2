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

export const idParam = z.object({ id: z.coerce.number().int().positive() });
