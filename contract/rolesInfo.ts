import { z } from 'zod';
import { ACTIONS, RESOURCES } from './rights';
import { ROLES } from './roles';

/** GET /roles: every role with its label, whether the caller may assign it, and its rights (SPEC 6). */
export const roleInfo = z.object({
    id: z.enum(ROLES),
    label: z.string(),
    rank: z.number().int(),
    assignable: z.boolean(),
    rights: z.record(z.enum(RESOURCES), z.array(z.enum(ACTIONS))),
});
export type RoleInfo = z.infer<typeof roleInfo>;
