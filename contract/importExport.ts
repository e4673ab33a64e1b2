import { z } from 'zod';

/**
 * Import and export of an account's data (SPEC 3 "import/export" section,
 * 7.2, 8.3; docs/decisions.md "Import and export of an account's data"): platform_data.zip holds the account's card formats,
 * access groups, readers, device configuration, badge lists, profiles with
 * their badges and groups, and its settings, to be imported into another
 * account, here or on another platform.
 */
export const IMPORT_EXPORT_ACTIONS = ['export', 'import'] as const;
export type ImportExportAction = (typeof IMPORT_EXPORT_ACTIONS)[number];

/** POST /import_export/import answers text with the file id between these marks (SPEC 7.2). */
export const FILE_ID_MARK = '*|*';
export const fileIdOf = (text: string) => {
    const start = text.indexOf(FILE_ID_MARK);
    const end = start < 0 ? -1 : text.indexOf(FILE_ID_MARK, start + FILE_ID_MARK.length);
    return end < 0 ? undefined : text.slice(start + FILE_ID_MARK.length, end);
};

export const PLATFORM_DATA_FORMAT = 'access-console-account-data';
export const PLATFORM_DATA_VERSION = 1;
/** the largest platform_data.zip an import takes, and the most its files may unpack to */
export const PLATFORM_DATA_MAX_BYTES = 256 * 1024 * 1024;
export const PLATFORM_DATA_MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;

export const IMPORT_EXPORT_MESSAGES = {
    invalidAction: 'Invalid action',
    sendFile: 'Send the platform_data.zip file in the multipart field "file".',
    notOurs: 'This file is not a platform_data.zip of this product.',
    newerFormat: 'This file was written by a newer version of the platform: upgrade this server first.',
    tooLarge: `The file is larger than ${PLATFORM_DATA_MAX_BYTES / 1024 / 1024} MB.`,
    tooLargeUnpacked: 'The file unpacks to more than the platform takes: it is refused.',
    optionsNotAllowed: "Your role may not change the account's options: left as they are.",
    optionsFull: 'The account holds as many options as it may.',
} as const;

/** What an import did, kind by kind; each item it left out is listed with why. */
export const importReport = z.object({
    created: z.record(z.string(), z.number()),
    reused: z.record(z.string(), z.number()),
    skipped: z.array(z.object({ kind: z.string(), item: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReport>;
