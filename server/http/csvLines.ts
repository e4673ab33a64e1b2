import type { Readable } from 'node:stream';
import { parse as parseLine } from 'csv-parse/sync';
import { HttpError } from './errors';

/** Reading uploaded CSV files line by line (opt-out badges, enrollment invitations): memory stays flat whatever the file's length. */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's lines as they arrive, numbered from 1: the text (a byte-order
 * mark and a carriage return removed), null when the bytes are not UTF-8,
 * undefined when the line is longer than `max` bytes (it is skipped, not
 * kept). Splitting on the newline byte is safe in UTF-8, whose multi-byte
 * characters never contain it. The whole file is read, whatever its lines.
 */
export async function* csvLinesOf(file: Readable, max: number): AsyncGenerator<{ line: number; text: string | null | undefined }> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let overlong = false;
    let line = 0;
    const finish = (tail: Buffer) => {
        line++;
        if (overlong || pendingBytes + tail.length > max) return { line, text: undefined };
        let bytes = pending.length ? Buffer.concat([...pending, tail]) : tail;
        if (line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
        if (bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
        try {
            return { line, text: utf8.decode(bytes) };
        } catch {
            return { line, text: null };
        }
    };
    for await (const chunk of file as AsyncIterable<Buffer>) {
        let start = 0;
        for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
            yield finish(chunk.subarray(start, end));
            pending = [];
            pendingBytes = 0;
            overlong = false;
            start = end + 1;
        }
        const rest = chunk.subarray(start);
        if (overlong || pendingBytes + rest.length > max) {
            overlong = true;
            pending = [];
        } else if (rest.length) pending.push(rest);
        pendingBytes += rest.length;
    }
    if (pendingBytes > 0 || overlong) yield finish(Buffer.alloc(0));
}

/** One line's fields (quotes as CSV has them), or undefined when it is not valid CSV. */
export const csvFieldsOf = (text: string): string[] | undefined => {
    try {
        const [fields] = parseLine(text, { relax_column_count: true }) as string[][];
        return fields ?? [];
    } catch {
        return undefined;
    }
};

/**
 * The records of a CSV file with a header row, as they arrive: each data
 * line as {line, record} (fields by lower-case column name, trimmed), or
 * {line, problem} when the line cannot be read (too long, not UTF-8, not
 * CSV). Empty lines are skipped. A header that lacks a required column or
 * names an unknown one is a 400 `headerProblem` (the rest of the file is
 * read first, so the reply reaches the client); so is a file with no header.
 */
export async function* csvRecords(
    file: Readable,
    columns: { required: string[]; optional: string[] },
    headerProblem: string,
    maxLine: number,
): AsyncGenerator<{ line: number; record: Record<string, string | undefined> } | { line: number; problem: string }> {
    let header: string[] | undefined;
    for await (const { line, text } of csvLinesOf(file, maxLine)) {
        if (text === undefined) {
            yield { line, problem: `The line is longer than ${maxLine} bytes.` };
            continue;
        }
        if (text === null) {
            yield { line, problem: 'The line is not UTF-8 text.' };
            continue;
        }
        if (!text.trim()) continue;
        const fields = csvFieldsOf(text);
        if (!header) {
            header = fields?.map(h => h.trim().toLowerCase());
            const known = [...columns.required, ...columns.optional];
            if (!header || columns.required.some(c => !header!.includes(c)) || header.some(h => !known.includes(h))) {
                file.resume();
                throw new HttpError(400, headerProblem);
            }
            continue;
        }
        if (!fields) {
            yield { line, problem: 'The line is not valid CSV (a quote is not closed or is misplaced).' };
            continue;
        }
        yield { line, record: Object.fromEntries(header.map((name, i) => [name, fields[i]?.trim()])) };
    }
    if (!header) throw new HttpError(400, headerProblem);
}
