import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { OPT_OUT_CSV_COLUMNS, REFUSED_LISTED_MAX, type OptOutImportResult } from '../../../contract/cards';
import { PREDEFINED_CARD_FORMATS } from '../../../contract/card-formats';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { removeImages } from '../events/images';
import type { CardFormatRow } from '../card-formats/queries';
import { checkBadgeWith } from '../profiles/badges';
import { deleteProfilesIn, type DeletedProfile } from '../profiles/deletion';
import type { CheckedBadge } from '../profiles/queries';
import { clearOtherLists } from './rules';
import { holdersOf, insertListedMany } from './queries';

/** Lines checked and stored per transaction: memory stays flat whatever the file's length. */
const BATCH = 1000;
/** A line longer than this is not a badge; the parser stops instead of buffering it. */
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
 * Bad lines are refused with their reason; a file that cannot be read
 * further stops the import there, with what was done kept and said.
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
    };

    let wrongHeader = false;
    const parser = parse({
        bom: true,
        columns: (header: string[]) => {
            const names = header.map(h => h.trim().toLowerCase());
            const known = (OPT_OUT_CSV_COLUMNS as readonly string[]).filter(c => names.includes(c));
            wrongHeader = !names.includes('badge_number') || !names.includes('facility_code') || known.length !== names.length;
            return names;
        },
        skip_empty_lines: true,
        relax_column_count: true,
        trim: true,
        info: true,
        max_record_size: MAX_LINE,
    });
    file.on('error', error => parser.destroy(error));
    const lines = file.pipe(parser) as AsyncIterable<{ record: Record<string, string | undefined>; info: { lines: number } }>;
    try {
        for await (const { record, info } of lines) {
            if (wrongHeader) break;
            const line = info.lines;
            result.lines++;
            const checked = checkLine(record, byName, options);
            if (typeof checked === 'string') refuse(line, checked);
            else {
                batch.push(checked);
                if (batch.length >= BATCH) await flush();
            }
        }
    } catch (error) {
        if (!(error instanceof CsvError) || wrongHeader) throw wrongHeader ? new HttpError(400, CSV_HEADER_PROBLEM) : error;
        // What came before is kept; the reader is told where and why the file stopped making sense.
        await flush();
        refuse((error as CsvError & { lines?: number }).lines ?? result.lines + 1, `The file cannot be read from this line on: ${error.message}`);
        return result;
    }
    if (wrongHeader) throw new HttpError(400, CSV_HEADER_PROBLEM);
    await flush();
    if (result.lines === 0 && !result.refused.length) throw new HttpError(400, 'The file holds no badge: add one line per badge under the header.');
    return result;
};

/** A line as a badge of the list, or why not. */
const checkLine = (
    record: Record<string, string | undefined>,
    byName: Map<string, CardFormatRow>,
    options: Options,
): CheckedBadge | string => {
    const values = Object.values(record).filter((v): v is string => v !== undefined);
    if (values.some(v => v.includes('\uFFFD'))) return 'The line is not UTF-8 text.';
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
