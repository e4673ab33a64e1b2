import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifyText } from 'csv-stringify/sync';

/**
 * The one CSV writer of every export. A cell a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is written as
 * text with a leading apostrophe (OWASP, CSV injection): users' names, reader
 * log lines and device descriptions come from people the reader of the file
 * does not control. Objects are written as JSON, booleans as true/false.
 */
export const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const safe = (options: Options): Options => ({
    ...options,
    cast: { string: neutralise, object: value => neutralise(JSON.stringify(value)), boolean: value => String(value), ...options.cast },
});

/** A CSV stream to pipe records into (large exports). */
export const csvStream = (options: Options = {}) => stringify(safe({ header: true, ...options }));

/** A CSV text of a few records. */
export const csvText = (records: readonly object[], options: Options = {}) =>
    stringifyText(records as Record<string, unknown>[], safe({ header: true, ...options }));
