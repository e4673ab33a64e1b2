import { format, isValid } from 'date-fns';
import { DATE_FORMAT } from '../../contract/constants';

/**
 * SPEC 9: YYYY-MM-DD HH:mm:ss in local time; a year of 1970 (an unset time,
 * epoch 0) shows '-'. The UTC year counts too: west of Greenwich epoch 0 is
 * 1969-12-31 locally and must not show as a date.
 */
export const formatDate = (value: string | number | Date | null | undefined): string => {
    if (value === null || value === undefined || value === '') return '-';
    const date = value instanceof Date ? value : new Date(value);
    if (!isValid(date) || date.getFullYear() === 1970 || date.getUTCFullYear() === 1970) return '-';
    return format(date, DATE_FORMAT);
};

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
/** SPEC 9: bytes to TB, 2 decimals. */
export const formatFileSize = (bytes: number): string => {
    if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
    const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
    return `${(bytes / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
};

/** SPEC 9 relative time, in words that read naturally: 'less than an hour ago', '1 hour ago', 'N hours ago', '1 day ago', 'N days ago'. */
export const relativeTime = (value: string | number | Date, now: Date = new Date()): { key: string; count: number } => {
    const hours = Math.floor((now.getTime() - new Date(value).getTime()) / 3_600_000);
    if (hours < 1) return { key: 'time.lessThanHour', count: 0 };
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
