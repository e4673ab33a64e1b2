import type { Readable } from 'node:stream';
import { OPT_OUT_CSV_COLUMNS, REFUSED_LISTED_MAX, type OptOutImportResult } from '../../../contract/cards';
import { PREDEFINED_CARD_FORMATS } from '../../../contract/card-formats';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { removeImages } from '../../storage/images';
import { csvRecords } from '../../http/csvLines';
import type { CardFormatRow } from '../card-formats';
import { checkBadgeWith } from '../profiles';
import { deleteProfilesIn, type DeletedProfile } from '../profiles';
import type { CheckedBadge } from '../profiles';
import { clearOtherLists } from './rules';
import { holdersOf, insertListedMany } from './queries';

/** Lines checked and stored per transaction: memory stays flat whatever the file's length. */
const BATCH = 1000;
/** A line longer than this is not a badge: it is refused, never buffered whole. */
const MAX_LINE = 4096;

export const CSV_HEADER_PROBLEM = `The first line must name the columns ${OPT_OUT_CSV_COLUMNS.slice(0, 2).join(' and ')}, and may name ${OPT_OUT_CSV_COLUMNS[2]}.`;

interface Options {
    accountId: number;
    /** the account's formats and the predefined ones, by id */
    formats: CardFormatRow[];
    /** the format of lines that name none */
    defaultFormat: CardFormatRow | undefined;
    createdBy: string | null;
    /** called with each batch's deleted profiles (for the audit trail) */
    onDeleted: (profiles: DeletedProfile[]) => Promise<void>;
}

const firstMessage = (error: unknown) =>
    error instanceof HttpError ? (Object.values(error.fields ?? {})[0] ?? error.message) : (error as Error).message;

/**
 * POST /opt_out/csv: each line a badge (badge_number, facility_code and an
 * optional card_format name; a header row). Lines are read as they arrive
 * and handled a thousand at a time: each batch adds its badges to the list,
 * deletes the profiles holding them (ProfileDeleted, cause opt_out) and
 * takes them out of the adaptive and exclusion lists, in one transaction.
 * Bad lines (not CSV, not UTF-8, too long, not a badge) are refused with
 * their reason and line number; the lines after them go on.
 */
export const importOptOutCsv = async (db: Db, storage: FileStorage, file: Readable, options: Options): Promise<OptOutImportResult> => {
    const byName = new Map<string, CardFormatRow>();
    for (const f of options.formats) {
        byName.set(f.name.trim().toLowerCase(), f);
        if (f.key) byName.set(f.key.toLowerCase(), f);
    }
    const result: OptOutImportResult = { lines: 0, added: 0, already: 0, profiles_deleted: 0, refused: [], refused_more: 0 };
    const refuse = (line: number, reason: string) => {
        if (result.refused.length < REFUSED_LISTED_MAX) result.refused.push({ line, reason });
        else result.refused_more++;
    };
    let batch: CheckedBadge[] = [];
    const flush = async () => {
        if (!batch.length) return;
        const keys = batch;
        batch = [];
        const { added, gone, files } = await db.transaction(async tx => {
            const added = await insertListedMany(tx, options.accountId, 'opt_out', keys, options.createdBy);
            await clearOtherLists(tx, options.accountId, keys);
            const { gone, files } = await deleteProfilesIn(tx, options.accountId, await holdersOf(tx, options.accountId, keys), 'opt_out');
            return { added, gone, files };
        });
        await removeImages(storage, files);
        result.added += added;
        result.already += keys.length - added;
        result.profiles_deleted += gone.length;
        if (gone.length) await options.onDeleted(gone);
        // Between batches the event loop serves others (heartbeats, lists): the rest of the file is in hand, so nothing else would yield.
        await new Promise(resolve => setImmediate(resolve));
    };

    for await (const row of csvRecords(
        file,
        { required: ['badge_number', 'facility_code'], optional: ['card_format'] },
        CSV_HEADER_PROBLEM,
        MAX_LINE,
    )) {
        result.lines++;
        const checked = 'problem' in row ? row.problem : checkLine(row.record, byName, options);
        if (typeof checked === 'string') refuse(row.line, checked);
        else {
            batch.push(checked);
            if (batch.length >= BATCH) await flush();
        }
    }
    await flush();
    if (result.lines === 0) throw new HttpError(400, 'The file holds no badge: add one line per badge under the header.');
    return result;
};

/** A line as a badge of the list, or why not. */
const checkLine = (
    record: Record<string, string | undefined>,
    byName: Map<string, CardFormatRow>,
    options: Options,
): CheckedBadge | string => {
    const number = record.badge_number ?? '';
    const facility = record.facility_code ?? '';
    if (!number) return 'Badge number is required';
    if (!/^\d{1,15}$/.test(number)) return 'Badge number must be a whole number';
    if (facility && !/^\d{1,15}$/.test(facility)) return 'Facility code must be a whole number';
    const formatName = record.card_format?.trim();
    const format = formatName ? byName.get(formatName.toLowerCase()) : options.defaultFormat;
    if (!format) return formatName ? `Unknown card format "${formatName.slice(0, 60)}"` : 'Card format is required';
    try {
        return checkBadgeWith(format, options.accountId, {
            badge_number: Number(number),
            facility_code: facility ? Number(facility) : null,
            card_format_id: format.id,
        });
    } catch (error) {
        return firstMessage(error);
    }
};

/** The format of lines without one: the one the request names, else the standard 26-bit. */
export const DEFAULT_OPT_OUT_FORMAT_KEY: keyof typeof PREDEFINED_CARD_FORMATS = 'h10301';
