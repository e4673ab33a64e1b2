import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from '../../contract/constants';

/** page, per_page and sort every list takes (SPEC 2.5; its account scope comes with config.scope); a list pickers read whole passes PICKER_PAGE_SIZE. */
export const listParams = (maxPerPage: number = LIST_MAX_PAGE_SIZE) => ({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(maxPerPage).default(DEFAULT_PAGE_SIZE),
    sort: z.string().max(100).optional(),
    q: z.string().max(200).optional(),
    /** comma-separated ids: react-admin's getMany */
    id: z
        .string()
        .regex(/^\d+(,\d+)*$/)
        .optional(),
});

export const idList = (value: string | undefined) => (value ? value.split(',').map(Number) : undefined);
