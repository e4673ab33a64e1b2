import { z } from 'zod';
import { DEVICE_STATUSES } from './devices';
import { MESSAGES } from './validation';

/**
 * Readers of the ACS integration (SPEC 3 Reader, 7.2 /readers): a door as
 * the access-control system knows it, linked to the device (rock) that
 * serves it by the device's hardware_id.
 */
export const READER_DESCRIPTION_MAX = 255;
export const READER_MESSAGES = {
    /** SPEC 5 Reader */
    required: 'Reader is required',
} as const;

/** Body of POST /readers and PUT /readers/{id}; hardware_id null or '' unlinks, absent keeps the link on PUT. */
export const readerInput = z.object({
    description: z
        .string({ error: READER_MESSAGES.required })
        .trim()
        .min(1, { error: READER_MESSAGES.required })
        .max(READER_DESCRIPTION_MAX, { error: MESSAGES.max(READER_DESCRIPTION_MAX) }),
    hardware_id: z
        .string()
        .trim()
        .max(64, { error: MESSAGES.max(64) })
        .nullish(),
});
export type ReaderInput = z.infer<typeof readerInput>;

/** A reader as the API returns it, with the device it is linked to (null when none of its account has that hardware_id). */
export const readerRecord = z.object({
    id: z.number().int(),
    account_id: z.number().int(),
    description: z.string(),
    hardware_id: z.string().nullable(),
    device: z
        .object({ id: z.number().int(), description: z.string(), hardware_id: z.string(), status: z.enum(DEVICE_STATUSES) })
        .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
});
export type ReaderRecord = z.infer<typeof readerRecord>;
