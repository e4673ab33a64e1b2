import { format, isValid } from 'date-fns';
import { DATE_FORMAT } from '../../contract/constants';

/** The console's language for dates, set by the i18n provider as it loads a language (src/i18n/index.ts). */
let dateLocale = 'en';
export const setDateLocale = (locale: string) => {
    dateLocale = locale;
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormatOf = (locale: string) => {
    let found = dateFormats.get(locale);
    if (!found) {
        found = new Intl.DateTimeFormat(locale, {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
        });
        dateFormats.set(locale, found);
    }
    return found;
};

/**
 * A date and time in local time as the reader's language writes it: SPEC 9's YYYY-MM-DD HH:mm:ss in English, the
 * language's own order elsewhere (28.11.2026, 18:03:03 in German; docs/decisions.md "Dates in the reader's
 * language"). A year of 1970 (an unset time, epoch 0) shows '-'; the UTC year counts too: west of Greenwich
 * epoch 0 is 1969-12-31 locally and must not show as a date.
 */
export const formatDate = (value: string | number | Date | null | undefined, locale: string = dateLocale): string => {
    if (value === null || value === undefined || value === '') return '-';
    const date = value instanceof Date ? value : new Date(value);
    if (!isValid(date) || date.getFullYear() === 1970 || date.getUTCFullYear() === 1970) return '-';
    return locale === 'en' ? format(date, DATE_FORMAT) : dateFormatOf(locale).format(date);
};

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
/** SPEC 9: bytes to TB, 2 decimals. */
export const formatFileSize = (bytes: number): string => {
    if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
    const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
    return `${(bytes / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
};

/**
 * How long ago, true to the second: 'N s ago' and 'N min ago' under an hour (where SPEC 9 said only 'less than an
 * hour ago'), then SPEC 9's '1 hour ago', 'N hours ago', 'N days ago'.
 */
export const relativeTime = (value: string | number | Date, now: Date = new Date()): { key: string; count: number } => {
    const seconds = Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / 1000));
    if (seconds < 60) return { key: 'time.seconds', count: seconds };
    if (seconds < 3600) return { key: 'time.minutes', count: Math.floor(seconds / 60) };
    const hours = Math.floor(seconds / 3600);
    if (hours < 24) return { key: hours === 1 ? 'time.oneHour' : 'time.hours', count: hours };
    return { key: 'time.days', count: Math.floor(hours / 24) };
};

/** The relative time in the user's language. */
export const formatRelativeTime = (
    translate: (key: string, options?: Record<string, unknown>) => string,
    value: string | number | Date,
    now?: Date,
): string => {
    const { key, count } = relativeTime(value, now);
    return translate(key, { smart_count: count });
};

/** A count in the console's language: 12,345 in English, 12 345 in French, 12.345 in German. */
export const formatNumber = (value: number, locale: string): string => new Intl.NumberFormat(locale).format(value);
