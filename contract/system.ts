import { z } from 'zod';

/**
 * GET /system/disk: room on the volume the server writes to that has the
 * least of it above its reserve (DISK_RESERVE_PERCENT). `low`: writes are
 * refused (507) until space is freed; `images_paused`: events are stored
 * without their images (SPEC 2.7 'full disk').
 */
export const diskStatus = z.object({
    low: z.boolean(),
    images_paused: z.boolean(),
    total_bytes: z.number(),
    free_bytes: z.number(),
    reserve_bytes: z.number(),
});
export type DiskStatus = z.infer<typeof diskStatus>;
